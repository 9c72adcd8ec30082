import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import HTTPTypes
import Hummingbird
import NIOCore

extension ExchangeRoutes {
    /// Registers `handler` for `method` and `path`: authentication with `scope`, the rate limit of `group`,
    /// parameters from the query and the body, and every failure answered in Upbit's error shape.
    ///
    /// Authentication comes before the limit, and the limit is then the key's own, as at Upbit: a request
    /// that proves no key counts against its address instead. So a flood of bad tokens from one address
    /// (or many clients behind one) never spends the budget of an account signing from the same place.
    func route(
        _ router: Router<BourseRequestContext>, _ method: HTTPRequest.Method, _ path: RouterPath,
        group: RateLimitGroup = .default, scope: APIScope?,
        _ handler: @escaping @Sendable (APIKey, RequestParameters) async throws -> Answer
    ) {
        router.on(path, method: method) { request, context in
            let now = clock()
            var decision: RateLimiter.Decision?
            func anonymous() -> RateLimiter.Decision {
                limiter.check(RateLimiter.addressClient(context.clientKey), group: group, at: now)
            }
            func failure(_ status: HTTPResponse.Status, _ name: String, _ message: String) -> Response {
                let counted = decision ?? anonymous()
                guard counted.allowed else { return UpbitResponse.tooManyRequests(group: group, decision: counted) }
                return UpbitResponse.json(
                    QuotationJSON.error(name: name, message: message), status: status, group: group, decision: counted)
            }
            do {
                var request = request
                let body = try await request.collectBody(upTo: QuotationRoutes.maximumBodyBytes)
                let payload = RequestPayload(
                    query: request.uri.query, body: body.readableBytes > 0 ? Array(body.readableBytesView) : nil,
                    contentType: request.headers[.contentType])
                let outcome = try await gate.authenticate(
                    authorization: request.headers[.authorization], payload: payload,
                    clientIP: context.remoteAddress?.ipAddress, scope: scope, now: now)
                let key = try outcome.mapError(UpbitError.init).get()
                let keyed = limiter.check(RateLimiter.keyClient(key.accessKey), group: group, at: now)
                decision = keyed
                guard keyed.allowed else { return UpbitResponse.tooManyRequests(group: group, decision: keyed) }
                let parameters = try RequestParameters(
                    query: payload.query, body: payload.body, contentType: payload.contentType)
                let answer = try await handler(key, parameters)
                return UpbitResponse.json(answer.body, status: answer.status, group: group, decision: keyed)
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
}
