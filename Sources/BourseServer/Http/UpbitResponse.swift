import BourseUpbit
import BourseWire
import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Builders of the responses every quotation route gives: JSON with `Remaining-Req`, errors in Upbit's
/// shape, and the 429 that §5.2 recommends.
enum UpbitResponse {
    static let remainingReq = HTTPField.Name("Remaining-Req")!
    static let limitByIP = HTTPField.Name("Limit-By-Ip")!

    /// `group=<name>; min=<int>; sec=<int>`.
    static func remainingReqValue(_ group: RateLimitGroup, _ decision: RateLimiter.Decision) -> String {
        "group=\(group.rawValue); min=\(decision.limit * 60); sec=\(decision.remaining)"
    }

    /// The message of a 413: a request body over `QuotationController.maximumBodyBytes`.
    static let tooLargeMessage = "The request body is larger than 1 MiB."

    /// Bodies smaller than this are sent as they are even to clients that accept gzip.
    static let minimumGzipBytes = 1_024

    /// A JSON response; gzip-compressed when `gzip` (the client accepts it) and the body is worth it.
    static func json(
        _ body: [UInt8], status: HTTPResponse.Status = .ok, group: RateLimitGroup, decision: RateLimiter.Decision,
        gzip: Bool = false
    ) -> Response {
        json(ByteBuffer(bytes: body), status: status, group: group, decision: decision, gzip: gzip)
    }

    /// A JSON response from bytes already in a buffer (a cached body is sent without a copy).
    static func json(
        _ body: ByteBuffer, status: HTTPResponse.Status = .ok, group: RateLimitGroup, decision: RateLimiter.Decision,
        gzip: Bool = false
    ) -> Response {
        var response = self.body(body, status: status, gzip: gzip)
        addRateLimitHeaders(to: &response, group: group, decision: decision)
        return response
    }

    /// `Remaining-Req` and `Limit-By-Ip`, which every answer of the API carries.
    static func addRateLimitHeaders(to response: inout Response, group: RateLimitGroup, decision: RateLimiter.Decision)
    {
        response.headers[remainingReq] = remainingReqValue(group, decision)
        response.headers[limitByIP] = "Yes"
    }

    /// A JSON response without the rate-limit headers (the route group's middleware adds them).
    static func body(_ body: [UInt8], status: HTTPResponse.Status = .ok, gzip: Bool = false) -> Response {
        self.body(ByteBuffer(bytes: body), status: status, gzip: gzip)
    }

    /// A JSON response from a buffer, gzip-compressed when `gzip` (the client accepts it) and worth it.
    static func body(_ body: ByteBuffer, status: HTTPResponse.Status = .ok, gzip: Bool = false) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json;charset=UTF-8"
        headers[.vary] = "Accept-Encoding"
        var buffer = body
        if gzip, body.readableBytes >= minimumGzipBytes,
            let compressed = try? buffer.compress(with: .gzip(), allocator: ByteBufferAllocator())
        {
            headers[.contentEncoding] = "gzip"
            return Response(status: status, headers: headers, body: .init(byteBuffer: compressed))
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: buffer))
    }

    /// Whether `request` accepts a gzip-encoded response (`Accept-Encoding: gzip`, not `gzip;q=0`).
    static func acceptsGzip(_ request: Request) -> Bool {
        guard let accepted = request.headers[.acceptEncoding]?.lowercased() else { return false }
        return accepted.split(separator: ",").contains { coding in
            let parts = coding.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.first == "gzip" || parts.first == "*" else { return false }
            return !parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "q=0" }
        }
    }

    static func error(_ error: QuotationError, group: RateLimitGroup, decision: RateLimiter.Decision) -> Response {
        json(
            QuotationJSON.error(status: error.status, message: error.message),
            status: HTTPResponse.Status(code: error.status), group: group, decision: decision)
    }

    /// 429 as plain text, so ccxt maps it to a retryable RateLimitExceeded and pyupbit recognises it.
    static func tooManyRequests(group: RateLimitGroup, decision: RateLimiter.Decision) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain;charset=UTF-8"
        headers[remainingReq] = remainingReqValue(
            group, RateLimiter.Decision(allowed: false, remaining: 0, limit: decision.limit))
        headers[.retryAfter] = "1"
        return Response(
            status: .tooManyRequests, headers: headers,
            body: .init(byteBuffer: ByteBuffer(string: "Too many API requests.")))
    }
}
