public import BourseCore

/// One currency of the demo and how its value moves, in US dollars: the common unit every market's price is
/// derived from.
///
/// Every market's fair value is the ratio of two assets' values (`KRW-BTC` = BTC in dollars ÷ KRW in
/// dollars, `BTC-ETH` = ETH ÷ BTC), so cross rates agree by construction: `KRW-BTC ÷ KRW-USDT` is
/// `USDT-BTC` up to the spread and the ticks.
public struct DemoAsset: Sendable, Hashable {
    /// The currency's code as listed (`KRW`, `BTC`), upper case.
    public var currency: CurrencyCode
    /// Its value in dollars where the walk starts, and the level it slowly returns to.
    public var dollars: Price
    /// Annualized volatility in basis points (5,000: 50 % a year, about 2.6 % a day): the spread of its
    /// returns over any stretch of time grows with the square root of the time.
    public var volatilityBasisPoints: Int64
    /// How much of its moves come from the crypto market as a whole, in thousandths (the rest is its own):
    /// 950 makes it move almost in step with the others that share the market factor.
    public var marketWeightPerMille: Int64
    /// Half-life, in days, of a deviation from ``dollars``: it keeps two years of history in a realistic
    /// range around today's prices instead of drifting off.
    public var halfLifeDays: Int64
    /// The most its value may stray from ``dollars``, in basis points (a stablecoin's peg); nil: no limit.
    public var bandBasisPoints: Int64?

    /// An asset; see each property.
    public init(
        currency: CurrencyCode, dollars: Price, volatilityBasisPoints: Int64, marketWeightPerMille: Int64 = 0,
        halfLifeDays: Int64, bandBasisPoints: Int64? = nil
    ) {
        precondition((0...1_000).contains(marketWeightPerMille), "a market weight is 0 to 1,000 per mille")
        precondition(dollars.units > 0 && halfLifeDays > 0 && volatilityBasisPoints >= 0)
        self.currency = currency
        self.dollars = dollars
        self.volatilityBasisPoints = volatilityBasisPoints
        self.marketWeightPerMille = marketWeightPerMille
        self.halfLifeDays = halfLifeDays
        self.bandBasisPoints = bandBasisPoints
    }

    /// The default assets: values that put `KRW-BTC` at 143,250,000 KRW with the won at 1,452.5 per dollar,
    /// volatilities of the order of real ones (BTC 50 %, altcoins higher, the won's exchange rate 4 %),
    /// altcoins moving with bitcoin to different degrees, and USDT held within 0.3 % of a dollar.
    public static let defaults: [DemoAsset] = [
        asset("KRW", "0.00068847", volatility: 400, weight: 0, halfLife: 60),
        asset("USDT", "1", volatility: 100, weight: 0, halfLife: 1, band: 30),
        asset("BTC", "98623.06", volatility: 5_000, weight: 950, halfLife: 180),
        asset("ETH", "3588.3", volatility: 6_500, weight: 850, halfLife: 180),
        asset("XRP", "2.1377", volatility: 8_000, weight: 600, halfLife: 180),
        asset("SOL", "197.87", volatility: 8_500, weight: 750, halfLife: 180),
        asset("DOGE", "0.3525", volatility: 9_500, weight: 700, halfLife: 180),
    ]

    private static func asset(
        _ code: String, _ dollars: String, volatility: Int64, weight: Int64, halfLife: Int64, band: Int64? = nil
    ) -> DemoAsset {
        DemoAsset(
            currency: CurrencyCode(code)!, dollars: try! Price(parsing: dollars), volatilityBasisPoints: volatility,
            marketWeightPerMille: weight, halfLifeDays: halfLife, bandBasisPoints: band)
    }
}
