public import BourseCore
public import BourseStore
import GRDB

extension SQLiteStore {
    /// Stores or replaces a listing.
    public func saveListing(_ listing: ItemListing) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO listings (item_id, seller_id, title, description, category, photo_ids,
                    created_ms) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    Int64(clamping: listing.item), Int64(listing.seller.rawValue), listing.title, listing.description,
                    listing.category, ListingPhotos.text(listing.photos), listing.createdAt.milliseconds,
                ])
        }
    }

    /// Every listing, by item id.
    public func listings() async throws -> [ItemListing] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT item_id, seller_id, title, description, category, photo_ids, created_ms FROM listings
                    ORDER BY item_id
                    """
            ).map { row in
                ItemListing(
                    item: UInt64(row[0] as Int64), seller: AccountID(UInt64(row[1] as Int64)), title: row[2],
                    description: row[3], category: row[4], photos: ListingPhotos.ids(row[5]),
                    createdAt: Timestamp(milliseconds: row[6]))
            }
        }
    }

    /// Adds a watch.
    public func watch(_ item: UInt64, account: AccountID, at time: Timestamp) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO watches (item_id, account_id, created_ms) VALUES (?, ?, ?)",
                arguments: [Int64(clamping: item), Int64(account.rawValue), time.milliseconds])
        }
    }

    /// Removes a watch.
    public func unwatch(_ item: UInt64, account: AccountID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM watches WHERE item_id = ? AND account_id = ?",
                arguments: [Int64(clamping: item), Int64(account.rawValue)])
            return db.changesCount == 1
        }
    }

    /// Every watch.
    public func watches() async throws -> [(item: UInt64, account: AccountID)] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT item_id, account_id FROM watches ORDER BY created_ms").map { row in
                (UInt64(row[0] as Int64), AccountID(UInt64(row[1] as Int64)))
            }
        }
    }

    /// The accepted bids of `item`, oldest first.
    public func auctionBids(of item: ItemID) async throws -> [AuctionBidRecord] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT sequence, bidder_id, price, is_leading, time_ms FROM auction_bids WHERE item_id = ?
                    ORDER BY sequence
                    """,
                arguments: [Int64(clamping: item.rawValue)]
            ).map { row in
                AuctionBidRecord(
                    item: item, sequence: UInt64(row[0] as Int64), bidder: AccountID(UInt64(row[1] as Int64)),
                    price: Funds(units: row[2]), leading: row[3], time: Timestamp(milliseconds: row[4]))
            }
        }
    }

    static func insert(_ bids: [AuctionBidRecord], _ db: Database) throws {
        var statement = try BulkStatement(
            db,
            sql: """
                INSERT INTO auction_bids (item_id, sequence, bidder_id, price, is_leading, time_ms)
                VALUES (?, ?, ?, ?, ?, ?)
                """)
        for bid in bids {
            statement.bind(Int64(clamping: bid.item.rawValue))
            statement.bind(Int64(clamping: bid.sequence))
            statement.bind(Int64(bid.bidder.rawValue))
            statement.bind(bid.price.units)
            statement.bind(bid.leading)
            statement.bind(bid.time.milliseconds)
            try statement.execute()
        }
    }
}
