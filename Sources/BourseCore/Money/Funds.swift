/// An amount of a quote currency (e.g. KRW in `KRW-BTC`), also used for any balance.
public struct Funds: FixedPoint, Codable {
    /// The raw value in 10⁻⁸ currency units.
    public var units: Int64

    /// Wraps a raw count of 10⁻⁸ currency units.
    public init(units: Int64) { self.units = units }
}

extension Funds {
    /// The quote value of `volume` at `price`, rounded as asked; `nil` if it does not fit in `Int64`.
    ///
    /// The product is formed in `Int128`, so it never overflows on the way.
    public static func value(of volume: Volume, at price: Price, rounding: Rounding) -> Funds? {
        // Whole-unit prices (every KRW price from 100 up) need no division: one checked multiply.
        if price.units % fixedPointScale == 0 {
            let (product, overflow) = (price.units / fixedPointScale).multipliedReportingOverflow(by: volume.units)
            return overflow ? nil : Funds(units: product)
        }
        return Rounding.divide(Int128(price.units) * Int128(volume.units), by: Int128(fixedPointScale), rounding)
            .map(Funds.init(units:))
    }

    /// The largest volume that `self` buys at `price` (rounded down); `nil` if `price` is not positive.
    public func affordableVolume(at price: Price) -> Volume? {
        guard price.units > 0, units >= 0 else { return nil }
        let volume = Int128(units) * Int128(fixedPointScale) / Int128(price.units)
        return Volume(units: volume > Int128(Int64.max) ? Int64.max : Int64(volume))
    }
}
