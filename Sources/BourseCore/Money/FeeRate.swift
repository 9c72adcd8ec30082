/// A trading fee as a fraction of the traded funds: `"0.0005"` is 0.05 %.
///
/// Fees are charged in the quote currency on both sides and always round **up** (in the exchange's
/// favour) to the next 10⁻⁸ unit. An order's fees are rounded once over its cumulative fills, not once per
/// fill (see ``FeeAccumulator``), so many small fills never cost more than one large one.
public struct FeeRate: FixedPoint, Codable {
    /// The raw value in 10⁻⁸ units of the traded funds.
    public var units: Int64

    /// Wraps a raw rate: `50_000` is 0.05 %.
    public init(units: Int64) { self.units = units }

    /// Upbit's default rate for both makers and takers in KRW markets: 0.05 %.
    public static let upbitDefault = FeeRate(units: 50_000)

    /// `true` for rates in `0 ..< 1`, the only ones a market accepts.
    public var isValid: Bool { units >= 0 && units < fixedPointScale }

    /// The fee on `funds`, rounded up; `nil` on overflow.
    public func fee(on funds: Funds) -> Funds? {
        Rounding.divide(Int128(funds.units) * Int128(units), by: Int128(fixedPointScale), .up).map(Funds.init(units:))
    }
}
