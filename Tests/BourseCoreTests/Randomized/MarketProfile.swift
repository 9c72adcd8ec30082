import BourseCore

/// A market of the randomized suite and how the generator prices and sizes orders in it.
///
/// The markets share currencies (KRW, BTC, USDT are quote in one market and base or quote in others) so a
/// fill in one market changes what an account can do in another, and their fee rates differ: Upbit's
/// defaults, maker 0 with taker 0.25 %, maker above taker, and no fees at all.
struct MarketProfile {
    /// The market as listed.
    var market: Market
    /// Where the moving mid price starts, in 10⁻⁸ quote units (on the grid).
    var startMid: Int64

    /// A currency's usual deposit, in 10⁻⁸ units: enough for a few dozen typical orders.
    static let standardDeposit: [String: Int64] = [
        "KRW": 50_000_000 * fixedPointScale,
        "BTC": 2 * fixedPointScale,
        "ETH": 50 * fixedPointScale,
        "USDT": 50_000 * fixedPointScale,
        "XRP": 100_000 * fixedPointScale,
    ]

    /// The currencies the markets trade.
    static let currencies = ["KRW", "BTC", "ETH", "USDT", "XRP"]

    /// The listed markets.
    static let all: [MarketProfile] = [
        // Upbit defaults: 0.05 % both ways, KRW grid at 1,000 KRW.
        MarketProfile(market: Market(code: MarketCode("KRW-BTC")!), startMid: 100_000_000 * fixedPointScale),
        // Maker 0, taker 0.25 %; the mid wanders across the 500,000 KRW band edge (ticks 100 and 500).
        MarketProfile(
            market: Market(
                code: MarketCode("KRW-ETH")!, makerFee: FeeRate(units: 0), takerFee: FeeRate(units: 250_000)),
            startMid: 500_000 * fixedPointScale),
        // A BTC market: one-satoshi grid, 0.00005 BTC minimum.
        MarketProfile(market: Market(code: MarketCode("BTC-ETH")!), startMid: 3_000_000),
        // Maker 0.1 % above taker 0.05 %: the reserve uses the maker rate.
        MarketProfile(
            market: Market(
                code: MarketCode("USDT-BTC")!, makerFee: FeeRate(units: 100_000), takerFee: FeeRate(units: 50_000)),
            startMid: 100_000 * fixedPointScale),
        // A cheap coin priced in satoshis: fills whose funds round to 0, dust of market buys.
        MarketProfile(market: Market(code: MarketCode("BTC-XRP")!), startMid: 2_167),
        // The KRW stablecoin grid (0.5 KRW ticks) and no fees at all.
        MarketProfile(
            market: Market(code: MarketCode("KRW-USDT")!, makerFee: FeeRate(units: 0), takerFee: FeeRate(units: 0)),
            startMid: 1_400 * fixedPointScale),
    ]
}
