/// A listed market as the board shows it: its code and names (from `GET /v1/market/all?isDetails=true`).
public struct BoardMarket: Hashable, Sendable {
    /// The market code, quote first (`KRW-BTC`).
    public var code: String
    /// The Korean name (`비트코인`).
    public var koreanName: String
    /// The English name (`Bitcoin`).
    public var englishName: String
    /// `true` if the exchange flags the market (Upbit's `market_warning: CAUTION`).
    public var hasWarning: Bool

    /// A market listed as `code` with its names.
    public init(code: String, koreanName: String, englishName: String, hasWarning: Bool = false) {
        self.code = code
        self.koreanName = koreanName
        self.englishName = englishName
        self.hasWarning = hasWarning
    }

    /// The quote currency: what comes before the `-` (`KRW`).
    public var quote: Substring { code.prefix { $0 != "-" } }

    /// The base currency: what comes after the `-` (`BTC`).
    public var base: Substring {
        guard let dash = code.firstIndex(of: "-") else { return code[...] }
        return code[code.index(after: dash)...]
    }
}

/// How a market's price moved against the previous close (Upbit's `change`).
public enum PriceChange: String, Hashable, Sendable {
    /// Up: Korean screens draw it red.
    case rise = "RISE"
    /// Unchanged.
    case even = "EVEN"
    /// Down: Korean screens draw it blue.
    case fall = "FALL"
}

/// One ticker message's worth of what the board shows about a market.
///
/// Numbers are the wire's JSON numbers (`Double`); the board only shows and sorts them, it never computes
/// money with them.
public struct TickerUpdate: Hashable, Sendable {
    /// The market (`KRW-BTC`).
    public var code: String
    /// The last trade price.
    public var tradePrice: Double
    /// The change against the previous close, as a fraction (`0.0123` is +1.23 %).
    public var signedChangeRate: Double
    /// The change against the previous close, in the quote currency.
    public var signedChangePrice: Double
    /// The traded value of the last 24 hours, in the quote currency.
    public var accTradePrice24h: Double
    /// Up, unchanged or down.
    public var change: PriceChange

    /// An update of market `code`.
    public init(
        code: String, tradePrice: Double, signedChangeRate: Double, signedChangePrice: Double,
        accTradePrice24h: Double, change: PriceChange
    ) {
        self.code = code
        self.tradePrice = tradePrice
        self.signedChangeRate = signedChangeRate
        self.signedChangePrice = signedChangePrice
        self.accTradePrice24h = accTradePrice24h
        self.change = change
    }
}
