import BourseCore

/// An order in the reference model: while it matches as the incoming order, and while it rests.
///
/// Amounts are raw 10⁻⁸ units. Volume orders count `remaining`; budget orders (`price` bids and `best`
/// bids) count `budget` and have no meaningful `remaining`.
struct ReferenceOrder {
    var id: OrderID
    var account: AccountID
    var market: MarketCode
    var side: Side
    var type: OrderType
    var timeInForce: TimeInForce?
    var selfTradePrevention: SelfTradePrevention?
    /// The client's identifier, so the generator can cancel by it.
    var identifier: OrderIdentifier?
    /// The limit price (`limit` orders; the price it rests at).
    var price: Int64
    /// Unfilled volume of a volume order.
    var remaining: Int64
    /// Unspent total of a budget order, `nil` for volume orders.
    var budget: Int64?
    /// What the order still locks (quote for bids, base for asks).
    var lock: Int64
    var executedVolume: Int64 = 0
    var executedFunds: Int64 = 0
    /// Fees paid so far: `⌈feeAccumulator / 10⁸⌉`.
    var paidFee: Int64 = 0
    /// `Σ funds_i × rate_i` over the fills so far, in 10⁻¹⁶ units.
    var feeAccumulator: Int128 = 0
    var preventedVolume: Int64 = 0

    /// `true` for orders that count a total to spend rather than a volume.
    var isBudget: Bool { budget != nil }

    /// What a cancelled event reports as unfilled: the volume left, or 0 for budget orders.
    var unfilledVolume: Int64 { isBudget ? 0 : remaining }

    /// Records a fill of `funds` at `rate` and returns this fill's fee under the cumulative rule.
    mutating func addFill(volume: Int64, funds: Int64, rate: FeeRate) -> Int64 {
        feeAccumulator += Int128(funds) * Int128(rate.units)
        let paid = Rounding.divide(feeAccumulator, by: Int128(fixedPointScale), .up)!
        let fee = paid - paidFee
        paidFee = paid
        executedVolume += volume
        executedFunds += funds
        return fee
    }

    /// The lock a resting order keeps (docs/matching.md, "Lock trimming").
    func trimmedLock(reserveRate: FeeRate) -> Int64 {
        guard side == .bid else { return remaining }
        let future: Int64
        if let budget {
            future = budget
        } else {
            future = Rounding.divide(Int128(price) * Int128(remaining), by: Int128(fixedPointScale), .up)!
        }
        let fees = Rounding.divide(
            feeAccumulator + Int128(future) * Int128(reserveRate.units), by: Int128(fixedPointScale), .up)!
        return future + fees - paidFee
    }
}
