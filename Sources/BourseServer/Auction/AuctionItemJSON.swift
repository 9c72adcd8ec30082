import BourseCore
import BourseStore
import BourseWire

/// An item as the auction API shows it (auction-api.md §5).
struct AuctionItemView {
    var item: AuctionItem
    var listing: ItemListing?
    var photos: [StoredPhoto]
    var sellerName: String
    /// The leader's public alias ("bidder 3"), if anyone leads.
    var leaderAlias: String?
    var watchers: Int

    /// Writes the item with the server's clock `now`.
    func write(into writer: inout JSONWriter, now: Timestamp) {
        writer.beginObject()
        writeFields(into: &writer, now: now)
        writer.endObject()
    }

    /// Writes the item's members into an object the caller opened (the socket's `item` event).
    func writeFields(into writer: inout JSONWriter, now: Timestamp) {
        writer.key("id")
        writer.integer(Int64(item.id.rawValue))
        writer.key("seller")
        writer.string(sellerName)
        writer.key("title")
        writer.string(listing?.title ?? "Item \(item.id)")
        writer.key("description")
        writer.string(listing?.description ?? "")
        writer.key("category")
        writer.string(listing?.category ?? "")
        writer.key("photos")
        writer.beginArray()
        for photo in photos { PhotoController.write(photo, into: &writer) }
        writer.endArray()
        writer.key("start_price")
        writer.string(AuctionMoney.text(item.terms.startPrice))
        writer.key("price")
        writer.string(AuctionMoney.text(item.price))
        writer.key("minimum_bid")
        if let minimum = item.minimumBid { writer.string(AuctionMoney.text(minimum)) } else { writer.null() }
        writer.key("bid_count")
        writer.integer(item.bidCount)
        writer.key("leader")
        if let leaderAlias { writer.string(leaderAlias) } else { writer.null() }
        writer.key("reserve")
        writer.string(item.reserve.rawValue)
        writer.key("buy_now_price")
        if let buyNow = item.buyNowPrice { writer.string(AuctionMoney.text(buyNow)) } else { writer.null() }
        AuctionJSON.time("starts_at", "starts_at_ms", item.terms.startsAt, into: &writer)
        AuctionJSON.time("ends_at", "ends_at_ms", item.terms.endsAt, into: &writer)
        AuctionJSON.time("effective_ends_at", "effective_ends_at_ms", item.effectiveEndsAt, into: &writer)
        if let hardEnd = item.terms.hardEndAt {
            AuctionJSON.time("hard_end_at", "hard_end_at_ms", hardEnd, into: &writer)
        } else {
            writer.key("hard_end_at")
            writer.null()
            writer.key("hard_end_at_ms")
            writer.null()
        }
        writer.key("soft_close_seconds")
        writer.integer(item.terms.softCloseSeconds)
        writer.key("extension_seconds")
        writer.integer(item.terms.extensionSeconds)
        writer.key("state")
        writer.string(item.state.rawValue)
        writer.key("watchers")
        writer.integer(watchers)
        writer.key("seq")
        writer.integer(Int64(item.sequence))
        writer.key("server_time")
        writer.integer(now.milliseconds)
    }
}
