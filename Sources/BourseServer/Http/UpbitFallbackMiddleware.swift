import BourseUpbit
import BourseWire
import HTTPTypes
import Hummingbird

/// Counts and times every request, and turns what the routes did not answer (an unknown path, a wrong
/// method) into Upbit's JSON error with `Remaining-Req`, so even a mistyped URL gets the API's own shape.
/// A known path asked with a method it does not answer is `405` with `Allow` (see ``AllowedMethods``).
struct UpbitFallbackMiddleware: RouterMiddleware {
    typealias Context = BourseRequestContext
    let metrics: ServerMetrics
    let allowed: AllowedMethods

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            var status = error.status
            let methods = status == .notFound ? allowed.methods(forPath: request.uri.path) : nil
            if let methods, !methods.contains(request.method) { status = .methodNotAllowed }
            response = UpbitResponse.json(
                QuotationJSON.error(
                    status: status.code, message: status == .notFound ? "Not found" : status.reasonPhrase),
                status: status, group: .default,
                decision: RateLimiter.Decision(allowed: true, remaining: 0, limit: 0))
            if status == .methodNotAllowed, let methods {
                response.headers[.allow] = methods.map(\.rawValue).joined(separator: ", ")
            }
        }
        if response.headers[UpbitResponse.remainingReq] == nil {
            response.headers[UpbitResponse.remainingReq] = "group=default; min=1800; sec=29"
        }
        metrics.requests.increment()
        if response.status.code >= 400 { metrics.failedRequests.increment() }
        metrics.requestDuration.record(ContinuousClock.now - start)
        return response
    }
}
