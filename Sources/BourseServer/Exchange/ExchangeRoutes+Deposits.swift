import BourseAuth
import BourseCore
import BourseStore
import BourseWire
import Hummingbird

// Deposits: the list, one deposit, and a KRW deposit through the running server.
extension ExchangeRoutes {
    func addDepositRoutes(to router: Router<BourseRequestContext>) {
        route(router, .get, "/v1/deposits", scope: .deposit) { key, parameters in
            let limit = try OrderListForm.integer(parameters, "limit", in: 1...100, fallback: 100)
            let page = try OrderListForm.integer(parameters, "page", in: 1...1_000_000, fallback: 1)
            let found = try await deposits(
                parameters, of: key.account, newestFirst: try OrderListForm.newestFirst(parameters), limit: limit,
                offset: (page - 1) * limit)
            return Answer(body: ExchangeJSON.deposits(found))
        }
        route(router, .get, "/v1/deposit", scope: .deposit) { key, parameters in
            guard
                parameters.first("uuid") != nil || parameters.first("txid") != nil
                    || parameters.first("currency") != nil
            else { throw ExchangeError.validation("uuid, txid or currency is required") }
            guard
                let deposit = try await deposits(parameters, of: key.account, newestFirst: true, limit: 1, offset: 0)
                    .first
            else { throw ExchangeError(status: 404, name: "deposit_not_found", message: "입금 내역을 찾지 못했습니다.") }
            return Answer(body: ExchangeJSON.deposit(deposit))
        }
        route(router, .post, "/v1/deposits/krw", scope: .deposit) { key, parameters in
            guard let text = parameters.first("amount"), !text.isEmpty else {
                throw ExchangeError.validation("amount is missing")
            }
            guard let amount: Funds = try OrderForm.amount(text, "amount"), amount.units > 0 else {
                throw ExchangeError.validation("amount does not have a valid value")
            }
            guard let factor = parameters.first("two_factor_type"), ["kakao", "naver", "hana"].contains(factor) else {
                throw ExchangeError.validation("two_factor_type does not have a valid value (kakao, naver or hana)")
            }
            let result = try await exchange.submit(.deposit(key.account, currency: "KRW", amount: amount))
            if case .rejected(let rejected) = result.events.first { throw ExchangeError(rejected.reason) }
            let deposit = ExchangeJSON.Deposit(
                sequence: result.entry.sequence, currency: "KRW", amount: amount, time: result.entry.time)
            return Answer(body: ExchangeJSON.deposit(deposit), status: .created)
        }
    }

    /// The deposits `parameters` select (`currency`, `uuids[]`/`uuid`, `txids[]`/`txid`).
    private func deposits(
        _ parameters: RequestParameters, of account: AccountID, newestFirst: Bool, limit: Int, offset: Int
    ) async throws -> [ExchangeJSON.Deposit] {
        let uuids = parameters.list("uuids") + parameters.list("uuid")
        let txids = (parameters.list("txids") + parameters.list("txid")).map {
            $0.replacingOccurrences(of: "bourse-", with: "")
        }
        let named = uuids + txids
        let ids = named.isEmpty ? nil : named.compactMap { OrderUUID.parseDeposit($0) }
        let currency = parameters.first("currency").flatMap { $0.isEmpty ? nil : $0.uppercased() }
        let records = try await store.deposits(
            of: account, currency: currency, ids: ids, newestFirst: newestFirst, limit: limit, offset: offset)
        return records.map {
            ExchangeJSON.Deposit(sequence: $0.id, currency: $0.currency, amount: $0.amount, time: $0.time)
        }
    }
}
