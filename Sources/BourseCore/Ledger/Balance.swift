/// One account's holding of one currency, as Upbit's `/v1/accounts` reports it.
public struct Balance: Hashable, Sendable {
    /// The currency (`KRW`, `BTC`).
    public var currency: String
    /// Available: free to trade or withdraw.
    public var balance: Funds
    /// Locked by open orders.
    public var locked: Funds
    /// Average price paid per unit, excluding fees; zero when nothing is held.
    public var averageBuyPrice: Price
    /// The currency `averageBuyPrice` is counted in (Upbit's `unit_currency`), `nil` before any buy.
    public var unitCurrency: String?

    /// `balance + locked`.
    public var total: Funds { Funds(units: balance.units + locked.units) }
}

/// A ledger row: the state behind a ``Balance``, addressed by (account slot, currency index).
struct BalanceRow: Equatable, Codable {
    var available: Int64 = 0
    var locked: Int64 = 0
    var averageBuyPrice: Int64 = 0
    /// Index of the average's unit currency, or -1 before any buy.
    var averageUnit: Int32 = -1
}
