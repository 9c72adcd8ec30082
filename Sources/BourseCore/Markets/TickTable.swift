/// The price grid of a market: the tick (smallest price step) that applies in each price band.
///
/// A price is valid when it is positive and a multiple of the tick of the band it falls in; a band
/// starts at its lower bound inclusive (`2,000,000` KRW is in the "2,000,000 and above" band).
public struct TickTable: Hashable, Codable, Sendable {
    /// One price band: prices at or above `lowerBound` (and below the next band) move in steps of `tick`.
    public struct Band: Hashable, Codable, Sendable {
        /// The lowest price of the band, inclusive.
        public let lowerBound: Price
        /// The price step inside the band.
        public let tick: Price

        /// A band from its bounds, written as decimal strings for readability.
        public init(from lowerBound: String, tick: String) {
            self.lowerBound = try! Price(parsing: lowerBound)
            self.tick = try! Price(parsing: tick)
        }
    }

    /// The bands, highest lower bound first; the last band starts at zero.
    public let bands: [Band]

    /// A table from bands in any order; one band must start at zero and every tick must be positive.
    public init(bands: [Band]) {
        precondition(bands.contains { $0.lowerBound.isZero }, "a tick table needs a band starting at 0")
        precondition(bands.allSatisfy { $0.tick.units > 0 }, "ticks must be positive")
        self.bands = bands.sorted { $0.lowerBound > $1.lowerBound }
    }

    /// The tick of the band `price` falls in.
    public func tick(at price: Price) -> Price {
        for band in bands where price >= band.lowerBound { return band.tick }
        return bands[bands.count - 1].tick
    }

    /// `true` when `price` is positive and lies on the grid.
    public func isValid(_ price: Price) -> Bool {
        price.units > 0 && price.units % tick(at: price).units == 0
    }

    /// The highest valid price at or below `price`, or `nil` if there is none (`price` below the first tick).
    public func roundedDown(_ price: Price) -> Price? {
        let tick = tick(at: price).units
        let rounded = price.units - price.units % tick
        return rounded > 0 ? Price(units: rounded) : nil
    }

    /// The next valid price above `price` (which must itself be valid).
    public func tickUp(_ price: Price) -> Price {
        let next = price.units + tick(at: price).units
        // Crossing into a higher band can land between the new band's ticks; snap down onto the grid.
        return roundedDown(Price(units: next)).flatMap { $0 > price ? $0 : nil } ?? Price(units: next)
    }

    /// The next valid price below `price`, or `nil` at the bottom of the grid.
    public func tickDown(_ price: Price) -> Price? {
        roundedDown(Price(units: price.units - 1))
    }
}

extension TickTable {
    /// Upbit's KRW-market table since 2025-07-31 (docs.upbit.com, "원화 마켓 주문 가격 단위").
    ///
    /// Bands below 10 KRW follow the last published table; Upbit did not change them in 2025.
    public static let krw = TickTable(bands: [
        Band(from: "2000000", tick: "1000"),
        Band(from: "1000000", tick: "1000"),
        Band(from: "500000", tick: "500"),
        Band(from: "100000", tick: "100"),
        Band(from: "50000", tick: "50"),
        Band(from: "10000", tick: "10"),
        Band(from: "5000", tick: "5"),
        Band(from: "1000", tick: "1"),
        Band(from: "100", tick: "1"),
        Band(from: "10", tick: "0.01"),
        Band(from: "1", tick: "0.001"),
        Band(from: "0.1", tick: "0.0001"),
        Band(from: "0.01", tick: "0.00001"),
        Band(from: "0.001", tick: "0.000001"),
        Band(from: "0.0001", tick: "0.0000001"),
        Band(from: "0", tick: "0.00000001"),
    ])

    /// Upbit's BTC-market grid: one tick of 0.00000001 BTC at every price.
    public static let btc = TickTable(bands: [Band(from: "0", tick: "0.00000001")])

    /// Upbit's USDT-market table since 2024-08-19.
    public static let usdt = TickTable(bands: [
        Band(from: "10", tick: "0.01"),
        Band(from: "1", tick: "0.001"),
        Band(from: "0.1", tick: "0.0001"),
        Band(from: "0.01", tick: "0.00001"),
        Band(from: "0.001", tick: "0.000001"),
        Band(from: "0.0001", tick: "0.0000001"),
        Band(from: "0", tick: "0.00000001"),
    ])

    /// The KRW table with Upbit's 2025-03-21 exception for stablecoins (`KRW-USDT`, `KRW-USDC`):
    /// 0.5 KRW between 1,000 and 10,000 KRW.
    public static let krwStablecoin = TickTable(
        bands: krw.bands.filter {
            $0.lowerBound < (try! Price(parsing: "1000")) || $0.lowerBound >= (try! Price(parsing: "10000"))
        }
            + [Band(from: "1000", tick: "0.5")]
    )

    /// The table Upbit uses for `code`: by quote currency, with the KRW stablecoin exception.
    public static func upbit(for code: MarketCode) -> TickTable {
        switch code.quote {
        case "KRW": ["USDT", "USDC"].contains(code.base) ? .krwStablecoin : .krw
        case "BTC": .btc
        case "USDT": .usdt
        default: .btc
        }
    }
}
