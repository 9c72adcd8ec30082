import BourseCore
import BourseStore
import Testing

/// Accounts and API keys: the same promises from every backend.
@Suite("Store contract: accounts and keys")
struct AccountStoreContractTests {
    static func key(_ access: String, account: AccountID, at milliseconds: Int64 = 1_000) -> StoredAPIKey {
        StoredAPIKey(
            accessKey: access, accountID: account, sealedSecret: [1, 2, 3, 0, 255], scopes: "accounts,orders:read",
            allowedIPs: nil, expiresAt: nil, createdAt: Timestamp(milliseconds: milliseconds))
    }

    @Test(arguments: StoreBackend.all)
    func accountsGetIncreasingIdsAndUniqueNames(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            #expect(try await store.accounts().isEmpty)
            let alice = try await store.createAccount(named: "alice", at: Timestamp(milliseconds: 5))
            let bob = try await store.createAccount(named: "bob", at: Timestamp(milliseconds: 6))
            #expect(alice.id.rawValue >= 1 && bob.id > alice.id)
            #expect(alice.name == "alice" && alice.createdAt == Timestamp(milliseconds: 5))
            await #expect(throws: StoreError.duplicate("account alice")) {
                _ = try await store.createAccount(named: "alice", at: Timestamp(milliseconds: 7))
            }
            #expect(try await store.accounts() == [alice, bob])
            #expect(try await store.account(named: "bob") == bob)
            #expect(try await store.account(named: "carol") == nil)
            // Case folded only when asked for: a sign-up must not take another case of a name.
            #expect(try await store.account(named: "BOB") == nil)
            #expect(try await store.account(where: .nameIgnoringCase("BOB")) == bob)
            #expect(try await store.account(where: .nameIgnoringCase("Carol")) == nil)
            #expect(try await store.account(id: alice.id) == alice)
            #expect(try await store.account(id: AccountID(bob.id.rawValue + 100)) == nil)
        }
    }

    @Test(arguments: StoreBackend.all)
    func keysReadBackExactlyAndRevokeOnce(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let alice = try await store.createAccount(named: "alice", at: Timestamp(milliseconds: 1))
            let bob = try await store.createAccount(named: "bob", at: Timestamp(milliseconds: 1))
            var limited = Self.key("K2", account: alice.id, at: 2_000)
            limited.allowedIPs = "127.0.0.1,::1"
            limited.expiresAt = Timestamp(milliseconds: 9_000)
            let first = Self.key("K1", account: alice.id)
            try await store.saveAPIKey(first)
            try await store.saveAPIKey(limited)
            try await store.saveAPIKey(Self.key("K3", account: bob.id))
            await #expect(throws: StoreError.duplicate("access key K1")) {
                try await store.saveAPIKey(Self.key("K1", account: bob.id))
            }
            #expect(try await store.apiKey(accessKey: "K2") == limited)
            #expect(try await store.apiKey(accessKey: "nope") == nil)
            #expect(try await store.apiKeys(of: alice.id) == [first, limited])

            #expect(try await store.revokeAPIKey(accessKey: "K1", at: Timestamp(milliseconds: 3_000)))
            #expect(try await !store.revokeAPIKey(accessKey: "K1", at: Timestamp(milliseconds: 4_000)), "once")
            #expect(try await !store.revokeAPIKey(accessKey: "nope", at: Timestamp(milliseconds: 4_000)))
            #expect(try await store.apiKey(accessKey: "K1")?.revokedAt == Timestamp(milliseconds: 3_000))
            #expect(try await store.apiKey(accessKey: "K3")?.revokedAt == nil)
        }
    }

    @Test(arguments: StoreBackend.persistent)
    func accountsAndKeysSurviveReopening(backend: StoreBackend) async throws {
        try await backend.withPlace { open in
            let store = try await open()
            try await store.migrate()
            let alice = try await store.createAccount(named: "alice", at: Timestamp(milliseconds: 1))
            try await store.saveAPIKey(Self.key("K1", account: alice.id))
            let again = try await open()
            try await again.migrate()
            #expect(try await again.accounts() == [alice])
            #expect(try await again.apiKeys(of: alice.id) == [Self.key("K1", account: alice.id)])
        }
    }
}
