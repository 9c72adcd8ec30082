public import BourseCore
import BourseWire

/// The private stream messages (§6.4): `myOrder` and `myAsset`, numbers as JSON numbers and absent values
/// as explicit `null`, always `REALTIME`.
public enum PrivateStreamJSON {
    /// What a `myOrder` message reports: the order's state, or one fill (`state: trade`, with the fill's
    /// price, volume, fee and maker flag).
    public enum OrderUpdate: Sendable {
        /// The order is in `record.state` (`wait` after placement, `done`, `cancel`).
        case state
        /// The order filled.
        case trade(OrderFill)
    }

    /// A `myOrder` message about `record` (its state after the commit) at `time`.
    public static func myOrder(
        _ record: OrderRecord, _ update: OrderUpdate, time: Timestamp, keys: KeyStyle
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: keys == .full ? 900 : 520)
        writer.beginObject()
        writer.key("type", "ty", keys)
        writer.string("myOrder")
        writer.key("code", "cd", keys)
        writer.string(record.market)
        writer.key("uuid", "uid", keys)
        writer.string(OrderUUID.string(record.id))
        writer.key("ask_bid", "ab", keys)
        writer.string(record.side == .bid ? "BID" : "ASK")
        writer.key("order_type", "ot", keys)
        writer.string(record.type.rawValue)
        writer.key("state", "s", keys)
        var fill: OrderFill?
        switch update {
        case .state: writer.string(record.state.rawValue)
        case .trade(let traded):
            writer.string("trade")
            fill = traded
        }
        writer.key("trade_uuid", "tuid", keys)
        optional(&writer, fill.map { OrderUUID.trade($0.market, sequence: $0.tradeSequence) })
        writer.key("price", "p", keys)
        optional(&writer, fill?.price ?? record.price)
        writer.key("avg_price", "ap", keys)
        writer.number(averagePrice(record), alwaysFractional: false)
        writer.key("volume", "v", keys)
        optional(&writer, fill?.volume ?? record.volume)
        writer.key("remaining_volume", "rv", keys)
        optional(&writer, record.remainingVolume)
        writer.key("executed_volume", "ev", keys)
        writer.number(record.executedVolume, alwaysFractional: false)
        writer.key("trades_count", "tc", keys)
        writer.integer(record.tradesCount)
        writer.key("reserved_fee", "rsf", keys)
        writer.number(record.reservedFee, alwaysFractional: false)
        writer.key("remaining_fee", "rmf", keys)
        writer.number(record.remainingFee, alwaysFractional: false)
        writer.key("paid_fee", "pf", keys)
        writer.number(record.paidFee, alwaysFractional: false)
        writer.key("locked", "l", keys)
        writer.number(record.locked, alwaysFractional: false)
        writer.key("executed_funds", "ef", keys)
        writer.number(record.executedFunds, alwaysFractional: false)
        writer.key("time_in_force", "tif", keys)
        optional(&writer, record.timeInForce?.rawValue)
        writer.key("trade_fee", "tf", keys)
        optional(&writer, fill?.fee)
        writer.key("is_maker", "im", keys)
        if let fill { writer.bool(fill.isMaker) } else { writer.null() }
        writer.key("identifier", "id", keys)
        optional(&writer, record.identifier?.description)
        writer.key("smp_type", "smpt", keys)
        optional(&writer, record.selfTradePrevention?.rawValue)
        writer.key("prevented_volume", "pv", keys)
        writer.number(record.preventedVolume, alwaysFractional: false)
        writer.key("prevented_locked", "pl", keys)
        writer.number(record.preventedLocked, alwaysFractional: false)
        writer.key("trade_timestamp", "ttms", keys)
        if let fill { writer.integer(fill.time.milliseconds) } else { writer.null() }
        writer.key("order_timestamp", "otms", keys)
        writer.integer(record.createdAt.milliseconds)
        writer.key("timestamp", "tms", keys)
        writer.integer(time.milliseconds)
        writer.streamType(.realtime, keys)
        writer.endObject()
        return writer.bytes
    }

    /// A `myAsset` message listing the changed `balances` of one account.
    public static func myAsset(_ balances: [Balance], assetUUID: String, time: Timestamp, keys: KeyStyle) -> [UInt8] {
        var writer = JSONWriter(capacity: 160 + 96 * balances.count)
        writer.beginObject()
        writer.key("type", "ty", keys)
        writer.string("myAsset")
        writer.key("asset_uuid", "astuid", keys)
        writer.string(assetUUID)
        writer.key("assets", "ast", keys)
        writer.beginArray()
        for balance in balances {
            writer.beginObject()
            writer.key("currency", "cu", keys)
            writer.string(balance.currency)
            writer.key("balance", "b", keys)
            writer.number(balance.balance, alwaysFractional: false)
            writer.key("locked", "l", keys)
            writer.number(balance.locked, alwaysFractional: false)
            writer.endObject()
        }
        writer.endArray()
        writer.key("asset_timestamp", "asttms", keys)
        writer.integer(time.milliseconds)
        writer.key("timestamp", "tms", keys)
        writer.integer(time.milliseconds)
        writer.streamType(.realtime, keys)
        writer.endObject()
        return writer.bytes
    }

    /// Funds per unit filled so far, rounded to the nearest 10⁻⁸; zero before the first fill.
    static func averagePrice(_ record: OrderRecord) -> Price {
        guard record.executedVolume.units > 0 else { return .zero }
        let scaled = Int128(record.executedFunds.units) * 100_000_000
        let volume = Int128(record.executedVolume.units)
        return Price(units: Int64(clamping: (scaled + volume / 2) / volume))
    }

    private static func optional(_ writer: inout JSONWriter, _ value: (some FixedPoint)?) {
        if let value { writer.number(value, alwaysFractional: false) } else { writer.null() }
    }

    private static func optional(_ writer: inout JSONWriter, _ value: String?) {
        if let value { writer.string(value) } else { writer.null() }
    }

    /// A `myAlert` message: one of the account's alerts fired (a Bourse extension type, sent only to
    /// connections that subscribe to it, so Upbit's own clients never see one). `type`, `alert_id`, `kind`
    /// (`price`, `change_rate`, `value_24h`, `item`), `code` (the market, or null), `item` (or null),
    /// `notification_id` (its inbox entry), `text`, `timestamp`, `stream_type`; SIMPLE formats abbreviate
    /// them `ty`, `aid`, `k`, `cd`, `it`, `nid`, `tx`, `tms`, `st`.
    public static func myAlert(
        id: UInt64, kind: String, market: MarketCode?, item: UInt64?, notification: UInt64, text: String,
        time: Timestamp, keys: KeyStyle
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + text.utf8.count)
        writer.beginObject()
        writer.key("type", "ty", keys)
        writer.string("myAlert")
        writer.key("alert_id", "aid", keys)
        writer.integer(Int64(clamping: id))
        writer.key("kind", "k", keys)
        writer.string(kind)
        writer.key("code", "cd", keys)
        if let market { writer.string(market.description) } else { writer.null() }
        writer.key("item", "it", keys)
        if let item { writer.integer(Int64(clamping: item)) } else { writer.null() }
        writer.key("notification_id", "nid", keys)
        writer.integer(Int64(clamping: notification))
        writer.key("text", "tx", keys)
        writer.string(text)
        writer.key("timestamp", "tms", keys)
        writer.integer(time.milliseconds)
        writer.streamType(.realtime, keys)
        writer.endObject()
        return writer.bytes
    }
}
