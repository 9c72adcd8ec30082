/// A signed ratio such as `change_rate`, exact to ten decimal places (Upbit prints ten).
///
/// Stored as an `Int64` count of 10⁻¹⁰: `150_000_000` is `0.015` (1.5 %). Built from integer prices as
/// `change / base`, rounded to the nearest 10⁻¹⁰ with halves away from zero (``Rounding/nearest``), so the
/// same prices always give the same digits and no `Double` is involved.
public struct ChangeRate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number of 10⁻¹⁰ units in 1.
    public static let scale: Int64 = 10_000_000_000

    /// The number of decimal places.
    public static let decimals = 10

    /// The signed rate in 10⁻¹⁰ units.
    public let units: Int64

    /// Wraps a raw count of 10⁻¹⁰ units.
    public init(units: Int64) { self.units = units }

    /// `(price - base) / base`; zero when `base` is not positive (no meaningful rate).
    public init(from base: Price, to price: Price) {
        guard base.units > 0 else {
            self.init(units: 0)
            return
        }
        let change = Int128(price.units) - Int128(base.units)
        let rate = Rounding.divide(change * Int128(Self.scale), by: Int128(base.units), .nearest)
        self.init(units: rate ?? (change > 0 ? .max : .min))
    }

    /// Zero.
    public static var zero: Self { Self(units: 0) }

    /// The unsigned rate (`change_rate` beside `signed_change_rate`).
    public var magnitude: Self { Self(units: units < 0 ? (units == .min ? .max : -units) : units) }

    /// Orders rates numerically.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.units < rhs.units }

    /// Plain decimal with trailing zeros trimmed: `0.015`, `-0.0000000001`, `0`.
    public var description: String {
        PlainDecimal.format(magnitude: UInt128(units.magnitude), negative: units < 0, decimals: Self.decimals)
    }
}
