public import BourseCore
public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// Stores or replaces a listing.
    public func saveListing(_ listing: ItemListing) async throws {
        try await withClient { client in
            _ = try await client.query(
                """
                INSERT INTO listings (item_id, seller_id, title, description, category, photo_ids, created_ms)
                VALUES (\(Int64(clamping: listing.item)), \(Int64(listing.seller.rawValue)), \(listing.title),
                        \(listing.description), \(listing.category), \(ListingPhotos.text(listing.photos)),
                        \(listing.createdAt.milliseconds))
                ON CONFLICT (item_id) DO UPDATE SET seller_id = excluded.seller_id, title = excluded.title,
                    description = excluded.description, category = excluded.category,
                    photo_ids = excluded.photo_ids, created_ms = excluded.created_ms
                """,
                logger: logger)
        }
    }

    /// Every listing, by item id.
    public func listings() async throws -> [ItemListing] {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT item_id, seller_id, title, description, category, photo_ids, created_ms FROM listings
                ORDER BY item_id
                """,
                logger: logger)
            var listings: [ItemListing] = []
            let columns = (Int64, Int64, String, String, String, String, Int64).self
            for try await (item, seller, title, description, category, photos, created) in rows.decode(columns) {
                listings.append(
                    ItemListing(
                        item: UInt64(item), seller: AccountID(UInt64(seller)), title: title, description: description,
                        category: category, photos: ListingPhotos.ids(photos),
                        createdAt: Timestamp(milliseconds: created)))
            }
            return listings
        }
    }

    /// Adds a watch.
    public func watch(_ item: UInt64, account: AccountID, at time: Timestamp) async throws {
        try await withClient { client in
            _ = try await client.query(
                """
                INSERT INTO watches (item_id, account_id, created_ms)
                VALUES (\(Int64(clamping: item)), \(Int64(account.rawValue)), \(time.milliseconds))
                ON CONFLICT DO NOTHING
                """,
                logger: logger)
        }
    }

    /// Removes a watch.
    public func unwatch(_ item: UInt64, account: AccountID) async throws -> Bool {
        try await withClient { client in
            try await client.query(
                """
                DELETE FROM watches WHERE item_id = \(Int64(clamping: item)) AND account_id = \(Int64(account.rawValue))
                RETURNING item_id
                """,
                logger: logger
            ).collect().count == 1
        }
    }

    /// Every watch.
    public func watches() async throws -> [(item: UInt64, account: AccountID)] {
        try await withClient { client in
            let rows = try await client.query(
                "SELECT item_id, account_id FROM watches ORDER BY created_ms", logger: logger)
            var watches: [(item: UInt64, account: AccountID)] = []
            for try await (item, account) in rows.decode((Int64, Int64).self) {
                watches.append((UInt64(item), AccountID(UInt64(account))))
            }
            return watches
        }
    }

    /// The accepted bids of `item`, oldest first.
    public func auctionBids(of item: ItemID) async throws -> [AuctionBidRecord] {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT sequence, bidder_id, price, is_leading, time_ms FROM auction_bids
                WHERE item_id = \(Int64(clamping: item.rawValue)) ORDER BY sequence
                """,
                logger: logger)
            var bids: [AuctionBidRecord] = []
            for try await (sequence, bidder, price, leading, time) in rows.decode(
                (Int64, Int64, Int64, Bool, Int64).self)
            {
                bids.append(
                    AuctionBidRecord(
                        item: item, sequence: UInt64(sequence), bidder: AccountID(UInt64(bidder)),
                        price: Funds(units: price), leading: leading, time: Timestamp(milliseconds: time)))
            }
            return bids
        }
    }
}
