/// The trading rules of one market: its price grid, order-size limits, fees and state.
public struct Market: Hashable, Codable, Sendable {
    /// `QUOTE-BASE`.
    public let code: MarketCode
    /// Name shown to Korean users (`비트코인`).
    public var koreanName: String
    /// Name shown to everyone else (`Bitcoin`).
    public var englishName: String
    /// The valid prices.
    public var ticks: TickTable
    /// The smallest order total in the quote currency (`under_min_total_bid`/`_ask` below it).
    public var minTotal: Funds
    /// The largest order total Upbit advertises in `orders/chance` (`market.max_total`).
    public var maxTotal: Funds
    /// The fee a resting (maker) order pays on its fills.
    public var makerFee: FeeRate
    /// The fee an incoming (taker) order pays on its fills.
    public var takerFee: FeeRate
    /// Whether new orders are taken.
    public var state: MarketState
    /// Warning and caution flags.
    public var warning: MarketWarning

    /// A market with Upbit's rules for its quote currency unless told otherwise.
    public init(
        code: MarketCode,
        koreanName: String = "",
        englishName: String = "",
        ticks: TickTable? = nil,
        minTotal: Funds? = nil,
        maxTotal: Funds? = nil,
        makerFee: FeeRate = .upbitDefault,
        takerFee: FeeRate = .upbitDefault,
        state: MarketState = .active,
        warning: MarketWarning = .none
    ) {
        precondition(makerFee.isValid && takerFee.isValid, "fee rates must be in 0 ..< 1")
        self.code = code
        self.koreanName = koreanName
        self.englishName = englishName
        self.ticks = ticks ?? .upbit(for: code)
        self.minTotal = minTotal ?? Market.upbitMinTotal(quote: code.quote)
        self.maxTotal = maxTotal ?? Market.upbitMaxTotal(quote: code.quote)
        self.makerFee = makerFee
        self.takerFee = takerFee
        self.state = state
        self.warning = warning
    }

    /// The fee rate reserved when a buy is locked: the larger of maker and taker, since a buy may end up
    /// as either.
    public var reservedFee: FeeRate { max(makerFee, takerFee) }

    /// Upbit's minimum order totals: 5,000 KRW, 0.00005 BTC, 0.5 USDT.
    public static func upbitMinTotal(quote: String) -> Funds {
        switch quote {
        case "KRW": try! Funds(parsing: "5000")
        case "BTC": try! Funds(parsing: "0.00005")
        case "USDT": try! Funds(parsing: "0.5")
        default: try! Funds(parsing: "0.00005")
        }
    }

    /// The maximum totals Upbit advertises: 1,000,000,000 KRW, 10 BTC (since 2025-05-19), 1,000,000 USDT.
    public static func upbitMaxTotal(quote: String) -> Funds {
        switch quote {
        case "KRW": try! Funds(parsing: "1000000000")
        case "BTC": try! Funds(parsing: "10")
        default: try! Funds(parsing: "1000000")
        }
    }
}
