import BourseCore
import BourseUpbit
import HTTPTypes
import Hummingbird
import NIOCore

/// The middleware of every quotation route group: the rate limit of the client's address in the group's
/// Upbit rate-limit group, `Remaining-Req` on the answer, and failures in the quotation API's error shape
/// (its status as the `name`, reference §5.1).
struct QuotationLimit: RouterMiddleware {
    typealias Context = BourseRequestContext
    let limiter: RateLimiter
    let group: RateLimitGroup
    let metrics: ServerMetrics
    let clock: @Sendable () -> Timestamp

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let decision = limiter.check(RateLimiter.addressClient(context.clientKey), group: group, at: clock())
        guard decision.allowed else {
            metrics.throttled(group: group.rawValue)
            return UpbitResponse.tooManyRequests(group: group, decision: decision)
        }
        var context = context
        context.rateLimit = RateLimitVerdict(group: group, decision: decision)
        do {
            var response = try await next(request, context)
            UpbitResponse.addRateLimitHeaders(to: &response, group: group, decision: decision)
            return response
        } catch let error as QuotationError {
            return UpbitResponse.error(error, group: group, decision: decision)
        } catch is NIOTooManyBytesError {
            return UpbitResponse.json(
                QuotationJSON.error(status: 413, message: UpbitResponse.tooLargeMessage), status: .contentTooLarge,
                group: group, decision: decision)
        } catch {
            context.logger.error("quotation request failed", metadata: ["error": "\(error)"])
            return UpbitResponse.json(
                QuotationJSON.error(status: 500, message: "Internal server error"), status: .internalServerError,
                group: group, decision: decision)
        }
    }
}
