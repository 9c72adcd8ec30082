public import BourseCore

// Users, photos, listings and auction bids: the auction house's part of the in-memory store.
// MARK: - Users

extension InMemoryStore {
    /// Sets the password hash of an existing account.
    public func setPasswordHash(_ hash: String, of account: AccountID) async throws -> Bool {
        try write { contents in
            guard contents.accounts.contains(where: { $0.id == account }) else { return false }
            contents.passwordHashes[account] = hash
            return true
        }
    }

    /// The password hash of `account`.
    public func passwordHash(of account: AccountID) async throws -> String? {
        try read { $0.passwordHashes[account] }
    }

    /// Adds a session.
    public func saveSession(_ session: StoredSession) async throws {
        try write { contents in
            guard !contents.sessions.contains(where: { $0.tokenHash == session.tokenHash }) else {
                throw StoreError.duplicate("session")
            }
            contents.sessions.append(session)
        }
    }

    /// The session with `tokenHash`.
    public func session(tokenHash: [UInt8]) async throws -> StoredSession? {
        try read { contents in contents.sessions.first { $0.tokenHash == tokenHash } }
    }

    /// Revokes a live session.
    public func revokeSession(tokenHash: [UInt8], at time: Timestamp) async throws -> Bool {
        try write { contents in
            guard
                let index = contents.sessions.firstIndex(where: { $0.tokenHash == tokenHash && $0.revokedAt == nil })
            else { return false }
            contents.sessions[index].revokedAt = time
            return true
        }
    }

    /// Revokes the live sessions of `account`.
    public func revokeSessions(of account: AccountID, at time: Timestamp) async throws -> Int {
        try write { contents in
            var count = 0
            for index in contents.sessions.indices
            where contents.sessions[index].account == account && contents.sessions[index].revokedAt == nil {
                contents.sessions[index].revokedAt = time
                count += 1
            }
            return count
        }
    }
}

// MARK: - Photos

extension InMemoryStore {
    /// Adds a photo with the next id.
    public func savePhoto(_ photo: StoredPhoto) async throws -> StoredPhoto {
        try write { contents in
            var saved = photo
            saved.id = UInt64(contents.photos.count + 1)
            contents.photos.append(saved)
            return saved
        }
    }

    /// The photo `id`.
    public func photo(_ id: UInt64) async throws -> StoredPhoto? {
        try read { contents in
            (1...contents.photos.count).contains(Int(clamping: id)) ? contents.photos[Int(id) - 1] : nil
        }
    }

    /// The bytes of `owner`'s uploads.
    public func photoBytes(of owner: AccountID) async throws -> Int {
        try read { contents in contents.photos.filter { $0.owner == owner }.reduce(0) { $0 + $1.byteCount } }
    }
}

// MARK: - Listings

extension InMemoryStore {
    /// Stores or replaces a listing.
    public func saveListing(_ listing: ItemListing) async throws {
        try write { contents in
            contents.listings[listing.item] = listing
        }
    }

    /// Every listing, by item id.
    public func listings() async throws -> [ItemListing] {
        try read { $0.listings.values.sorted { $0.item < $1.item } }
    }

    /// Adds a watch.
    public func watch(_ item: UInt64, account: AccountID, at time: Timestamp) async throws {
        try write { contents in
            if !contents.watches.contains(where: { $0.item == item && $0.account == account }) {
                contents.watches.append((item, account))
            }
        }
    }

    /// Removes a watch.
    public func unwatch(_ item: UInt64, account: AccountID) async throws -> Bool {
        try write { contents in
            guard let index = contents.watches.firstIndex(where: { $0.item == item && $0.account == account }) else {
                return false
            }
            contents.watches.remove(at: index)
            return true
        }
    }

    /// Every watch.
    public func watches() async throws -> [(item: UInt64, account: AccountID)] { try read { $0.watches } }

    /// The accepted bids of `item`, oldest first.
    public func auctionBids(of item: ItemID) async throws -> [AuctionBidRecord] {
        try read { $0.auctionBids[item] ?? [] }
    }
}
