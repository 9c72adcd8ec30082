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
        jsonReply(body, status: status, group: group, decision: decision, gzip: gzip).response
    }

    /// ``json(_:status:group:decision:gzip:)-(ByteBuffer,_,_,_,_)`` with its body at hand.
    static func jsonReply(
        _ body: ByteBuffer, status: HTTPResponse.Status = .ok, group: RateLimitGroup, decision: RateLimiter.Decision,
        gzip: Bool = false
    ) -> UpbitReply {
        var reply = self.reply(body, status: status, gzip: gzip)
        addRateLimitHeaders(to: &reply.headers, group: group, decision: decision)
        return reply
    }

    /// `Remaining-Req` and `Limit-By-Ip`, which every answer of the API carries.
    static func addRateLimitHeaders(to response: inout Response, group: RateLimitGroup, decision: RateLimiter.Decision)
    {
        addRateLimitHeaders(to: &response.headers, group: group, decision: decision)
    }

    /// `Remaining-Req` and `Limit-By-Ip` in `headers`.
    static func addRateLimitHeaders(
        to headers: inout HTTPFields, group: RateLimitGroup, decision: RateLimiter.Decision
    ) {
        headers[remainingReq] = remainingReqValue(group, decision)
        headers[limitByIP] = "Yes"
    }

    /// A JSON response without the rate-limit headers (the route group's middleware adds them).
    static func body(_ body: [UInt8], status: HTTPResponse.Status = .ok, gzip: Bool = false) -> Response {
        reply(ByteBuffer(bytes: body), status: status, gzip: gzip).response
    }

    /// A JSON response from a buffer, gzip-compressed when `gzip` (the client accepts it) and worth it.
    static func body(_ body: ByteBuffer, status: HTTPResponse.Status = .ok, gzip: Bool = false) -> Response {
        reply(body, status: status, gzip: gzip).response
    }

    /// ``body(_:status:gzip:)-(ByteBuffer,_,_)`` with its body at hand; compressed through `compressor` (which
    /// remembers recent bodies) when given.
    static func reply(
        _ body: ByteBuffer, status: HTTPResponse.Status = .ok, gzip: Bool = false, compressor: CompressedBodies? = nil
    ) -> UpbitReply {
        var headers = HTTPFields()
        headers[.contentType] = "application/json;charset=UTF-8"
        headers[.vary] = "Accept-Encoding"
        if gzip, body.readableBytes >= minimumGzipBytes, let compressed = compressed(body, compressor) {
            headers[.contentEncoding] = "gzip"
            return UpbitReply(status: status, headers: headers, body: compressed)
        }
        return UpbitReply(status: status, headers: headers, body: body)
    }

    /// `body` gzip-compressed (through `compressor`, which remembers recent bodies, when given); nil if
    /// compression failed.
    private static func compressed(_ body: ByteBuffer, _ compressor: CompressedBodies?) -> ByteBuffer? {
        if let compressor { return compressor.compressed(body) }
        var buffer = body
        return try? buffer.compress(with: .gzip(), allocator: ByteBufferAllocator())
    }

    /// Whether `request` accepts a gzip-encoded response (`Accept-Encoding: gzip`, not `gzip;q=0`).
    static func acceptsGzip(_ request: Request) -> Bool {
        acceptsGzip(acceptEncoding: request.headers[.acceptEncoding])
    }

    /// Whether an `Accept-Encoding` of `value` accepts gzip.
    static func acceptsGzip(acceptEncoding value: String?) -> Bool {
        guard let accepted = value?.lowercased() else { return false }
        return accepted.split(separator: ",").contains { coding in
            let parts = coding.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.first == "gzip" || parts.first == "*" else { return false }
            return !parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "q=0" }
        }
    }

    static func error(_ error: QuotationError, group: RateLimitGroup, decision: RateLimiter.Decision) -> Response {
        errorReply(error, group: group, decision: decision).response
    }

    /// ``error(_:group:decision:)`` with its body at hand.
    static func errorReply(
        _ error: QuotationError, group: RateLimitGroup, decision: RateLimiter.Decision
    )
        -> UpbitReply
    {
        jsonReply(
            ByteBuffer(bytes: QuotationJSON.error(status: error.status, message: error.message)),
            status: HTTPResponse.Status(code: error.status), group: group, decision: decision)
    }

    /// 429 as plain text, so ccxt maps it to a retryable RateLimitExceeded and pyupbit recognises it.
    static func tooManyRequests(group: RateLimitGroup, decision: RateLimiter.Decision) -> Response {
        tooManyRequestsReply(group: group, decision: decision).response
    }

    /// ``tooManyRequests(group:decision:)`` with its body at hand.
    static func tooManyRequestsReply(group: RateLimitGroup, decision: RateLimiter.Decision) -> UpbitReply {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain;charset=UTF-8"
        headers[remainingReq] = remainingReqValue(
            group, RateLimiter.Decision(allowed: false, remaining: 0, limit: decision.limit))
        headers[.retryAfter] = "1"
        return UpbitReply(
            status: .tooManyRequests, headers: headers, body: ByteBuffer(string: "Too many API requests."))
    }
}

/// A response whose body is already bytes: what the builders above make, turned into Hummingbird's
/// ``Response`` for the routes or written by the event loop's lane (``HTTPLane``) itself.
struct UpbitReply: Sendable {
    let status: HTTPResponse.Status
    /// In the order they are sent. `Content-Length` is added as it is made, where Hummingbird's `Response`
    /// puts it, so both ways of sending give the same bytes.
    var headers: HTTPFields
    let body: ByteBuffer

    init(status: HTTPResponse.Status, headers: HTTPFields, body: ByteBuffer) {
        self.status = status
        self.headers = headers
        self.body = body
        if !self.headers.contains(.contentLength) { self.headers[.contentLength] = String(body.readableBytes) }
    }

    var response: Response { Response(status: status, headers: headers, body: .init(byteBuffer: body)) }
}
