public import BourseCore

/// A market the demo simulates: its rules and how much trades in it.
///
/// Its price is not set here: it is the ratio of its two assets' values (``DemoAsset``).
public struct DemoMarket: Sendable {
    /// The market's rules and names.
    public var market: Market
    /// How busy and how deep it is.
    public var liquidity: MarketLiquidity

    /// A demo market.
    public init(market: Market, liquidity: MarketLiquidity) {
        self.market = market
        self.liquidity = liquidity
    }

    /// The default demo markets: KRW, BTC and USDT quotes with Korean and English names, ranked by
    /// liquidity as on a real exchange (KRW-BTC ≫ KRW-ETH ≫ KRW-XRP …, the BTC and USDT markets far
    /// smaller), with 24-hour values of a mid-sized exchange's.
    public static let defaults: [DemoMarket] = [
        demo("KRW-BTC", "비트코인", "Bitcoin", daily: "5000000000", orders: 50_000, level: "12000000", spacing: 50),
        demo("KRW-ETH", "이더리움", "Ethereum", daily: "2000000000", orders: 25_000, level: "5000000", spacing: 100),
        demo("KRW-XRP", "리플", "XRP", daily: "1000000000", orders: 15_000, level: "3000000", spacing: 100),
        demo("KRW-SOL", "솔라나", "Solana", daily: "500000000", orders: 8_000, level: "1500000", spacing: 100),
        demo("KRW-DOGE", "도지코인", "Dogecoin", daily: "250000000", orders: 5_000, level: "1000000", spacing: 100),
        demo("KRW-USDT", "테더", "Tether", daily: "800000000", orders: 8_000, level: "3000000", spacing: 50),
        demo("BTC-ETH", "이더리움", "Ethereum", daily: "2.5", orders: 2_500, level: "0.04", spacing: 150),
        demo("BTC-XRP", "리플", "XRP", daily: "0.6", orders: 1_200, level: "0.015", spacing: 200),
        demo("USDT-BTC", "비트코인", "Bitcoin", daily: "300000", orders: 4_000, level: "8000", spacing: 50),
        demo("USDT-ETH", "이더리움", "Ethereum", daily: "100000", orders: 2_500, level: "3000", spacing: 100),
    ]

    private static func demo(
        _ code: String, _ korean: String, _ english: String, daily: String, orders: Int, level: String,
        spacing: Int64
    ) -> DemoMarket {
        DemoMarket(
            market: Market(code: MarketCode(code)!, koreanName: korean, englishName: english),
            liquidity: MarketLiquidity(
                dailyValue: try! Funds(parsing: daily), ordersPerDay: orders, levelValue: try! Funds(parsing: level),
                spacingPerMillion: spacing))
    }
}

/// How much trades in a market and how its maker quotes: what makes a busy market look busy.
public struct MarketLiquidity: Sendable, Hashable {
    /// Value traded in a day, in the quote currency (the 24-hour value a ticker shows).
    public var dailyValue: Funds
    /// Taker orders in a day; the average order is ``dailyValue`` divided by this.
    public var ordersPerDay: Int
    /// The average value of one price level of the maker's ladder, in the quote currency (deeper levels
    /// hold more than the inner ones).
    public var levelValue: Funds
    /// The ladder's spacing (and so the spread) as a fraction of the price, in millionths: 50 is 0.5 basis
    /// point. Rounded down to 1, 2 or 5 × a power of ten, and never below the market's tick.
    public var spacingPerMillion: Int64

    /// A liquidity profile; see each property.
    public init(dailyValue: Funds, ordersPerDay: Int, levelValue: Funds, spacingPerMillion: Int64) {
        precondition(dailyValue.units > 0 && ordersPerDay > 0 && levelValue.units > 0 && spacingPerMillion > 0)
        self.dailyValue = dailyValue
        self.ordersPerDay = ordersPerDay
        self.levelValue = levelValue
        self.spacingPerMillion = spacingPerMillion
    }

    /// The average taker order's value, in the quote currency's units.
    var averageOrderUnits: Int64 { dailyValue.units / Int64(ordersPerDay) }
}
