import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import Hummingbird

// Withdrawals: the list, one withdrawal, what may be withdrawn, the registered addresses, and coin and KRW
// withdrawals, which lock their amount and fee and then move through the simulated chain's states.
extension ExchangeController {
    func addWithdrawalRoutes(to router: Router<BourseRequestContext>) {
        route(router, .get, "/v1/withdraws", scope: .withdraw) { key, parameters in
            Answer(body: ExchangeJSON.transfers(try await transfers(.withdrawal, parameters, of: key.account)))
        }
        route(router, .get, "/v1/withdraw", scope: .withdraw) { key, parameters in
            guard let withdrawal = try await transfer(.withdrawal, parameters, of: key.account) else {
                throw UpbitError(Rejection.withdrawNotFound)
            }
            return Answer(body: ExchangeJSON.transfer(withdrawal))
        }
        route(router, .get, "/v1/withdraws/chance", scope: .withdraw) { key, parameters in
            guard let currency = parameters.first("currency")?.uppercased(), !currency.isEmpty else {
                throw UpbitError.validation("currency is missing")
            }
            let network = currency == "KRW" ? nil : try chain(parameters, requireNetType: false)
            let limits = Self.limits(currency, network)
            let used = try await withdrawnToday(currency, of: key.account)
            let balance = exchange.withState { $0.exchange.ledger.balance(of: key.account, currency) }
            return Answer(
                body: ExchangeJSON.withdrawChance(
                    currency: currency, network: network, balance: balance, fee: limits.fee, minimum: limits.minimum,
                    onetime: limits.onetime, daily: limits.daily, usedToday: used,
                    canWithdraw: network?.canWithdraw ?? true))
        }
        route(router, .get, "/v1/withdraws/coin_addresses", scope: .withdraw) { key, _ in
            Answer(body: ExchangeJSON.withdrawAddresses(try await store.addresses(of: key.account, kind: .withdrawal)))
        }
        route(router, .post, "/v1/withdraws/coin", scope: .withdraw) { key, parameters in
            // Upbit requires `net_type`; pyupbit's withdraw_coin never sends it, so the currency's first network
            // stands in.
            let network = try chain(parameters, requireNetType: false)
            let amount = try Self.positiveAmount(parameters)
            guard let address = parameters.first("address"), !address.isEmpty else {
                throw UpbitError.validation("address is missing")
            }
            let memo = parameters.first("secondary_address").flatMap { $0.isEmpty ? nil : $0 }
            let type = parameters.first("transaction_type") ?? "default"
            guard type == "default" || type == "internal" else {
                throw UpbitError.validation("transaction_type does not have a valid value (default or internal)")
            }
            guard network.canWithdraw else { throw Self.walletClosed(network) }
            let registered = try await store.addresses(of: key.account, kind: .withdrawal).contains {
                $0.currency == network.currency && $0.network == network.netType && $0.address == address
                    && ($0.memo == nil || $0.memo == memo)
            }
            guard registered else {
                throw UpbitError(
                    status: 400, name: "withdraw_address_not_registered",
                    message: "등록된 출금 주소가 아닙니다. bourse withdraw-address add로 먼저 등록해주세요.")
            }
            let internalTarget = try await store.address(address, network: network.netType, kind: .deposit)
            if type == "internal" && internalTarget == nil {
                throw UpbitError.validation("an internal withdrawal needs the deposit address of an account here")
            }
            // An address of an account here is credited either way; `internal` (Upbit's instant transfer between
            // its members) is the caller's choice and costs no fee.
            let isInternal = type == "internal"
            try await checkLimits(amount, network.currency, Self.limits(network.currency, network), of: key.account)
            let fee = isInternal ? Funds.zero : network.withdrawFee
            return try await submitWithdrawal(of: key.account) { id in
                WithdrawalRequest(
                    id: id, account: key.account, currency: CurrencyCode(network.currency) ?? "BTC",
                    network: network.netType, amount: amount, fee: fee, address: address, memo: memo,
                    isInternal: isInternal)
            }
        }
        route(router, .delete, "/v1/withdraws/coin", scope: .withdraw) { key, parameters in
            guard let text = parameters.first("uuid"), !text.isEmpty else {
                throw UpbitError.validation("uuid is missing")
            }
            guard let id = OrderUUID.parseWithdrawal(text) else { throw UpbitError(Rejection.withdrawNotFound) }
            let result = try await exchange.submit(.advanceWithdrawal(id, .cancel, account: key.account))
            if case .rejected(let rejected) = result.events.first { throw UpbitError(rejected.reason) }
            guard let record = TransferRecord.transfers(of: result).first else {
                throw UpbitError(Rejection.withdrawNotFound)
            }
            return Answer(body: ExchangeJSON.transfer(record))
        }
        route(router, .post, "/v1/withdraws/krw", scope: .withdraw) { key, parameters in
            let amount = try Self.positiveAmount(parameters)
            try Self.requireTwoFactor(parameters, required: false)
            let limits = Self.limits("KRW", nil)
            try await checkLimits(amount, "KRW", limits, of: key.account)
            return try await submitWithdrawal(of: key.account) { id in
                WithdrawalRequest(
                    id: id, account: key.account, currency: "KRW", network: nil, amount: amount, fee: limits.fee,
                    address: nil, memo: nil, isInternal: false)
            }
        }
    }

