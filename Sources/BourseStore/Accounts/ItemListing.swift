public import BourseCore

/// What a seller wrote about an item: its catalog entry, kept beside the journal like accounts.
///
/// The sale itself (prices, bids, the clock, the ledger) is the engine's and is journaled; the words and
/// photos are not money and are not needed to replay a sale, so the store keeps them, keyed by the item id
/// the writer gave the listing.
public struct ItemListing: Hashable, Sendable {
    /// The engine's item id.
    public var item: UInt64
    /// The seller's account.
    public var seller: AccountID
    /// 1–120 characters.
    public var title: String
    /// Up to 5,000 characters.
    public var description: String
    /// A short category name (`electronics`, `art`, …).
    public var category: String
    /// The photos in the order the seller gave them (``StoredPhoto/id``).
    public var photos: [UInt64]
    /// When it was listed.
    public var createdAt: Timestamp

    /// A listing.
    public init(
        item: UInt64, seller: AccountID, title: String, description: String, category: String, photos: [UInt64],
        createdAt: Timestamp
    ) {
        self.item = item
        self.seller = seller
        self.title = title
        self.description = description
        self.category = category
        self.photos = photos
        self.createdAt = createdAt
    }
}

/// Where listings and watchlists live. Every ``Store`` is one.
public protocol ListingStore: Sendable {
    /// Stores or replaces the listing of `listing.item`.
    func saveListing(_ listing: ItemListing) async throws
    /// Every listing, by item id: the server keeps them in memory to page, sort and search them.
    func listings() async throws -> [ItemListing]
    /// Adds `item` to `account`'s watchlist (nothing if it is there).
    func watch(_ item: UInt64, account: AccountID, at time: Timestamp) async throws
    /// Removes `item` from `account`'s watchlist; false if it was not there.
    func unwatch(_ item: UInt64, account: AccountID) async throws -> Bool
    /// Every (item, account) pair watched.
    func watches() async throws -> [(item: UInt64, account: AccountID)]
    /// The accepted bids of `item`, oldest first (written by the journal commits that accepted them).
    func auctionBids(of item: ItemID) async throws -> [AuctionBidRecord]
}
