import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import HTTPTypes
import Hummingbird

/// The exchange API (reference §3): accounts, keys and orders, each route behind Upbit's JWT
/// authentication (§4) with its scope. Every route acts only on the authenticated key's account.
struct ExchangeController: Sendable {
    let exchange: DurableExchange
    let gate: ExchangeGate
    let store: any Store
    let limiter: RateLimiter
    let clock: @Sendable () -> Timestamp
    /// What each account has been given through the KRW deposit route.
    let deposits = DepositAllowance()

    /// What a handler answers: a JSON body and its status.
    struct Answer: Sendable {
        var body: [UInt8]
        var status: HTTPResponse.Status = .ok
    }

    /// Adds every exchange route, each in a group guarded by ``ExchangeAuthentication`` with its scope and
    /// rate-limit group.
    func addRoutes(to router: Router<BourseRequestContext>) {
        addAccountRoutes(to: router)
        addOrderRoutes(to: router)
        addOrderListRoutes(to: router)
        addCancelRoutes(to: router)
        addDepositRoutes(to: router)
        addWithdrawalRoutes(to: router)
    }

    private func addAccountRoutes(to router: Router<BourseRequestContext>) {
        route(router, .get, "/v1/accounts", scope: .accounts) { key, _ in
            Answer(body: ExchangeJSON.accounts(exchange.withState { $0.exchange.ledger.balances(of: key.account) }))
        }
        route(router, .get, "/v1/orders/chance", scope: .ordersRead) { key, parameters in
            guard let text = parameters.first("market"), !text.isEmpty else {
                throw UpbitError.validation("market is missing")
            }
            let found = exchange.withState { state -> (Market, Balance, Balance)? in
                guard let code = MarketCode(text.uppercased()),
                    let market = state.exchange.markets.first(where: { $0.code == code })
                else { return nil }
                let ledger = state.exchange.ledger
                return (market, ledger.balance(of: key.account, code.quote), ledger.balance(of: key.account, code.base))
            }
            guard let (market, bid, ask) = found else {
                throw UpbitError.validation("market does not have a valid value")
            }
            return Answer(body: ExchangeJSON.chance(market, bid: bid, ask: ask))
        }
        route(router, .get, "/v1/api_keys", scope: nil) { key, _ in
            let keys = try await store.apiKeys(of: key.account)
            let now = clock()
            return Answer(
                body: ExchangeJSON.apiKeys(
                    keys.filter { $0.revokedAt == nil && ($0.expiresAt.map { $0 > now } ?? true) }
                        .map { ($0.accessKey, $0.expiresAt) }))
        }
    }
}

extension APIKey {
    /// The account the key acts for.
    var account: AccountID { AccountID(UInt64(accountID)) }
}
