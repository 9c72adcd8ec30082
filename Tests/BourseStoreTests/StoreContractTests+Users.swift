import BourseCore
import BourseStore
import Testing

/// Password hashes and sessions: the same promises from every backend.
@Suite("Store contract: users and sessions")
struct UserStoreContractTests {
    static func session(_ byte: UInt8, account: AccountID, at milliseconds: Int64 = 1_000) -> StoredSession {
        StoredSession(
            tokenHash: [UInt8](repeating: byte, count: 32), account: account,
            createdAt: Timestamp(milliseconds: milliseconds), expiresAt: Timestamp(milliseconds: milliseconds + 60_000))
    }

    @Test(arguments: StoreBackend.all)
    func aPasswordHashBelongsToAnExistingAccountAndCanBeReplaced(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let alice = try await store.createAccount(named: "alice", at: Timestamp(milliseconds: 1))
            #expect(try await store.passwordHash(of: alice.id) == nil)
            #expect(try await store.setPasswordHash("$2b$04$first", of: alice.id))
            #expect(try await store.setPasswordHash("$2b$04$second", of: alice.id))
            #expect(try await store.passwordHash(of: alice.id) == "$2b$04$second")
            #expect(try await store.setPasswordHash("$2b$04$x", of: AccountID(999)) == false)
            #expect(try await store.passwordHash(of: AccountID(999)) == nil)
        }
    }

    @Test(arguments: StoreBackend.all)
    func sessionsReadBackByTokenHashAndRevokeOnce(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let alice = try await store.createAccount(named: "alice", at: Timestamp(milliseconds: 1))
            let bob = try await store.createAccount(named: "bob", at: Timestamp(milliseconds: 1))
            let first = Self.session(1, account: alice.id)
            try await store.saveSession(first)
            try await store.saveSession(Self.session(2, account: alice.id, at: 2_000))
            try await store.saveSession(Self.session(3, account: bob.id))
            await #expect(throws: StoreError.duplicate("session")) {
                try await store.saveSession(Self.session(1, account: bob.id))
            }
            #expect(try await store.session(tokenHash: first.tokenHash) == first)
            #expect(try await store.session(tokenHash: [UInt8](repeating: 9, count: 32)) == nil)

            #expect(try await store.revokeSession(tokenHash: first.tokenHash, at: Timestamp(milliseconds: 5_000)))
            #expect(
                try await store.revokeSession(tokenHash: first.tokenHash, at: Timestamp(milliseconds: 6_000)) == false)
            let revoked = try #require(try await store.session(tokenHash: first.tokenHash))
            #expect(revoked.revokedAt == Timestamp(milliseconds: 5_000))
            #expect(!revoked.isLive(at: Timestamp(milliseconds: 5_001)))

            // A new password signs every session of the account out, and only that account's.
            #expect(try await store.revokeSessions(of: alice.id, at: Timestamp(milliseconds: 7_000)) == 1)
            #expect(try await store.session(tokenHash: Self.session(2, account: alice.id).tokenHash)?.revokedAt != nil)
            let bobs = try #require(try await store.session(tokenHash: Self.session(3, account: bob.id).tokenHash))
            #expect(bobs.isLive(at: Timestamp(milliseconds: 7_000)))
            #expect(!bobs.isLive(at: bobs.expiresAt))
        }
    }
}

/// Photo descriptions: the same promises from every backend.
@Suite("Store contract: photos")
struct PhotoStoreContractTests {
    @Test(arguments: StoreBackend.all)
    func photosGetIncreasingIdsAndReadBackExactly(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let seller = try await store.createAccount(named: "seller", at: Timestamp(milliseconds: 1))
            let photo = StoredPhoto(
                id: 0, owner: seller.id, contentType: "image/png", width: 640, height: 480, byteCount: 12_345,
                sha256: String(repeating: "ab", count: 32), createdAt: Timestamp(milliseconds: 9))
            let first = try await store.savePhoto(photo)
            let second = try await store.savePhoto(photo)
            #expect(first.id >= 1 && second.id > first.id)
            var expected = photo
            expected.id = first.id
            #expect(try await store.photo(first.id) == expected)
            #expect(try await store.photo(second.id + 100) == nil)
            // The quota counts every upload of the owner, and nobody else's.
            #expect(try await store.photoBytes(of: seller.id) == 24_690)
            let buyer = try await store.createAccount(named: "buyer", at: Timestamp(milliseconds: 1))
            #expect(try await store.photoBytes(of: buyer.id) == 0)
        }
    }
}

/// Listings and watchlists: the same promises from every backend.
@Suite("Store contract: listings and watches")
struct ListingStoreContractTests {
    @Test(arguments: StoreBackend.all)
    func listingsReadBackInItemOrderAndWatchesAreSets(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let seller = try await store.createAccount(named: "seller", at: Timestamp(milliseconds: 1))
            let buyer = try await store.createAccount(named: "buyer", at: Timestamp(milliseconds: 1))
            let later = ItemListing(
                item: 9, seller: seller.id, title: "Leica M6 — 필름 카메라", description: "Works.\nBox included.",
                category: "cameras", photos: [3, 1, 2], createdAt: Timestamp(milliseconds: 50))
            var earlier = later
            earlier.item = 4
            earlier.photos = []
            try await store.saveListing(later)
            try await store.saveListing(earlier)
            #expect(try await store.listings() == [earlier, later])
            var edited = later
            edited.title = "Leica M6"
            try await store.saveListing(edited)
            #expect(try await store.listings().last == edited)

            try await store.watch(9, account: buyer.id, at: Timestamp(milliseconds: 60))
            try await store.watch(9, account: buyer.id, at: Timestamp(milliseconds: 61))
            try await store.watch(4, account: seller.id, at: Timestamp(milliseconds: 62))
            #expect(
                try await store.watches().map { "\($0.item)/\($0.account)" } == ["9/\(buyer.id)", "4/\(seller.id)"])
            #expect(try await store.unwatch(9, account: buyer.id))
            #expect(try await store.unwatch(9, account: buyer.id) == false)
            #expect(try await store.watches().count == 1)
        }
    }
}

/// Auction bid history: written by the journal commit, read back per item in order, on every backend.
@Suite("Store contract: auction bids")
struct AuctionBidStoreContractTests {
    @Test(arguments: StoreBackend.all)
    func bidsOfACommitReadBackPerItemInOrder(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let bids = [
                AuctionBidRecord(
                    item: ItemID(7), sequence: 2, bidder: AccountID(3), price: Funds(units: 1_000_000_000_000),
                    leading: true, time: Timestamp(milliseconds: 10)),
                AuctionBidRecord(
                    item: ItemID(8), sequence: 2, bidder: AccountID(4), price: Funds(units: 500_000_000_000),
                    leading: true, time: Timestamp(milliseconds: 11)),
                AuctionBidRecord(
                    item: ItemID(7), sequence: 3, bidder: AccountID(4), price: Funds(units: 1_100_000_000_000),
                    leading: false, time: Timestamp(milliseconds: 12)),
            ]
            try await store.append(JournalCommit(record: StoreFixtures.record(first: 1, count: 3), auctionBids: bids))
            #expect(try await store.auctionBids(of: ItemID(7)) == [bids[0], bids[2]])
            #expect(try await store.auctionBids(of: ItemID(8)) == [bids[1]])
            #expect(try await store.auctionBids(of: ItemID(9)).isEmpty)
        }
    }
}
