/// An exact running total of fixed-point amounts, wide enough for any market's volume.
///
/// `Int64` counts of 10⁻⁸ units stop at about 92 billion whole units: less than a day of KRW-BTC turnover
/// in KRW, or of a meme coin's volume in coins. Totals (`acc_trade_price`, `acc_trade_volume`, candle sums,
/// grouped book sizes) are therefore kept in `Int128` units of the same scale.
public struct FixedPointSum<Amount: FixedPoint>: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The total in 10⁻⁸ units.
    public private(set) var units: Int128

    /// Zero.
    public init() { units = 0 }

    /// A total holding one amount.
    public init(_ amount: Amount) { units = Int128(amount.units) }

    /// A total from raw 10⁻⁸ units.
    public init(units: Int128) { self.units = units }

    /// Zero.
    public static var zero: Self { Self() }

    /// Adds `amount`.
    public mutating func add(_ amount: Amount) { units += Int128(amount.units) }

    /// Adds another total.
    public mutating func add(_ other: Self) { units += other.units }

    /// Subtracts another total.
    public mutating func subtract(_ other: Self) { units -= other.units }

    /// The total as a plain amount, or `nil` when it does not fit in `Int64`.
    public var amount: Amount? {
        units >= Int128(Int64.min) && units <= Int128(Int64.max) ? Amount(units: Int64(units)) : nil
    }

    /// The plain decimal spelling (no exponent, trailing zeros trimmed), like ``DecimalFormatter``.
    public var description: String {
        PlainDecimal.format(magnitude: units.magnitude, negative: units < 0, decimals: fixedPointDecimals)
    }
}

extension FixedPointSum {
    /// Parses a plain, non-negative decimal such as `"350000000000"` or `"12.5"` (totals pass what one
    /// `Int64` amount holds: a day of KRW-BTC trades is worth more than 92 billion won). The same spelling
    /// rules as ``DecimalParser``; at most 28 whole digits.
    public init(parsing text: some StringProtocol) throws(DecimalParseError) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        guard !whole.isEmpty || parts.count > 1 else { throw .empty }
        guard whole.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { throw .invalidCharacter }
        guard whole.utf8.count <= 28 else { throw .overflow }
        let fraction = parts.count > 1 ? try DecimalParser.parse("0." + parts[1]) : 0
        self.init(units: (Int128(whole) ?? 0) * Int128(fixedPointScale) + Int128(fraction))
    }
}
