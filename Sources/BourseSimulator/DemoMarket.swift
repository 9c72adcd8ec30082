public import BourseCore

/// A market the demo simulates: its rules and where its price starts.
public struct DemoMarket: Sendable {
    /// The market's rules and names.
    public var market: Market
    /// The fair value the random walk starts from.
    public var startPrice: Price

    /// A demo market.
    public init(market: Market, startPrice: Price) {
        self.market = market
        self.startPrice = startPrice
    }

    /// The default demo markets: KRW, BTC and USDT quotes with Korean and English names and prices of
    /// the order of real ones.
    public static let defaults: [DemoMarket] = [
        demo("KRW-BTC", "비트코인", "Bitcoin", "143250000"),
        demo("KRW-ETH", "이더리움", "Ethereum", "5212000"),
        demo("KRW-XRP", "리플", "XRP", "3105"),
        demo("KRW-SOL", "솔라나", "Solana", "287400"),
        demo("KRW-DOGE", "도지코인", "Dogecoin", "512"),
        demo("KRW-USDT", "테더", "Tether", "1452.5"),
        demo("BTC-ETH", "이더리움", "Ethereum", "0.03638"),
        demo("BTC-XRP", "리플", "XRP", "0.00002167"),
        demo("USDT-BTC", "비트코인", "Bitcoin", "98640.12"),
        demo("USDT-ETH", "이더리움", "Ethereum", "3589.4"),
    ]

    private static func demo(_ code: String, _ korean: String, _ english: String, _ price: String) -> DemoMarket {
        DemoMarket(
            market: Market(code: MarketCode(code)!, koreanName: korean, englishName: english),
            startPrice: try! Price(parsing: price))
    }
}
