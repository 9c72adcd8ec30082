import BourseWire
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

    static func json(
        _ body: [UInt8], status: HTTPResponse.Status = .ok, group: RateLimitGroup, decision: RateLimiter.Decision
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json;charset=UTF-8"
        headers[remainingReq] = remainingReqValue(group, decision)
        headers[limitByIP] = "Yes"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
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
