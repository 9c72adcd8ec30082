public import BourseCore
import BourseWire

/// Upbit's exchange API bodies (reference §3): amounts as plain decimal strings, nulls omitted.
public enum ExchangeJSON {
    /// `GET /v1/accounts` (§3.2): one object per currency held; KRW always, so clients that look it up
    /// (pyupbit's `get_balance("KRW")`) find it on a new account too.
    public static func accounts(_ balances: [Balance]) -> [UInt8] {
        var writer = JSONWriter(capacity: 160 * balances.count + 160)
        writer.beginArray()
        if !balances.contains(where: { $0.currency == "KRW" }) {
            account(&writer, currency: "KRW", balance: .zero, locked: .zero, average: .zero, unit: "KRW")
        }
        for row in balances {
            account(
                &writer, currency: row.currency, balance: row.balance, locked: row.locked, average: row.averageBuyPrice,
                unit: row.unitCurrency ?? "KRW")
        }
        writer.endArray()
        return writer.bytes
    }

    /// `GET /v1/orders/chance` (§3.5): the market's fees, order types and limits, and the caller's two
    /// accounts in it.
    public static func chance(_ market: Market, bid: Balance, ask: Balance) -> [UInt8] {
        var writer = JSONWriter(capacity: 1_024)
        writer.beginObject()
        for (name, rate) in [
            ("bid_fee", market.takerFee), ("ask_fee", market.takerFee), ("maker_bid_fee", market.makerFee),
            ("maker_ask_fee", market.makerFee),
        ] {
            writer.key(escaping: name)
            writer.string(rate.description)
        }
        writer.key("market")
        writer.beginObject()
        writer.key("id")
        writer.string(market.code)
        writer.key("name")
        writer.string("\(market.code.base)/\(market.code.quote)")
        writer.key("order_types")
        strings(&writer, ["limit"])
        writer.key("order_sides")
        strings(&writer, ["ask", "bid"])
        writer.key("bid_types")
        strings(&writer, ["best_fok", "best_ioc", "limit", "limit_fok", "limit_ioc", "price"])
        writer.key("ask_types")
        strings(&writer, ["best_fok", "best_ioc", "limit", "limit_fok", "limit_ioc", "market"])
        for (side, currency) in [("bid", market.code.quote), ("ask", market.code.base)] {
            writer.key(escaping: side)
            writer.beginObject()
            writer.key("currency")
            writer.string(currency)
            writer.key("min_total")
            writer.string(market.minTotal.description)
            writer.endObject()
        }
        writer.key("max_total")
        writer.string(market.maxTotal.description)
        writer.key("state")
        writer.string(market.state.rawValue)
        writer.endObject()
        for (name, balance) in [("bid_account", bid), ("ask_account", ask)] {
            writer.key(escaping: name)
            account(
                &writer, currency: balance.currency, balance: balance.balance, locked: balance.locked,
                average: balance.averageBuyPrice, unit: balance.unitCurrency ?? "KRW")
        }
        writer.endObject()
        return writer.bytes
    }

    private static func strings(_ writer: inout JSONWriter, _ values: [String]) {
        writer.beginArray()
        for value in values { writer.string(value) }
        writer.endArray()
    }

    static func account(
        _ writer: inout JSONWriter, currency: String, balance: Funds, locked: Funds, average: Price, unit: String
    ) {
        writer.beginObject()
        writer.key("currency")
        writer.string(currency)
        writer.key("balance")
        writer.string(balance.description)
        writer.key("locked")
        writer.string(locked.description)
        writer.key("avg_buy_price")
        writer.string(average.description)
        writer.key("avg_buy_price_modified")
        writer.bool(false)
        writer.key("unit_currency")
        writer.string(unit)
        writer.endObject()
    }

    /// `GET /v1/api_keys`: `[{"access_key":…,"expire_at":…}]`, expiry as KST ISO-8601 (omitted if none).
    public static func apiKeys(_ keys: [(accessKey: String, expiresAt: Timestamp?)]) -> [UInt8] {
        var writer = JSONWriter(capacity: 96 * keys.count + 2)
        writer.beginArray()
        for key in keys {
            writer.beginObject()
            writer.key("access_key")
            writer.string(key.accessKey)
            if let expiry = key.expiresAt {
                writer.key("expire_at")
                writer.string(UTCDateTime.kst(expiry), .dateTimeKST)
            }
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }
}
