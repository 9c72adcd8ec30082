import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import HTTPTypes
import Hummingbird
import NIOCore

/// The authenticated key and the parameters of one exchange request, as ``ExchangeAuthentication`` found
/// them.
struct ExchangeCall: Sendable {
    /// The key the request proved it holds.
    var key: APIKey
    /// Its parameters, from the query and the body (every one of them covered by the token's `query_hash`).
    var parameters: RequestParameters
}

/// The middleware of every exchange route group: authentication with the group's scope (a signed token, or
/// the web client's session cookie with its CSRF header), then the rate
/// limit of the key (Upbit limits the exchange API per key), parameters from the query and the body, and
/// every failure answered in Upbit's error shape with `Remaining-Req`.
///
/// Authentication comes before the limit: a request that proves no key counts against its address instead,
/// so a flood of bad tokens from one address never spends the budget of an account signing from there.
struct ExchangeAuthentication: RouterMiddleware {
    typealias Context = BourseRequestContext
    let gate: ExchangeGate
    /// The web client's sign-in sessions, which act instead of a signed token (``ExchangeSessions``).
    let sessions: ExchangeSessions
    let limiter: RateLimiter
    let scope: APIScope?
    let group: RateLimitGroup
    let clock: @Sendable () -> Timestamp

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let now = clock()
        var context = context
        func failure(_ status: HTTPResponse.Status, _ name: String, _ message: String) -> Response {
            let counted =
                context.rateLimit?.decision
                ?? limiter.check(RateLimiter.addressClient(context.clientKey), group: group, at: now)
            guard counted.allowed else { return UpbitResponse.tooManyRequests(group: group, decision: counted) }
            return UpbitResponse.json(
                QuotationJSON.error(name: name, message: message), status: status, group: group, decision: counted)
        }
        do {
            var request = request
            let body = try await request.collectBody(upTo: QuotationController.maximumBodyBytes)
            let payload = RequestPayload(
                query: request.uri.query, body: body.readableBytes > 0 ? Array(body.readableBytesView) : nil,
                contentType: request.headers[.contentType])
            let key: APIKey
            if let session = try await sessions.key(of: request, scope: scope, now: now) {
                key = session
            } else {
                let outcome = try await gate.authenticate(
                    authorization: request.headers[.authorization], payload: payload,
                    clientIP: context.remoteAddress?.ipAddress, scope: scope, now: now)
                key = try outcome.mapError(UpbitError.init).get()
            }
            let decision = limiter.check(RateLimiter.keyClient(key.accessKey), group: group, at: now)
            context.rateLimit = RateLimitVerdict(group: group, decision: decision)
            guard decision.allowed else { return UpbitResponse.tooManyRequests(group: group, decision: decision) }
            let parameters = try RequestParameters(
                query: payload.query, body: payload.body, contentType: payload.contentType)
            context.exchangeCall = ExchangeCall(key: key, parameters: parameters)
            var response = try await next(request, context)
            UpbitResponse.addRateLimitHeaders(to: &response, group: group, decision: decision)
            // A browser's private data is not kept in its cache (or a shared one).
            if key.accessKey.hasPrefix(ExchangeSessions.accessKeyPrefix) {
                response.headers[.cacheControl] = "no-store"
            }
            return response
        } catch let error as UpbitError {
            return failure(HTTPResponse.Status(code: error.status), error.name, error.message)
        } catch is NIOTooManyBytesError {
            return failure(.contentTooLarge, "request_too_large", UpbitResponse.tooLargeMessage)
        } catch is QuotationError {
            return failure(.badRequest, "validation_error", "the parameters could not be read")
        } catch let error as DurableExchangeError {
            context.logger.error("exchange refused a command", metadata: ["error": "\(error)"])
            return failure(.serviceUnavailable, "server_error", "The exchange is not accepting orders right now.")
        } catch {
            context.logger.error("exchange request failed", metadata: ["error": "\(error)"])
            return failure(.internalServerError, "server_error", "Internal server error")
        }
    }
}
