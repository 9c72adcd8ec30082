import BourseAuth
import BourseCore
import BourseStore
import BourseWire
import HTTPTypes
import Hummingbird
import NIOCore

/// The exchange API (reference §3) that exists so far: `GET /v1/accounts`, `/v1/orders/chance` and
/// `/v1/api_keys`, each behind Upbit's JWT authentication (§4) with its scope.
struct ExchangeRoutes: Sendable {
    let exchange: DurableExchange
    let gate: ExchangeGate
    let store: any AccountStore
    let limiter: RateLimiter
    let clock: @Sendable () -> Timestamp

    func add(to router: Router<BourseRequestContext>) {
        route(router, "/v1/accounts", scope: .accounts) { key, _ in
            let account = AccountID(UInt64(key.accountID))
            return ExchangeJSON.accounts(exchange.withState { $0.exchange.ledger.balances(of: account) })
        }
        route(router, "/v1/orders/chance", scope: .ordersRead) { key, parameters in
            guard let text = parameters.first("market"), !text.isEmpty else {
                throw ExchangeError.validation("market is missing")
            }
            let account = AccountID(UInt64(key.accountID))
            let found = exchange.withState { state -> (Market, Balance, Balance)? in
                guard let code = MarketCode(text.uppercased()),
                    let market = state.exchange.markets.first(where: { $0.code == code })
                else { return nil }
                let ledger = state.exchange.ledger
                return (market, ledger.balance(of: account, code.quote), ledger.balance(of: account, code.base))
            }
            guard let (market, bid, ask) = found else {
                throw ExchangeError.validation("market does not have a valid value")
            }
            return ExchangeJSON.chance(market, bid: bid, ask: ask)
        }
        route(router, "/v1/api_keys", scope: nil) { key, _ in
            let keys = try await store.apiKeys(of: AccountID(UInt64(key.accountID)))
            let now = clock()
            return ExchangeJSON.apiKeys(
                keys.filter { $0.revokedAt == nil && ($0.expiresAt.map { $0 > now } ?? true) }
                    .map { ($0.accessKey, $0.expiresAt) })
        }
    }

    private func route(
        _ router: Router<BourseRequestContext>, _ path: RouterPath, scope: APIScope?,
        _ handler: @escaping @Sendable (APIKey, RequestParameters) async throws -> [UInt8]
    ) {
        router.get(path) { request, context in
            let now = clock()
            let decision = limiter.check(context.clientKey, group: .default, at: now)
            guard decision.allowed else { return UpbitResponse.tooManyRequests(group: .default, decision: decision) }
            do {
                var request = request
                let body = try await request.collectBody(upTo: QuotationRoutes.maximumBodyBytes)
                let payload = RequestPayload(
                    query: request.uri.query, body: body.readableBytes > 0 ? Array(body.readableBytesView) : nil,
                    contentType: request.headers[.contentType])
                let outcome = try await gate.authenticate(
                    authorization: request.headers[.authorization], payload: payload,
                    clientIP: context.remoteAddress?.ipAddress, scope: scope, now: now)
                let key = try outcome.mapError(ExchangeError.init).get()
                let parameters = try RequestParameters(
                    query: payload.query, body: payload.body, contentType: payload.contentType)
                return UpbitResponse.json(try await handler(key, parameters), group: .default, decision: decision)
            } catch let error as ExchangeError {
                return UpbitResponse.json(
                    QuotationJSON.error(name: error.name, message: error.message),
                    status: HTTPResponse.Status(code: error.status), group: .default, decision: decision)
            } catch is NIOTooManyBytesError {
                return UpbitResponse.json(
                    QuotationJSON.error(name: "request_too_large", message: UpbitResponse.tooLargeMessage),
                    status: .contentTooLarge, group: .default, decision: decision)
            } catch is QuotationError {
                return UpbitResponse.json(
                    QuotationJSON.error(name: "validation_error", message: "the parameters could not be read"),
                    status: .badRequest, group: .default, decision: decision)
            } catch {
                context.logger.error("exchange request failed", metadata: ["error": "\(error)"])
                return UpbitResponse.json(
                    QuotationJSON.error(name: "server_error", message: "Internal server error"),
                    status: .internalServerError, group: .default, decision: decision)
            }
        }
    }
}
