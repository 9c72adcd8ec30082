import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import Hummingbird

// Deposits: the list, one deposit, a KRW deposit through the running server, and coin deposit addresses on
// the simulated chains.
extension ExchangeController {
    func addDepositRoutes(to router: Router<BourseRequestContext>) {
        route(router, .get, "/v1/deposits", scope: .deposit) { key, parameters in
            Answer(body: ExchangeJSON.transfers(try await transfers(.deposit, parameters, of: key.account)))
        }
        route(router, .get, "/v1/deposit", scope: .deposit) { key, parameters in
            let found = try await transfer(.deposit, parameters, of: key.account)
            guard let deposit = found else {
                throw UpbitError(status: 404, name: "deposit_not_found", message: "입금 내역을 찾지 못했습니다.")
            }
            return Answer(body: ExchangeJSON.transfer(deposit))
        }
        route(router, .post, "/v1/deposits/krw", scope: .deposit) { key, parameters in
            let amount = try Self.positiveAmount(parameters)
            try Self.requireTwoFactor(parameters, required: true)
            guard amount.units % fixedPointScale == 0 else {
                throw UpbitError.validation("amount must be a whole number of won")
            }
            switch try await deposits.begin(key.account, amount: amount, store: store) {
            case .allowed: break
            case .overLimit: throw Self.overDepositLimit
            case .busy:
                throw UpbitError(
                    status: 429, name: "too_many_requests",
                    message: "입금 처리 중입니다. (another deposit of this account is running)")
            }
            var credited = Funds.zero
            defer { deposits.finish(key.account, deposited: credited) }
            let result = try await exchange.submit(.deposit(key.account, currency: "KRW", amount: amount))
            if case .rejected = result.events.first {
                // Only a full ledger refuses a positive deposit: no account's fault, and said so.
                throw UpbitError(
                    status: 503, name: "deposit_unavailable",
                    message: "입금할 수 없습니다. (the exchange holds as much KRW as it can count)")
            }
            credited = amount
            guard let record = TransferRecord.transfers(of: result).first else {
                throw UpbitError(status: 500, name: "server_error", message: "The deposit made no record.")
            }
            return Answer(body: ExchangeJSON.transfer(record), status: .created)
        }
        route(router, .get, "/v1/deposits/chance/coin", scope: .deposit) { _, parameters in
            Answer(body: ExchangeJSON.depositChance(try chain(parameters, requireNetType: true)))
        }
        route(router, .post, "/v1/deposits/generate_coin_address", scope: .deposit) { key, parameters in
            let network = try chain(parameters, requireNetType: false)
            guard network.canDeposit else { throw Self.walletClosed(network) }
            if let made = try await depositAddress(of: key.account, network) {
                return Answer(body: ExchangeJSON.depositAddress(made), status: .created)
            }
            // Like Upbit, the first call starts making the address and says so; the address is there for the
            // next call (ccxt raises AddressPending on the message and calls again).
            let address = WalletAddress(
                kind: .deposit, account: key.account, currency: network.currency, network: network.netType,
                address: ChainAddress.make(for: key.account, network),
                memo: ChainAddress.memo(for: key.account, network),
                createdAt: clock())
            try await store.save(address)
            return Answer(body: ExchangeJSON.addressPending(currency: network.currency), status: .created)
        }
        route(router, .get, "/v1/deposits/coin_addresses", scope: .deposit) { key, _ in
            Answer(body: ExchangeJSON.depositAddresses(try await store.addresses(of: key.account, kind: .deposit)))
        }
        route(router, .get, "/v1/deposits/coin_address", scope: .deposit) { key, parameters in
            let network = try chain(parameters, requireNetType: true)
            guard let made = try await depositAddress(of: key.account, network) else {
                throw UpbitError(
                    status: 404, name: "coin_address_not_found", message: "입금주소를 찾지 못했습니다. 먼저 생성해주세요.")
            }
            return Answer(body: ExchangeJSON.depositAddress(made))
        }
    }

    /// The deposit address made for `account` on `network`, if any.
    private func depositAddress(of account: AccountID, _ network: ChainNetwork) async throws -> WalletAddress? {
        try await store.addresses(of: account, kind: .deposit).first {
            $0.currency == network.currency && $0.network == network.netType
        }
    }

    /// The transfers of `kind` that `parameters` select: `currency`, `state`/`states[]`, `uuids[]`,
    /// `txids[]`, `limit` (≤ 100), `page`, `order_by`.
    func transfers(
        _ kind: TransferRecord.Kind, _ parameters: RequestParameters, of account: AccountID
    ) async throws -> [TransferRecord] {
        let limit = try OrderListForm.integer(parameters, "limit", in: 1...100, fallback: 100)
        let page = try OrderListForm.integer(parameters, "page", in: 1...1_000_000, fallback: 1)
        var query = try Self.query(kind, parameters, of: account)
        query.newestFirst = try OrderListForm.newestFirst(parameters)
        query.limit = limit
        query.offset = (page - 1) * limit
        return try await store.transfers(query)
    }

