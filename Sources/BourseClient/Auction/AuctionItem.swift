public import Foundation

/// An item of the auction house as the server shows it (contract §5): its listing, its price and its clock.
///
/// Times come from the server's `_ms` fields (epoch milliseconds), never from the formatted strings, so no
/// time zone or formatter stands between the server and a countdown.
public struct AuctionItem: Hashable, Sendable, Identifiable, Decodable {
    /// The item's id, as the routes take it.
    public var id: Int64
    /// The seller's username.
    public var seller: String
    /// The listing's title.
    public var title: String
    /// The listing's description (may be empty).
    public var description: String
    /// The category, lowercased by the server.
    public var category: String
    /// The photos, in the order the seller gave them.
    public var photos: [AuctionPhoto]
    /// Where the bidding started.
    public var startPrice: Won
    /// The current price: what the leader pays if the sale closed now.
    public var price: Won
    /// The least a new bid must offer, or `nil` when no bid can be taken.
    public var minimumBid: Won?
    /// How many bids were accepted.
    public var bidCount: Int
    /// The leader's public alias ("bidder 2"), never a username; `nil` without bids.
    public var leader: String?
    /// Whether the hidden reserve is met; its amount is never shown.
    public var reserve: ReserveState
    /// The price that ends the sale at once, if offered and still available.
    public var buyNowPrice: Won?
    /// When bidding opens.
    public var startsAt: Date
    /// The end the seller chose.
    public var endsAt: Date
    /// The end after soft-close extensions: what a countdown counts to.
    public var effectiveEndsAt: Date
    /// The latest the sale may be extended to, if the seller set one.
    public var hardEndAt: Date?
    /// A bid this close to the end extends it (`nil` from a server that does not say).
    public var softCloseSeconds: Int?
    /// By how much such a bid extends the end.
    public var extensionSeconds: Int?
    /// Where the sale is in its life.
    public var state: State
    /// How many users watch it.
    public var watchers: Int
    /// The item's sequence number: it grows with each change, so a newer copy can be told from an older.
    public var seq: Int64
    /// The server's clock when it wrote this copy: what the client's clock offset is measured from.
    public var serverTime: Date

    /// Where a sale is in its life.
    public enum State: String, Hashable, Sendable, Codable, CaseIterable {
        /// Listed, bidding not yet open.
        case scheduled
        /// Taking bids.
        case live
        /// Ended with a winner.
        case sold
        /// Ended without a winner (no bids, or the reserve not met).
        case unsold
        /// Withdrawn by the seller before the first bid.
        case cancelled
    }

    /// Whether the reserve price is met, without revealing it.
    public enum ReserveState: String, Hashable, Sendable, Codable {
        /// The seller set no reserve.
        case none
        /// The price is below the reserve: the sale would end unsold.
        case notMet = "not_met"
        /// The price has reached the reserve.
        case met
    }

    /// Reads the server's snake_case item, times from the `_ms` fields.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: WireKey.self)
        id = try c.value("id")
        seller = try c.value("seller")
        title = try c.value("title")
        description = try c.optionalValue("description") ?? ""
        category = try c.optionalValue("category") ?? ""
        photos = try c.optionalValue("photos") ?? []
        startPrice = try c.value("start_price")
        price = try c.value("price")
        minimumBid = try c.optionalValue("minimum_bid")
        bidCount = try c.value("bid_count")
        leader = try c.optionalValue("leader")
        reserve = try c.value("reserve")
        buyNowPrice = try c.optionalValue("buy_now_price")
        startsAt = AuctionTime.date(try c.value("starts_at_ms"))
        endsAt = AuctionTime.date(try c.value("ends_at_ms"))
        effectiveEndsAt = AuctionTime.date(try c.value("effective_ends_at_ms"))
        hardEndAt = (try c.optionalValue("hard_end_at_ms", as: Int64.self)).map(AuctionTime.date)
        softCloseSeconds = try c.optionalValue("soft_close_seconds")
        extensionSeconds = try c.optionalValue("extension_seconds")
        state = try c.value("state")
        watchers = try c.value("watchers")
        seq = try c.value("seq")
        serverTime = AuctionTime.date(try c.value("server_time"))
    }
}

/// A photo of an item: where to load it and its size, so a layout can reserve the space before it loads.
public struct AuctionPhoto: Hashable, Sendable, Identifiable, Decodable {
    /// The photo's id, as a listing refers to it.
    public var id: Int64
    /// The path of its bytes on the server (`/auction/v1/photos/{id}`); resolve it against the base URL.
    public var url: String
    /// The path of the smaller copy a list should show (`?size=list`: a JPEG at most 480 pixels on its longer
    /// side, or the photo itself where it is no larger); nil from a server that makes none.
    public var listURL: String?
    /// Width in pixels, as shown (a camera's EXIF orientation applied).
    public var width: Int
    /// Height in pixels, as shown.
    public var height: Int

    private enum CodingKeys: String, CodingKey {
        case id, url, width, height
        case listURL = "list_url"
    }
}

/// Epoch milliseconds to `Date`, the one conversion every auction time goes through.
enum AuctionTime {
    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1_000)
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded())
    }
}
