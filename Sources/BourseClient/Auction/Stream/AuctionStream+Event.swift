public import Foundation

extension AuctionStream {
    /// Something that happened to an item the stream follows, or to the signed-in user about an item.
    ///
    /// Every event names its item, the item's sequence number and the server's clock when it was written.
    /// Changes of the sale (``Change/snapshot(_:)`` to ``Change/ended(state:price:winner:)``) reach a reader
    /// once each and in the order of `seq`, across reconnects; the others (``Change/endingSoon(secondsLeft:)``,
    /// ``Change/watchers(count:)`` and the personal ones) change nothing in the sale, carry the item's
    /// current `seq`, and are not replayed after a reconnect.
    public struct Event: Hashable, Sendable {
        /// The item's id.
        public var item: Int64
        /// The item's sequence number: after this change, or (for events that change nothing in the sale)
        /// its current one.
        public var seq: Int64
        /// The first change this event covers: `seq` itself, except for a `price` event that sums up a
        /// storm of bids the server conflated (`first_seq`), whose state is the one after `seq`.
        public var firstSeq: Int64
        /// The server's clock when it wrote the event.
        public var serverTime: Date
        /// What happened.
        public var change: Change

        /// An event of `item` at `seq`, as the server would write it at `serverTime`.
        public init(item: Int64, seq: Int64, firstSeq: Int64? = nil, serverTime: Date, change: Change) {
            self.item = item
            self.seq = seq
            self.firstSeq = firstSeq ?? seq
            self.serverTime = serverTime
            self.change = change
        }
    }

    /// What happened to an item.
    public enum Change: Hashable, Sendable {
        /// The whole item: on subscribing, or instead of the missed events when the server no longer has
        /// them. It replaces whatever the app held for the item.
        case snapshot(AuctionItem)
        /// Bidding opened.
        case started
        /// A bid was accepted: the new price and what moved with it.
        case price(PriceChange)
        /// A bid in the soft close moved the end.
        case extended(effectiveEndsAt: Date, previousEndsAt: Date)
        /// The price reached the hidden reserve.
        case reserveMet
        /// The sale ends in `secondsLeft` (300, then 60; again after an extension).
        case endingSoon(secondsLeft: Int)
        /// The sale ended: `sold` (with the `winner`'s alias), `unsold`, or `cancelled` (no price then).
        case ended(state: AuctionItem.State, price: Won?, winner: String?)
        /// How many users watch the item now.
        case watchers(count: Int)
        /// To you: another bid passed your maximum, and the price is now `price`.
        case outbid(price: Won, yourMax: Won)
        /// To you: you won the item at `price`.
        case won(price: Won)
        /// To you: a sale you bid in ended without you winning (`state` is `sold` or `unsold`).
        case lost(state: AuctionItem.State, price: Won)
        /// To you, the seller: your item sold at `price` (paid to you less the fee).
        case sold(price: Won)
    }

    /// The fields of a `price` event: everything an accepted bid can move.
    public struct PriceChange: Hashable, Sendable {
        /// The price after the bid.
        public var price: Won
        /// The price before it.
        public var previousPrice: Won
        /// How many bids were accepted, this one included.
        public var bidCount: Int
        /// The leader's alias ("bidder 2"), never a username.
        public var leader: String?
        /// Whether the hidden reserve is met.
        public var reserve: AuctionItem.ReserveState
        /// The buy-now price, `nil` once a bid took it away.
        public var buyNowPrice: Won?
        /// The end after the bid (a bid in the soft close extends it).
        public var effectiveEndsAt: Date

        /// A change to `price`, the rest as the server sends it.
        public init(
            price: Won, previousPrice: Won, bidCount: Int, leader: String?, reserve: AuctionItem.ReserveState,
            buyNowPrice: Won?, effectiveEndsAt: Date
        ) {
            self.price = price
            self.previousPrice = previousPrice
            self.bidCount = bidCount
            self.leader = leader
            self.reserve = reserve
            self.buyNowPrice = buyNowPrice
            self.effectiveEndsAt = effectiveEndsAt
        }
    }
}

extension AuctionStream.Event {
    /// Reads an event frame of `type` (the frame's `type` field), or returns `nil` for a type this SDK does
    /// not know (a newer server's): it is skipped rather than failing the connection.
    init?(type: String, from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: WireKey.self)
        let change: AuctionStream.Change
        switch type {
        case "item": change = .snapshot(try AuctionItem(from: decoder))
        case "started": change = .started
        case "price":
            change = .price(
                AuctionStream.PriceChange(
                    price: try c.value("price"), previousPrice: try c.value("previous_price"),
                    bidCount: try c.value("bid_count"), leader: try c.optionalValue("leader"),
                    reserve: try c.value("reserve"), buyNowPrice: try c.optionalValue("buy_now_price"),
                    effectiveEndsAt: AuctionTime.date(try c.value("effective_ends_at"))))
        case "extended":
            change = .extended(
                effectiveEndsAt: AuctionTime.date(try c.value("effective_ends_at")),
                previousEndsAt: AuctionTime.date(try c.value("previous_ends_at")))
        case "reserve_met": change = .reserveMet
        case "ending_soon": change = .endingSoon(secondsLeft: try c.value("seconds_left"))
        case "ended":
            change = .ended(
                state: try c.value("state"), price: try c.optionalValue("price"), winner: try c.optionalValue("winner"))
        case "watchers": change = .watchers(count: try c.value("count"))
        case "outbid": change = .outbid(price: try c.value("price"), yourMax: try c.value("your_max"))
        case "won": change = .won(price: try c.value("price"))
        case "lost": change = .lost(state: try c.value("state"), price: try c.value("price"))
        case "sold": change = .sold(price: try c.value("price"))
        default: return nil
        }
        let seq: Int64 = try c.value("seq")
        self.init(
            item: try c.value("item"), seq: seq, firstSeq: try c.optionalValue("first_seq"),
            serverTime: AuctionTime.date(try c.value("server_time")), change: change)
    }

    /// How the stream's sequence bookkeeping treats the event.
    var ordering: Ordering {
        switch change {
        case .snapshot: .snapshot
        case .started, .price, .extended, .reserveMet, .ended: .change
        case .endingSoon, .watchers, .outbid, .won, .lost, .sold: .aside
        }
    }

    /// Where an event stands in its item's sequence.
    enum Ordering {
        /// The whole state at `seq`: it supersedes every change up to it.
        case snapshot
        /// The change that made `seq`: kept by the server for `since` resumes, delivered once, in order.
        case change
        /// Not a change of the sale (it carries the current `seq`) and never replayed: delivered as it comes.
        case aside
    }
}
