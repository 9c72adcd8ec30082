/// The engine's state for one live order: the incoming order while it matches, and the resting order in
/// the book's slab. All amounts are raw 10⁻⁸ units; indices are `Int32` slab positions, `-1` for none.
///
/// The lock is tracked per order (`lock`) so that `Ledger.locked` always equals the sum of open orders'
/// locks. A bid's lock starts as `⌈price × volume⌉ + fee` (or `total + fee`) and only ever shrinks.
struct WorkingOrder: Equatable, Codable {
    var id: OrderID
    var account: AccountID
    var accountSlot: Int32
    var side: Side
    /// The limit price; `Int64.max` (bids) or `0` (asks) for orders that take any price.
    var price: Int64
    /// Volume still to fill. For budget orders (market and best bids) this is unused (`Int64.max`).
    var remaining: Int64
    /// For budget orders, the quote total still to spend; `-1` otherwise.
    var budget: Int64
    /// What this order has locked right now.
    var lock: Int64
    var executedVolume: Int64 = 0
    var executedFunds: Int64 = 0
    var paidFee: Int64 = 0
    /// Σ funds × rate over fills, in 10⁻¹⁶ units; the fee paid so far is `⌈feeAccumulator / 10⁸⌉`.
    var feeAccumulator: Int128 = 0
    /// Volume removed by self-trade prevention.
    var preventedVolume: Int64 = 0
    /// The rate the lock's fee reserve was computed with (bids only).
    var reserveRate: Int64
    // Book links; meaningful only while resting.
    var prev: Int32 = -1
    var next: Int32 = -1
    var level: Int32 = -1

    var isBudget: Bool { budget >= 0 }

    /// The volume this order can still take at `price`.
    ///
    /// A budget order can take nothing once its leftover buys volume worth less than one unit of the
    /// quote currency: trade funds round down, so such a fill would hand over volume for nothing.
    @inline(__always) func available(at price: Int64) -> Int64 {
        guard isBudget else { return remaining }
        let volume = Funds(units: budget).affordableVolume(at: Price(units: price))?.units ?? 0
        return Int128(volume) * Int128(price) < Int128(fixedPointScale) ? 0 : volume
    }

    /// The fee for a fill of `funds` at `rate`, rounded up over the order's cumulative fills.
    @inline(__always) mutating func chargeFee(funds: Int64, rate: Int64) -> Int64 {
        feeAccumulator += Int128(funds) * Int128(rate)
        let total = Rounding.divide(feeAccumulator, by: Int128(fixedPointScale), .up)!
        let fee = total - paidFee
        paidFee = total
        return fee
    }

    /// The smallest lock that still covers every future fill of this order (see `docs/matching.md`).
    ///
    /// For an ask it is the remaining volume. For a bid, future funds are at most `F` (the budget left,
    /// or `⌈price × remaining⌉` for a limit: fills happen at or below the limit and round down), and the
    /// fee paid at the end is at most `⌈(feeAccumulator + F × reserveRate) / 10⁸⌉`. The lock needed is
    /// `F` plus that final fee minus the fee already paid. The bound only shrinks as the order fills.
    func requiredLock() -> Int64 {
        guard side == .bid else { return remaining }
        let future =
            isBudget
            ? budget
            : Funds.value(of: Volume(units: remaining), at: Price(units: price), rounding: .up)!.units
        let finalFee = Rounding.divide(
            feeAccumulator + Int128(future) * Int128(reserveRate), by: Int128(fixedPointScale), .up)!
        return future + finalFee - paidFee
    }
}
