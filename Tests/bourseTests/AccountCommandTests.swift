import BourseAuth
import BourseCommandSupport
import BourseCore
import BourseStore
import BourseStoreSQLite
import Foundation
import Testing

@testable import bourse

/// `bourse account` and `bourse keys` against a real SQLite data directory, read back through the store.
@Suite("Accounts and keys from the command line")
struct AccountCommandTests {
    func withDataDirectory(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-cli-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await body(directory)
    }

    func store(_ directory: String) async throws -> SQLiteStore {
        let store = try await SQLiteStore(path: directory + "/bourse.sqlite")
        try await store.migrate()
        return store
    }

    @Test func aKeyIsStoredSealedAndOpensWithTheMasterKey() async throws {
        try await withDataDirectory { directory in
            let create = try AccountCommand.Create.parse(["alice", "--data-dir", directory])
            try await create.run()
            let key = try KeysCommand.Create.parse([
                "alice", "--scopes", "accounts,orders:write", "--allow-ip", "127.0.0.1", "--expires-days", "30",
                "--data-dir", directory,
            ])
            try await key.run()

            let store = try await store(directory)
            let alice = try #require(try await store.account(named: "alice"))
            let keys = try await store.apiKeys(of: alice.id)
            try await store.close()
            let stored = try #require(keys.first)
            #expect(keys.count == 1 && stored.scopes == "accounts,orders:write" && stored.allowedIPs == "127.0.0.1")
            let days = (stored.expiresAt!.milliseconds - stored.createdAt.milliseconds) / 86_400_000
            #expect(days == 30)
            #expect(stored.accessKey.count == APIKeyPair.length)

            let keyFile = directory + "/" + MasterKey.fileName
            let permissions = try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int
            #expect(permissions == 0o600)
            let sealer = try SecretSealer(
                masterKey: try MasterKey.bytes(dataDirectory: directory, setting: nil, create: false))
            let secret = try sealer.open(stored.sealedSecret, context: Array(stored.accessKey.utf8))
            #expect(secret.count == APIKeyPair.length, "the sealed bytes open to a 40-character secret")
            #expect(!stored.sealedSecret.contains(subsequence: secret), "the secret is not stored in clear")
        }
    }

    @Test func revokingMarksTheKeyAndASecondRevokeFails() async throws {
        try await withDataDirectory { directory in
            let create = try AccountCommand.Create.parse(["bob", "--data-dir", directory])
            try await create.run()
            let key = try KeysCommand.Create.parse(["bob", "--data-dir", directory])
            try await key.run()
            let store = try await store(directory)
            let access = try #require(try await store.apiKeys(of: AccountID(1)).first?.accessKey)
            let revoke = try KeysCommand.Revoke.parse([access, "--data-dir", directory])
            try await revoke.run()
            #expect(try await store.apiKey(accessKey: access)?.revokedAt != nil)
            try await store.close()
            let again = try KeysCommand.Revoke.parse([access, "--data-dir", directory])
            await #expect(throws: CLIError.self) { try await again.run() }
        }
    }

    @Test func mistakesAreRefusedWithASentence() async throws {
        try await withDataDirectory { directory in
            #expect(throws: (any Error).self) {
                try AccountCommand.Create.parse(["no spaces", "--data-dir", directory])
            }
            #expect(throws: (any Error).self) { try KeysCommand.Create.parse(["x", "--scopes", "trade"]) }
            let orphan = try KeysCommand.Create.parse(["nobody", "--data-dir", directory])
            let error = await #expect(throws: CLIError.self) { try await orphan.run() }
            #expect(error?.description.contains("bourse account create nobody") == true)
            let first = try AccountCommand.Create.parse(["carol", "--data-dir", directory])
            try await first.run()
            let twice = try AccountCommand.Create.parse(["carol", "--data-dir", directory])
            await #expect(throws: CLIError.self) { try await twice.run() }
        }
    }

    @Test func depositsAreJournaledAndRecoverable() async throws {
        try await withDataDirectory { directory in
            try await AccountCommand.Create.parse(["dora", "--data-dir", directory]).run()
            try await DepositCommand.parse(["dora", "KRW", "1000000", "--data-dir", directory]).run()
            try await DepositCommand.parse(["dora", "btc", "0.00000001", "--data-dir", directory]).run()
            let store = try await store(directory)
            let (state, _) = try await DurableExchange.recover(from: store, markets: MarketListing.markets)
            try await store.close()
            let ledger = state.exchange.ledger
            #expect(ledger.balance(of: AccountID(1), "KRW").balance == Funds(units: 100_000_000_000_000))
            #expect(ledger.balance(of: AccountID(1), "BTC").balance == Funds(units: 1))
            #expect(state.lastSequence == 2)
            await #expect(throws: CLIError.self) {
                try await DepositCommand.parse(["nobody", "KRW", "1", "--data-dir", directory]).run()
            }
            #expect(throws: (any Error).self) { try DepositCommand.parse(["dora", "KRW", "-5"]) }
            let held = try DataDirectoryLock(directory: directory, purpose: "a running server")
            let refused = await #expect(throws: CLIError.self) {
                try await DepositCommand.parse(["dora", "KRW", "1", "--data-dir", directory]).run()
            }
            #expect(refused?.description.contains("POST /v1/deposits/krw") == true, "what to do while it runs")
            withExtendedLifetime(held) {}
        }
    }

    @Test func theDataDirectoryHasOneWriterAtATime() async throws {
        try await withDataDirectory { directory in
            let held = try DataDirectoryLock(directory: directory, purpose: "test")
            let error = #expect(throws: CLIError.self) {
                try DataDirectoryLock(directory: directory, purpose: "second")
            }
            #expect(error?.description.contains("in use by another bourse process") == true)
            #expect(DataDirectoryLock.holder(of: directory)?.hasSuffix(": test") == true, "who holds it")
            withExtendedLifetime(held) {}
        }
        try await withDataDirectory { directory in
            #expect(DataDirectoryLock.holder(of: directory) == nil, "no lock file yet")
            _ = try DataDirectoryLock(directory: directory, purpose: "gone")
            #expect(DataDirectoryLock.holder(of: directory) == nil, "released when its holder went")
        }
    }

    /// The directory holds password hashes and sealed secrets, and SQLite makes its files 0644: a new data
    /// directory is its owner's only (a probe read `bourse.sqlite` as another user could).
    @Test func aNewDataDirectoryIsItsOwnersOnly() async throws {
        try await withDataDirectory { directory in
            let nested = directory + "/deeper/data"
            _ = try DataDirectoryLock(directory: nested, purpose: "test")
            let attributes = try FileManager.default.attributesOfItem(atPath: nested)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        }
    }
}

extension Array where Element: Equatable {
    fileprivate func contains(subsequence: [Element]) -> Bool {
        guard !subsequence.isEmpty, subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { Array(self[$0..<$0 + subsequence.count]) == subsequence }
    }
}
