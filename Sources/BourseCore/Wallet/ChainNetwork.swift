/// One currency on one chain, as the simulated wallets run it: whether deposits and withdrawals are open,
/// the withdrawal fee and limits, and how many confirmations a deposit needs. `GET /v1/status/wallet`,
/// `withdraws/chance` and `deposits/chance/coin` all read this table, so they never disagree.
public struct ChainNetwork: Hashable, Sendable {
    /// The currency (`BTC`).
    public var currency: String
    /// Upbit's `net_type` (`BTC`, `ETH`, `TRX`…).
    public var netType: String
    /// The chain's display name (`Bitcoin`).
    public var name: String
    /// `working`, `withdraw_only`, `deposit_only`, `paused` or `unsupported`.
    public var walletState: String
    /// `normal`, `delayed` or `inactive`; nil when the chain is not tracked.
    public var blockState: String?
    /// The chain's height at 2026-01-01T00:00:00Z and its block interval in seconds; nil when not tracked.
    public var height: (start: Int64, interval: Int64)?
    /// How far behind the node is, in minutes.
    public var lagMinutes: Int64
    /// The withdrawal fee, in the currency.
    public var withdrawFee: Funds
    /// The smallest withdrawal.
    public var minimumWithdraw: Funds
    /// The largest single withdrawal.
    public var onetimeLimit: Funds
    /// The most withdrawn per day.
    public var dailyLimit: Funds
    /// The smallest deposit that is credited.
    public var minimumDeposit: Funds
    /// Confirmations a deposit waits for.
    public var confirmations: Int
    /// Decimal places the chain carries.
    public var decimals: Int
    /// Whether addresses carry a memo or tag (`secondary_address`).
    public var usesMemo: Bool

    /// Deposits are possible.
    public var canDeposit: Bool { walletState == "working" || walletState == "deposit_only" }
    /// Withdrawals are possible.
    public var canWithdraw: Bool { walletState == "working" || walletState == "withdraw_only" }

    /// The same currency and network.
    public static func == (lhs: ChainNetwork, rhs: ChainNetwork) -> Bool {
        lhs.currency == rhs.currency && lhs.netType == rhs.netType
    }

    /// Hashes the currency and network.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(currency)
        hasher.combine(netType)
    }

    /// The networks of `currency`, the first one its default; a currency with no row of its own gets one
    /// working network named after it.
    public static func networks(of currency: String) -> [ChainNetwork] {
        let rows = catalog.filter { $0.currency == currency }
        if !rows.isEmpty || currency == "KRW" { return rows }
        return [
            ChainNetwork(
                currency: currency, netType: currency, name: currency, walletState: "working", blockState: nil,
                height: nil, lagMinutes: 0, withdrawFee: .zero, minimumWithdraw: Funds(units: 1), onetimeLimit: big,
                dailyLimit: big, minimumDeposit: Funds(units: 1), confirmations: 1, decimals: 8, usesMemo: false)
        ]
    }

    /// The network `netType` of `currency` (the default one if `netType` is nil).
    public static func network(_ currency: String, _ netType: String?) -> ChainNetwork? {
        let rows = networks(of: currency)
        guard let netType else { return rows.first }
        return rows.first { $0.netType == netType }
    }

    private static let big = Funds(units: 1_000_000_000 * fixedPointScale)

    private static func row(
        _ currency: String, _ netType: String, _ name: String, _ state: String, _ block: String?,
        _ height: (Int64, Int64)?, lag: Int64 = 0, fee: String, minimum: String, onetime: String, daily: String,
        confirmations: Int, decimals: Int = 8, memo: Bool = false
    ) -> ChainNetwork {
        func funds(_ text: String) -> Funds { (try? Funds(parsing: text)) ?? .zero }
        return ChainNetwork(
            currency: currency, netType: netType, name: name, walletState: state, blockState: block,
            height: height.map { (start: $0.0, interval: $0.1) }, lagMinutes: lag, withdrawFee: funds(fee),
            minimumWithdraw: funds(minimum), onetimeLimit: funds(onetime), dailyLimit: funds(daily),
            minimumDeposit: funds(minimum), confirmations: confirmations, decimals: decimals, usesMemo: memo)
    }

    /// The simulated chains: a realistic mix of states, fees and limits.
    public static let catalog: [ChainNetwork] = [
        row(
            "BTC", "BTC", "Bitcoin", "working", "normal", (927_600, 600), fee: "0.0005", minimum: "0.001",
            onetime: "100", daily: "200", confirmations: 2),
        row(
            "ETH", "ETH", "Ethereum", "working", "normal", (24_130_000, 12), fee: "0.01", minimum: "0.01",
            onetime: "1000", daily: "2000", confirmations: 12),
        row(
            "XRP", "XRP", "Ripple", "working", "normal", (101_200_000, 4), fee: "1", minimum: "21",
            onetime: "1000000", daily: "2000000", confirmations: 1, decimals: 6, memo: true),
        row(
            "SOL", "SOL", "Solana", "withdraw_only", "delayed", (385_000_000, 1), lag: 47, fee: "0.01",
            minimum: "0.1", onetime: "10000", daily: "20000", confirmations: 1, decimals: 9),
        row(
            "DOGE", "DOGE", "Dogecoin", "deposit_only", "normal", (6_010_000, 60), fee: "4", minimum: "40",
            onetime: "10000000", daily: "20000000", confirmations: 6),
        row(
            "USDT", "ETH", "Ethereum", "working", "normal", (24_130_000, 12), fee: "5", minimum: "10",
            onetime: "1000000", daily: "2000000", confirmations: 12, decimals: 6),
        row(
            "USDT", "TRX", "Tron", "paused", "inactive", (78_500_000, 3), lag: 312, fee: "1", minimum: "10",
            onetime: "1000000", daily: "2000000", confirmations: 20, decimals: 6),
        row(
            "LUNC", "LUNC", "Terra Classic", "unsupported", nil, nil, fee: "0", minimum: "0", onetime: "0",
            daily: "0", confirmations: 1),
    ]
}