    private func submitWithdrawal(
        of account: AccountID, _ request: @escaping @Sendable (TransferID) -> WithdrawalRequest
    ) async throws -> Answer {
        let result = try await exchange.submit { id in .withdraw(request(TransferID(id.rawValue))) }
        if case .rejected(let rejected) = result.events.first { throw UpbitError(rejected.reason) }
        guard let record = TransferRecord.transfers(of: result).first else {
            throw UpbitError(status: 500, name: "server_error", message: "The withdrawal made no record.")
        }
        return Answer(body: ExchangeJSON.transfer(record), status: .created)
    }

    struct WithdrawLimits {
        var fee: Funds
        var minimum: Funds
        var onetime: Funds
        var daily: Funds
    }

    /// A currency's withdrawal fee and limits: its network's, or the bank's for KRW.
    static func limits(_ currency: String, _ network: ChainNetwork?) -> WithdrawLimits {
        guard let network else {
            return WithdrawLimits(
                fee: Funds(whole: 1_000) ?? .zero, minimum: Funds(whole: 5_000) ?? .zero,
                onetime: Funds(whole: 500_000_000) ?? .zero, daily: Funds(whole: 1_000_000_000) ?? .zero)
        }
        return WithdrawLimits(
            fee: network.withdrawFee, minimum: network.minimumWithdraw, onetime: network.onetimeLimit,
            daily: network.dailyLimit)
    }

    private func checkLimits(
        _ amount: Funds, _ currency: String, _ limits: WithdrawLimits, of account: AccountID
    )
        async throws
    {
        guard amount >= limits.minimum else {
            throw UpbitError(
                status: 400, name: "under_min_amount", message: "최소 출금 수량은 \(limits.minimum) \(currency)입니다.")
        }
        guard amount <= limits.onetime else {
            throw UpbitError(
                status: 400, name: "over_onetime_limit", message: "1회 출금 한도는 \(limits.onetime) \(currency)입니다.")
        }
        let used = try await withdrawnToday(currency, of: account)
        guard used.units + amount.units <= limits.daily.units else {
            throw UpbitError(
                status: 400, name: "over_daily_limit", message: "1일 출금 한도는 \(limits.daily) \(currency)입니다.")
        }
    }

    /// What `account` withdrew of `currency` in the last 24 hours, not counting failed or cancelled ones.
    private func withdrawnToday(_ currency: String, of account: AccountID) async throws -> Funds {
        let since = clock().milliseconds - 86_400_000
        let recent = try await store.transfers(
            TransferQuery(
                kind: .withdrawal, account: account, currency: currency,
                states: [WithdrawalState.waiting, .processing, .done].map(\.rawValue), limit: 1_000))
        return Funds(units: recent.filter { $0.createdAt.milliseconds >= since }.reduce(0) { $0 + $1.amount.units })
    }
}
