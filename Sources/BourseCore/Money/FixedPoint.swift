/// A decimal number stored as an `Int64` count of 10⁻⁸ units.
///
/// Every amount in Bourse (prices, volumes, funds, fee rates) has eight decimal places, the precision
/// Upbit uses for coin amounts and the smallest tick of any market. Arithmetic is checked: an overflow is
/// reported, never wrapped. Products of two amounts are formed in `Int128` (see ``Rounding``).
public protocol FixedPoint: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The raw value in 10⁻⁸ units: `1` is `0.00000001`, `100_000_000` is `1`.
    var units: Int64 { get }
    /// Wraps a raw count of 10⁻⁸ units.
    init(units: Int64)
}

/// The number of 10⁻⁸ units in one whole unit.
public let fixedPointScale: Int64 = 100_000_000

/// The number of decimal places of every ``FixedPoint`` value.
public let fixedPointDecimals = 8

extension FixedPoint {
    /// Zero.
    public static var zero: Self { Self(units: 0) }

    /// Whole units, e.g. `Price(whole: 5_000)`; `nil` if it would overflow.
    public init?(whole: Int64) {
        let (units, overflow) = whole.multipliedReportingOverflow(by: fixedPointScale)
        if overflow { return nil }
        self.init(units: units)
    }

    /// Parses a plain decimal string such as `"0.0005"` or `"10000000"` (see ``DecimalParser``).
    public init(parsing text: some StringProtocol) throws(DecimalParseError) {
        self.init(units: try DecimalParser.parse(text))
    }

    /// The plain decimal spelling Upbit uses for exchange amounts: no exponent, trailing zeros trimmed.
    public var description: String { DecimalFormatter.format(units) }

    /// `true` when the value is zero.
    public var isZero: Bool { units == 0 }

    /// The sum, or `nil` on overflow.
    public func adding(_ other: Self) -> Self? {
        let (sum, overflow) = units.addingReportingOverflow(other.units)
        return overflow ? nil : Self(units: sum)
    }

    /// The difference, or `nil` on overflow.
    public func subtracting(_ other: Self) -> Self? {
        let (difference, overflow) = units.subtractingReportingOverflow(other.units)
        return overflow ? nil : Self(units: difference)
    }

    /// Orders values by their units.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.units < rhs.units }
}
