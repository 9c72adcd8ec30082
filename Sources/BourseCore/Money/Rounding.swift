/// How a product of two fixed-point amounts is brought back to eight decimal places.
///
/// The rules, written down once:
/// - **Trade funds** (`price × volume` of a fill) round **down**. Buyer and seller see the same number,
///   so rounding cannot create or destroy money; rounding down keeps every fill inside the buyer's lock.
/// - **Locks** for a buy (`price × volume`) round **up**, so the lock always covers every later fill.
/// - **Fees** round **up** (the exchange's favour), once over an order's cumulative fills.
/// - **Average buy prices** round to the **nearest** unit, halves away from zero.
public enum Rounding: Sendable {
    /// Toward negative infinity.
    case down
    /// Toward positive infinity.
    case up
    /// To the nearest unit; exact halves away from zero.
    case nearest

    /// `numerator / denominator` rounded as asked; `nil` if the result does not fit in `Int64`.
    /// - Precondition: `denominator > 0`.
    public static func divide(_ numerator: Int128, by denominator: Int128, _ rounding: Rounding) -> Int64? {
        precondition(denominator > 0, "division by a non-positive denominator")
        var (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        if remainder != 0 {
            switch rounding {
            case .down: if remainder < 0 { quotient -= 1 }
            case .up: if remainder > 0 { quotient += 1 }
            case .nearest:
                let twice = remainder.magnitude * 2
                if twice >= denominator.magnitude { quotient += remainder > 0 ? 1 : -1 }
            }
        }
        guard quotient >= Int128(Int64.min), quotient <= Int128(Int64.max) else { return nil }
        return Int64(quotient)
    }
}
