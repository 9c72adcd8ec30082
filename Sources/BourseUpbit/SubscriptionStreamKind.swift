public import BourseCore

/// The quotation stream types of `/websocket/v1`.
///
/// The private types (`myOrder`, `myAsset`) are not here yet: they are served on `/websocket/v1/private`.
public enum StreamKind: Hashable, Sendable {
    /// `ticker`: one message per trade with the day's statistics.
    case ticker
    /// `trade`: one message per trade.
    case trade
    /// `orderbook`: a full top-N book on every change.
    case orderBook
    /// `candle.1s`, `candle.1m`, …, `candle.240m`.
    ///
    /// Only ``CandleUnit/second`` and the minute units are streamed; parsing never produces the others.
    case candle(CandleUnit)

    /// Parses a wire type name (`ticker`, `orderbook`, `candle.5m`); exact spelling, as Upbit documents it.
    public init?(typeName: some StringProtocol) {
        switch typeName {
        case "ticker": self = .ticker
        case "trade": self = .trade
        case "orderbook": self = .orderBook
        case "candle.1s": self = .candle(.second)
        default:
            guard typeName.hasPrefix("candle."), typeName.hasSuffix("m") else { return nil }
            let digits = typeName.dropFirst("candle.".count).dropLast()
            // `Int` would accept "+5" or "05"; require the canonical spelling.
            guard let minutes = Int(digits), String(minutes) == digits, let unit = CandleUnit(minutes: minutes)
            else { return nil }
            self = .candle(unit)
        }
    }

    /// The wire type name (`ty` in SIMPLE format).
    ///
    /// Day, week, month and year candles are not streamed; they spell as `candle.1d`, `candle.1w`,
    /// `candle.1mo` and `candle.1y`, names the parser does not accept.
    public var typeName: String {
        switch self {
        case .ticker: "ticker"
        case .trade: "trade"
        case .orderBook: "orderbook"
        case .candle(let unit):
            switch unit {
            case .second: "candle.1s"
            case .day: "candle.1d"
            case .week: "candle.1w"
            case .month: "candle.1mo"
            case .year: "candle.1y"
            case .minute1, .minute3, .minute5, .minute10, .minute15, .minute30, .minute60, .minute240:
                "candle.\(unit.minutes!)m"
            }
        }
    }
}
