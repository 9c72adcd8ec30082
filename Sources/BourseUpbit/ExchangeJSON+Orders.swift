public import BourseCore
public import BourseWire

/// Upbit's order objects (reference §3.4): amounts as decimal strings, times in KST, absent values omitted.
extension ExchangeJSON {
    /// What an order object carries besides the fields every response has.
    public struct OrderExtras: Sendable {
        /// `executed_funds` (lists: open, closed, uuids).
        public var executedFunds = false
        /// `trades` (`GET /v1/order` only; `[]` when none).
        public var trades: [OrderFill]?
        /// `new_order_uuid` and `new_order_identifier` (`cancel_and_new`).
        public var newOrder: (id: OrderID, identifier: OrderIdentifier?)?

        /// Nothing extra.
        public init(
            executedFunds: Bool = false, trades: [OrderFill]? = nil,
            newOrder: (id: OrderID, identifier: OrderIdentifier?)? = nil
        ) {
            self.executedFunds = executedFunds
            self.trades = trades
            self.newOrder = newOrder
        }
    }

    /// One order object.
    public static func order(_ record: OrderRecord, _ extras: OrderExtras = OrderExtras()) -> [UInt8] {
        var writer = JSONWriter(capacity: 640 + 256 * (extras.trades?.count ?? 0))
        order(&writer, record, extras)
        return writer.bytes
    }

    /// One order object, written into `writer` (a message that carries an order inside it).
    public static func write(_ record: OrderRecord, into writer: inout JSONWriter) {
        order(&writer, record, OrderExtras())
    }

    /// An array of order objects, each with `executed_funds` (the list endpoints).
    public static func orders(_ records: [OrderRecord]) -> [UInt8] {
        var writer = JSONWriter(capacity: 640 * records.count + 2)
        writer.beginArray()
        for record in records { order(&writer, record, OrderExtras(executedFunds: true)) }
        writer.endArray()
        return writer.bytes
    }

    /// One order named in a cancel result: its UUID, and its market and identifier when known.
    public struct CancelledOrder: Sendable {
        /// The UUID (as the client sent it, for an unknown order; `nil` for an unknown identifier).
        public var uuid: String?
        /// The market, if the order is known.
        public var market: MarketCode?
        /// The client's identifier, if any.
        public var identifier: String?

        /// Builds it from exactly these parts; nothing is checked or derived here.
        public init(uuid: String?, market: MarketCode?, identifier: String?) {
            self.uuid = uuid
            self.market = market
            self.identifier = identifier
        }

        /// The entry of a known order.
        public init(_ record: OrderRecord) {
            self.init(
                uuid: OrderUUID.string(record.id), market: record.market, identifier: record.identifier?.description)
        }
    }

    /// The cancel result of `DELETE /v1/orders/uuids` and `DELETE /v1/orders/open` (§3.5).
    public static func cancelResult(cancelled: [CancelledOrder], failed: [CancelledOrder]) -> [UInt8] {
        var writer = JSONWriter(capacity: 160 * (cancelled.count + failed.count) + 96)
        writer.beginObject()
        for (name, entries) in [("success", cancelled), ("failed", failed)] {
            writer.key(escaping: name)
            writer.beginObject()
            writer.key("count")
            writer.integer(entries.count)
            writer.key("orders")
            writer.beginArray()
            for entry in entries {
                writer.beginObject()
                if let uuid = entry.uuid {
                    writer.key("uuid")
                    writer.string(uuid)
                }
                if let market = entry.market {
                    writer.key("market")
                    writer.string(market)
                }
                if let identifier = entry.identifier {
                    writer.key("identifier")
                    writer.string(identifier)
                }
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endObject()
        return writer.bytes
    }

    private static func order(_ writer: inout JSONWriter, _ record: OrderRecord, _ extras: OrderExtras) {
        writer.beginObject()
        writer.key("uuid")
        writer.string(OrderUUID.string(record.id))
        writer.key("side")
        writer.string(record.side.rawValue)
        writer.key("ord_type")
        writer.string(record.type.rawValue)
        decimal(&writer, "price", record.price)
        writer.key("state")
        writer.string(record.state.rawValue)
        writer.key("market")
        writer.string(record.market)
        writer.key("created_at")
        writer.string(UTCDateTime.kst(record.createdAt), .dateTimeKST)
        decimal(&writer, "volume", record.volume)
        decimal(&writer, "remaining_volume", record.remainingVolume)
        decimal(&writer, "prevented_volume", record.preventedVolume)
        decimal(&writer, "reserved_fee", record.reservedFee)
        decimal(&writer, "remaining_fee", record.remainingFee)
        decimal(&writer, "paid_fee", record.paidFee)
        decimal(&writer, "locked", record.locked)
        decimal(&writer, "prevented_locked", record.preventedLocked)
        decimal(&writer, "executed_volume", record.executedVolume)
        if extras.executedFunds { decimal(&writer, "executed_funds", record.executedFunds) }
        writer.key("trades_count")
        writer.integer(record.tradesCount)
        if let timeInForce = record.timeInForce {
            writer.key("time_in_force")
            writer.string(timeInForce.rawValue)
        }
        if let identifier = record.identifier {
            writer.key("identifier")
            writer.string(identifier.description)
        }
        if let prevention = record.selfTradePrevention {
            writer.key("smp_type")
            writer.string(prevention.rawValue)
        }
        if let newOrder = extras.newOrder {
            writer.key("new_order_uuid")
            writer.string(OrderUUID.string(newOrder.id))
            if let identifier = newOrder.identifier {
                writer.key("new_order_identifier")
                writer.string(identifier.description)
            }
        }
        if let trades = extras.trades {
            writer.key("trades")
            writer.beginArray()
            for fill in trades { trade(&writer, fill) }
            writer.endArray()
        }
        writer.endObject()
    }

    /// `"key":"decimal"` (Upbit's exchange objects carry amounts as strings); nothing when `value` is nil.
    private static func decimal(_ writer: inout JSONWriter, _ key: StaticString, _ value: (some FixedPoint)?) {
        guard let value else { return }
        writer.key(key)
        writer.string(value.description)
    }

    /// A `trades[]` item of `GET /v1/order`, with the order's fee on it as `<side>_fee` (ccxt reads it).
    private static func trade(_ writer: inout JSONWriter, _ fill: OrderFill) {
        writer.beginObject()
        writer.key("market")
        writer.string(fill.market)
        writer.key("uuid")
        writer.string(OrderUUID.trade(fill.market, sequence: fill.tradeSequence))
        decimal(&writer, "price", fill.price)
        decimal(&writer, "volume", fill.volume)
        decimal(&writer, "funds", fill.funds)
        writer.key("trend")
        writer.string(fill.takerBought ? "up" : "down")
        writer.key("created_at")
        writer.string(UTCDateTime.kst(fill.time), .dateTimeKST)
        writer.key("side")
        writer.string(fill.side.rawValue)
        writer.key(escaping: "\(fill.side.rawValue)_fee")
        writer.string(fill.fee.description)
        writer.endObject()
    }
}
