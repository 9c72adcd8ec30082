/// The price of one unit of a market's base currency, in its quote currency (e.g. KRW per BTC).
public struct Price: FixedPoint, Codable {
    /// The raw value in 10⁻⁸ quote units.
    public var units: Int64

    /// Wraps a raw count of 10⁻⁸ quote units.
    public init(units: Int64) { self.units = units }
}
