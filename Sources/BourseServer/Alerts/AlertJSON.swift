import BourseCore
import BourseStore
import BourseWire

/// Alerts' JSON for the REST routes (the private socket's `myAlert` is ``PrivateStreamJSON/myAlert``).
enum AlertJSON {
    /// `alert_id`, `kind`, `market`, `item`, `price`, `direction`, `percent`, `amount`, `minutes`, `state`,
    /// `created_at`, `ended_at` (epoch milliseconds), `text` (the condition in words). Members a kind does not
    /// use are null, so every alert has the same keys.
    static func fields(of alert: Alert, into writer: inout JSONWriter) {
        writer.key("alert_id")
        writer.integer(Int64(alert.id))
        var (market, item, price, direction, percent, amount, minutes):
            (
                String?, ItemID?, String?, String?, String?, String?, Int?
            ) = (nil, nil, nil, nil, nil, nil, nil)
        let kind: String
        switch alert.condition {
        case .price(let code, let line, let side):
            (kind, market, price, direction) = ("price", code.description, line.description, side.rawValue)
        case .changeRate(let code, let rate):
            // 10⁻¹⁰ of a rate are 10⁻⁸ of a percent.
            (kind, market, percent) = ("change_rate", code.description, DecimalFormatter.format(rate.units))
        case .value24h(let code, let funds):
            (kind, market, amount) = ("value_24h", code.description, funds.description)
        case .item(let id, let funds, let within):
            (kind, item, price, minutes) = ("item", id, AuctionMoney.text(funds), within)
        }
        writer.key("kind")
        writer.string(kind)
        optional("market", market, &writer)
        writer.key("item")
        if let item { writer.integer(Int64(item.rawValue)) } else { writer.null() }
        optional("price", price, &writer)
        optional("direction", direction, &writer)
        optional("percent", percent, &writer)
        optional("amount", amount, &writer)
        writer.key("minutes")
        if let minutes { writer.integer(Int64(minutes)) } else { writer.null() }
        writer.key("state")
        writer.string(alert.state.rawValue)
        writer.key("text")
        writer.string(AlertText.describe(alert.condition))
        writer.key("text_ko")
        writer.string(AlertText.describeKorean(alert.condition))
        writer.key("created_at")
        writer.integer(alert.createdAt.milliseconds)
        writer.key("ended_at")
        if let ended = alert.endedAt { writer.integer(ended.milliseconds) } else { writer.null() }
    }

    /// One alert as a JSON object.
    static func object(_ alert: Alert) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        fields(of: alert, into: &writer)
        writer.endObject()
        return writer.bytes
    }

    private static func optional(_ key: StaticString, _ value: String?, _ writer: inout JSONWriter) {
        writer.key(key)
        if let value { writer.string(value) } else { writer.null() }
    }
}
