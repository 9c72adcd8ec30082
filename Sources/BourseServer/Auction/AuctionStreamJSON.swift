import BourseCore
import BourseWire

/// The auction socket's JSON messages.
enum AuctionStreamJSON {
    /// An event: `type`, `item`, `seq`, `server_time`, then what `body` writes.
    static func event(
        _ type: String, _ item: ItemID, _ sequence: UInt64, _ now: Timestamp, _ body: (inout JSONWriter) -> Void
    ) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string(type)
        writer.key("item")
        writer.integer(Int64(item.rawValue))
        writer.key("seq")
        writer.integer(Int64(sequence))
        writer.key("server_time")
        writer.integer(now.milliseconds)
        body(&writer)
        writer.endObject()
        return writer.bytes
    }

    static func price(_ bid: BidAccepted, leader: String?, into writer: inout JSONWriter) {
        writer.key("price")
        writer.string(AuctionMoney.text(bid.price))
        writer.key("previous_price")
        writer.string(AuctionMoney.text(bid.previousPrice))
        writer.key("bid_count")
        writer.integer(bid.bidCount)
        writer.key("leader")
        if let leader { writer.string(leader) } else { writer.null() }
        writer.key("reserve")
        writer.string(bid.reserve.rawValue)
        writer.key("buy_now_price")
        if let buyNow = bid.buyNowPrice { writer.string(AuctionMoney.text(buyNow)) } else { writer.null() }
        writer.key("effective_ends_at")
        writer.integer(bid.effectiveEndsAt.milliseconds)
    }
}