    /// The newest transfer of `kind` that `parameters` name by `uuid`, `txid` or `currency` (one is required).
    func transfer(
        _ kind: TransferRecord.Kind, _ parameters: RequestParameters, of account: AccountID
    ) async throws -> TransferRecord? {
        guard
            parameters.first("uuid") != nil || parameters.first("txid") != nil || parameters.first("currency") != nil
        else { throw UpbitError.validation("uuid, txid or currency is required") }
        var query = try Self.query(kind, parameters, of: account)
        query.limit = 1
        return try await store.transfers(query).first
    }

    private static func query(
        _ kind: TransferRecord.Kind, _ parameters: RequestParameters, of account: AccountID
    ) throws -> TransferQuery {
        let uuids = parameters.list("uuids") + parameters.list("uuid")
        let txids = parameters.list("txids") + parameters.list("txid")
        var ids = uuids.map { uuid in
            // 0 names no record: an unknown uuid finds nothing.
            (kind == .deposit ? OrderUUID.parseDeposit(uuid) : OrderUUID.parseWithdrawal(uuid)?.rawValue) ?? 0
        }
        var chainTxids: [String] = []
        for txid in txids {
            // A deposit credited at once spells its txid from its uuid.
            if kind == .deposit, txid.hasPrefix("bourse-") {
                ids.append(OrderUUID.parseDeposit(txid.dropFirst("bourse-".count)) ?? 0)
            } else {
                chainTxids.append(txid)
            }
        }
        let states = (parameters.list("states") + parameters.list("state")).map { $0.uppercased() }
        let currency = parameters.first("currency").flatMap { $0.isEmpty ? nil : $0.uppercased() }
        return TransferQuery(
            kind: kind, account: account, currency: currency, ids: ids.isEmpty ? nil : ids,
            txids: chainTxids.isEmpty ? nil : chainTxids, states: states.isEmpty ? nil : states)
    }

    /// A deposit past ``DepositAllowance/lifetime``.
    static let overDepositLimit = UpbitError(
        status: 400, name: "over_deposit_limit",
        message: "입금 한도를 초과했습니다. (an account is given at most 1,000,000,000 KRW by deposits in all)")

    /// `amount`, required and positive.
    static func positiveAmount(_ parameters: RequestParameters) throws -> Funds {
        guard let text = parameters.first("amount"), !text.isEmpty else {
            throw UpbitError.validation("amount is missing")
        }
        guard let amount: Funds = try OrderForm.amount(text, "amount"), amount.units > 0 else {
            throw UpbitError.validation("amount does not have a valid value")
        }
        return amount
    }

    /// `two_factor_type` of KRW deposits and withdrawals: Upbit requires one and so do KRW deposits here. There is
    /// no second factor to run, and pyupbit's `withdraw_cash` never sends one, so a KRW withdrawal may leave it
    /// out (`required: false`); a given one must always be valid.
    static func requireTwoFactor(_ parameters: RequestParameters, required: Bool) throws {
        guard let factor = parameters.first("two_factor_type") else {
            if required { throw UpbitError.validation("two_factor_type is missing") }
            return
        }
        guard ["kakao", "naver", "hana"].contains(factor) else {
            throw UpbitError.validation("two_factor_type does not have a valid value (kakao, naver or hana)")
        }
    }

    /// The chain `currency` and `net_type` name (`net_type` may default to the currency's first network);
    /// the currency must be one the exchange lists.
    func chain(_ parameters: RequestParameters, requireNetType: Bool) throws -> ChainNetwork {
        guard let currency = parameters.first("currency")?.uppercased(), !currency.isEmpty else {
            throw UpbitError.validation("currency is missing")
        }
        let netType = parameters.first("net_type").flatMap { $0.isEmpty ? nil : $0.uppercased() }
        if requireNetType && netType == nil { throw UpbitError.validation("net_type is missing") }
        let listed = exchange.withState { $0.exchange.ledger.knownCurrencies.contains(currency) }
        guard currency != "KRW", listed, let network = ChainNetwork.network(currency, netType) else {
            throw UpbitError(status: 404, name: "currency_not_found", message: "지원하지 않는 디지털 자산입니다.")
        }
        return network
    }

    /// The error for a chain whose wallet is closed for what was asked.
    static func walletClosed(_ network: ChainNetwork) -> UpbitError {
        UpbitError(
            status: 400, name: "wallet_not_working",
            message: "\(network.currency) (\(network.netType)) 지갑이 \(network.walletState) 상태입니다.")
    }
}
