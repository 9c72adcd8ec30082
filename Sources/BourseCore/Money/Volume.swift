/// An amount of a market's base currency (e.g. BTC in `KRW-BTC`).
public struct Volume: FixedPoint, Codable {
    /// The raw value in 10⁻⁸ base units.
    public var units: Int64

    /// Wraps a raw count of 10⁻⁸ base units.
    public init(units: Int64) { self.units = units }
}
