extension TickerUpdate: Decodable {
    /// Reads a ticker from `GET /v1/ticker` (`market`) or a WebSocket `ticker` message (`code`, or the
    /// SIMPLE format's `cd`, `tp`, `scr`, `scp`, `atp24h`, `c`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        let change: String = try container.value("change", "c")
        guard let parsed = PriceChange(rawValue: change) else {
            throw DecodingError.dataCorruptedError(
                forKey: WireKey("change"), in: container, debugDescription: "change \(change) is not RISE, EVEN or FALL"
            )
        }
        self.init(
            code: try container.value("market", "code", "cd"),
            tradePrice: try container.value("trade_price", "tp"),
            signedChangeRate: try container.value("signed_change_rate", "scr"),
            signedChangePrice: try container.value("signed_change_price", "scp"),
            accTradePrice24h: try container.value("acc_trade_price_24h", "atp24h"),
            change: parsed)
    }
}

extension BoardMarket: Decodable {
    /// Reads one entry of `GET /v1/market/all?isDetails=true` (`market`, `korean_name`, `english_name`,
    /// `market_warning` or `market_event.warning`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        var warned = try container.optionalValue("market_warning", as: String.self) == "CAUTION"
        if let event = try container.optionalValue("market_event", as: MarketEvent.self) {
            warned = warned || event.warning
        }
        self.init(
            code: try container.value("market"), koreanName: try container.value("korean_name"),
            englishName: try container.value("english_name"), hasWarning: warned)
    }

    private struct MarketEvent: Decodable {
        var warning: Bool
    }
}
