import BourseCore

/// One account's holding of one currency in the reference model.
struct ReferenceBalance: Equatable {
    /// Free to trade.
    var available: Int64 = 0
    /// Reserved by open orders.
    var locked: Int64 = 0
    /// Average buy price in 10⁻⁸ units of `averageUnit` (0 when unset).
    var averageBuyPrice: Int64 = 0
    /// The currency the average is counted in; `nil` before any buy or after selling out.
    var averageUnit: String?

    /// The same holding as the engine's ledger reports one.
    init(available: Int64 = 0, locked: Int64 = 0, averageBuyPrice: Int64 = 0, averageUnit: String? = nil) {
        self.available = available
        self.locked = locked
        self.averageBuyPrice = averageBuyPrice
        self.averageUnit = averageUnit
    }

    /// The holding the engine's ledger reports.
    init(_ balance: Balance) {
        self.init(
            available: balance.balance.units, locked: balance.locked.units,
            averageBuyPrice: balance.averageBuyPrice.units, averageUnit: balance.unitCurrency)
    }
}
