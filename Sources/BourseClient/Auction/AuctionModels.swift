public import Foundation

/// A user of the auction house, as the server shows them to themselves.
public struct AuctionUser: Hashable, Sendable, Identifiable, Decodable {
    /// The account's id (the same account trades on the exchange).
    public var id: Int64
    /// The username they sign in with.
    public var username: String
    /// When the account was made.
    public var createdAt: Date

    /// Reads the server's user, the time from `created_at_ms`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: WireKey.self)
        id = try c.value("id")
        username = try c.value("username")
        createdAt = AuctionTime.date(try c.value("created_at_ms"))
    }
}

/// A signed-in session: who, and until when the token the client keeps is good.
public struct AuctionSession: Hashable, Sendable {
    /// The signed-in user.
    public var user: AuctionUser
    /// When the server stops taking the token (30 days after sign-in); sign in again after it.
    public var expiresAt: Date
}

/// One page of the item list, with what a pager needs.
public struct AuctionPage: Hashable, Sendable, Decodable {
    /// The items of this page.
    public var items: [AuctionItem]
    /// This page's number, from 1.
    public var page: Int
    /// How many pages the list has (at least 1).
    public var pages: Int
    /// How many items match, over all pages.
    public var total: Int
}

/// The order of the item list.
public enum AuctionSort: String, Sendable, CaseIterable {
    /// Ending soonest first (the server's default).
    case ending
    /// Newest listings first.
    case newest
    /// Highest price first.
    case price
    /// Most bids first.
    case bids
}

/// A bid of an item's public history: an alias and a price, never a maximum.
public struct AuctionBid: Hashable, Sendable, Decodable {
    /// The bidder's alias on this item ("bidder 2", numbered by first bid).
    public var bidder: String
    /// The price the bid made.
    public var price: Won
    /// Whether this bid's bidder led once it was taken.
    public var leading: Bool
    /// When the server took it.
    public var time: Date
    /// The item's sequence number after this bid.
    public var seq: Int64

    /// Reads the server's bid, the time from `time_ms`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: WireKey.self)
        bidder = try c.value("bidder")
        price = try c.value("price")
        leading = try c.value("leading")
        time = AuctionTime.date(try c.value("time_ms"))
        seq = try c.value("seq")
    }
}

/// The answer to an accepted bid: where the price went and whether your maximum leads.
///
/// A bid under the leader's hidden maximum is accepted but does not lead: the proxy raises the leader's
/// price past it, so `leading` is the thing to show.
public struct BidReceipt: Hashable, Sendable, Decodable {
    /// The item bid on.
    public var item: Int64
    /// The item's price after the bid.
    public var price: Won
    /// Whether you lead now.
    public var leading: Bool
    /// The maximum you sent (locked while you lead).
    public var yourMax: Won
    /// The sale's end after the bid (a bid in the soft close extends it).
    public var effectiveEndsAt: Date
    /// The item's sequence number after the bid.
    public var seq: Int64

    /// Reads the server's `bid.accepted` answer.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: WireKey.self)
        item = try c.value("item")
        price = try c.value("price")
        leading = try c.value("leading")
        yourMax = try c.value("your_max")
        effectiveEndsAt = AuctionTime.date(try c.value("effective_ends_at_ms"))
        seq = try c.value("seq")
    }
}

/// An item bought with buy now, and what it cost.
public struct Purchase: Hashable, Sendable, Decodable {
    /// The item bought.
    public var item: Int64
    /// The price paid.
    public var price: Won
}

/// An item the user bid on, with whether they lead and (while they lead a live sale) their maximum.
public struct MyBid: Hashable, Sendable, Decodable {
    /// The item.
    public var item: AuctionItem
    /// Whether the user leads it.
    public var leading: Bool
    /// The user's maximum while they lead a live sale; otherwise `nil` (an outbid maximum no longer counts).
    public var yourMax: Won?

    enum CodingKeys: String, CodingKey {
        case item, leading
        case yourMax = "your_max"
    }
}

/// Whether the user watches an item after a change, and how many do.
public struct WatchStatus: Hashable, Sendable, Decodable {
    /// Whether the user watches it now.
    public var watching: Bool
    /// How many users watch it.
    public var watchers: Int
}
