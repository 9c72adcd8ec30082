public import BourseClient

extension AuctionItem {
    /// Applies a socket event of this item: the sale's changes (`snapshot`, `started`, `price`,
    /// `extended`, `reserve_met`, `ended`) and the watcher count. Returns whether anything changed.
    ///
    /// A change at or below the copy's `seq` is older than what is held (a REST answer can overtake the
    /// socket) and is ignored. A `price` event may be conflated (a storm of bids summed up): it carries the
    /// state after its last change, so its fields are taken as they are. The minimum next bid is not in
    /// the event (the increment table is the server's); it stays until the next REST copy of the item.
    @discardableResult
    public mutating func apply(_ event: AuctionStream.Event) -> Bool {
        guard event.item == id else { return false }
        if case .watchers(let count) = event.change {
            defer { watchers = count }
            return watchers != count
        }
        guard event.seq > seq else { return false }
        switch event.change {
        case .snapshot(let item):
            self = item
        case .started:
            state = .live
        case .price(let change):
            price = change.price
            bidCount = change.bidCount
            leader = change.leader
            reserve = change.reserve
            buyNowPrice = change.buyNowPrice
            effectiveEndsAt = change.effectiveEndsAt
        case .extended(let end, _):
            effectiveEndsAt = end
        case .reserveMet:
            reserve = .met
        case .ended(let ended, let finalPrice, let winner):
            state = ended
            if let finalPrice { price = finalPrice }
            if let winner { leader = winner }
        case .endingSoon, .watchers, .outbid, .won, .lost, .sold:
            return false
        }
        seq = event.seq
        return true
    }
}
