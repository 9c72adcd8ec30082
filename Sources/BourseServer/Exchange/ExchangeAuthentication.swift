import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import HTTPTypes
import Hummingbird
import Logging
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
            Self.finish(&response, key: key, group: group, decision: decision)
            return response
        } catch {
            return Self.refusal(error, group: group, logger: context.logger) {
                context.rateLimit?.decision
                    ?? limiter.check(RateLimiter.addressClient(context.clientKey), group: group, at: now)
            }.response
        }
    }

    /// What every accepted request's answer carries: the rate-limit headers, and `no-store` for a browser's.
    static func finish(
        _ response: inout Response, key: APIKey, group: RateLimitGroup, decision: RateLimiter.Decision
    ) {
        finish(&response.headers, key: key, group: group, decision: decision)
    }

    /// ``finish(_:key:group:decision:)`` on a reply's headers.
    static func finish(_ headers: inout HTTPFields, key: APIKey, group: RateLimitGroup, decision: RateLimiter.Decision)
    {
        UpbitResponse.addRateLimitHeaders(to: &headers, group: group, decision: decision)
        // A browser's private data is not kept in its cache (or a shared one).
        if key.accessKey.hasPrefix(ExchangeSessions.accessKeyPrefix) { headers[.cacheControl] = "no-store" }
    }

    /// Upbit's answer to a request refused with `error`, counted in `counted` (the key's verdict once it
    /// was proven, else the client address's); past that limit, the 429.
    static func refusal(
        _ error: any Error, group: RateLimitGroup, logger: Logger, counted: () -> RateLimiter.Decision
    ) -> UpbitReply {
        let status: HTTPResponse.Status
        let name: String
        let message: String
        switch error {
        case let error as UpbitError:
            (status, name, message) = (HTTPResponse.Status(code: error.status), error.name, error.message)
        case is NIOTooManyBytesError:
            (status, name, message) = (.contentTooLarge, "request_too_large", UpbitResponse.tooLargeMessage)
        case is QuotationError:
            (status, name, message) = (.badRequest, "validation_error", "the parameters could not be read")
        case let error as DurableExchangeError:
            logger.error("exchange refused a command", metadata: ["error": "\(error)"])
            (status, name, message) = (
                .serviceUnavailable, "server_error", "The exchange is not accepting orders right now."
            )
        default:
            logger.error("exchange request failed", metadata: ["error": "\(error)"])
            (status, name, message) = (.internalServerError, "server_error", "Internal server error")
        }
        let decision = counted()
        guard decision.allowed else { return UpbitResponse.tooManyRequestsReply(group: group, decision: decision) }
        return UpbitResponse.jsonReply(
            ByteBuffer(bytes: QuotationJSON.error(name: name, message: message)), status: status, group: group,
            decision: decision)
    }
}
