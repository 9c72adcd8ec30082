import ArgumentParser
import BourseAuth
import BourseCommandSupport
import BourseCore
import BourseStore
import Foundation

/// `bourse keys`: Upbit API keys (`create`, `list`, `revoke`).
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Create, list and revoke API keys.",
        discussion: """
            A key is an access key and a secret key, as Upbit issues them; clients sign requests with them \
            (JWT, reference §4). The secret is shown once, when the key is made: the store keeps it only \
            sealed (AES-256-GCM) under the master key in the data directory (master.key, mode 0600) or \
            $BOURSE_MASTER_KEY, because checking a signature needs the secret itself. Scopes: \
            \(APIScope.allCases.map(\.rawValue).joined(separator: ", ")).
            """,
        subcommands: [Create.self, List.self, Revoke.self]
    )

    /// `bourse keys create ACCOUNT`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make a key for an account and print it once.")

        @Argument(help: "The account's name.")
        var account: String

        @Option(help: "Comma-separated scopes.")
        var scopes = "accounts,orders:read,orders:write"

        @Option(
            name: .customLong("allow-ip"), help: "An address allowed to use the key (repeat for more; default: any).")
        var allowedIPs: [String] = []

        @Option(help: "Days until the key expires (default: never).")
        var expiresDays: Int?

        @OptionGroup var storage: StoreOptions

        func validate() throws {
            do { _ = try APIScope.parseList(scopes) } catch { throw ValidationError(error.description) }
            if let expiresDays, expiresDays < 1 { throw ValidationError("--expires-days must be at least 1.") }
        }

        func run() async throws {
            let location = try await storage.resolve()
            let parsed = try APIScope.parseList(scopes)
            let sealer = try MasterKey.sealer(location, create: true)
            let pair = APIKeyPair.generate()
            let now = WallClock.now()
            let stored = StoredAPIKey(
                accessKey: pair.accessKey, accountID: AccountID(0),
                sealedSecret: sealer.seal(Array(pair.secretKey.utf8), context: Array(pair.accessKey.utf8)),
                scopes: APIScope.formatList(parsed),
                allowedIPs: allowedIPs.isEmpty ? nil : allowedIPs.map(IPAddressText.canonical).joined(separator: ","),
                expiresAt: expiresDays.map { Timestamp(milliseconds: now.milliseconds + Int64($0) * 86_400_000) },
                createdAt: now)
            let owner = try await location.withStore { store in
                guard let owner = try await store.account(named: account) else {
                    throw CLIError("No account named '\(account)'; make one with: bourse account create \(account)")
                }
                var key = stored
                key.accountID = owner.id
                try await store.saveAPIKey(key)
                return owner
            }
            print("API key for account '\(owner.name)' (scopes \(stored.scopes)):")
            print("  access key: \(pair.accessKey)")
            print("  secret key: \(pair.secretKey)")
            print("The secret key is not shown again. Revoke with: bourse keys revoke \(pair.accessKey)")
        }
    }

    /// `bourse keys list ACCOUNT`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List an account's keys (never their secrets).")

        @Argument(help: "The account's name.")
        var account: String

        @OptionGroup var storage: StoreOptions

        func run() async throws {
            let location = try await storage.resolve()
            let keys = try await location.withStore { store in
                guard let owner = try await store.account(named: account) else {
                    throw CLIError("No account named '\(account)'.")
                }
                return try await store.apiKeys(of: owner.id)
            }
            guard !keys.isEmpty else {
                print("Account '\(account)' has no keys: bourse keys create \(account)")
                return
            }
            let now = WallClock.now()
            print(
                TextTable.render(
                    header: ["ACCESS KEY", "STATE", "SCOPES", "ALLOWED IPS", "EXPIRES (UTC)", "CREATED (UTC)"],
                    rows: keys.map { key in
                        let state =
                            key.revokedAt != nil
                            ? "revoked" : key.expiresAt.map { $0 <= now } == true ? "expired" : "live"
                        return [
                            key.accessKey, state, key.scopes, key.allowedIPs ?? "any",
                            key.expiresAt.map(TextTable.utc) ?? "never", TextTable.utc(key.createdAt),
                        ]
                    }))
        }
    }

    /// `bourse keys revoke ACCESS_KEY`.
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a key at once.")

        @Argument(help: "The key's access key.")
        var accessKey: String

        @OptionGroup var storage: StoreOptions

        func run() async throws {
            let location = try await storage.resolve()
            let revoked = try await location.withStore { store in
                try await store.revokeAPIKey(accessKey: accessKey, at: WallClock.now())
            }
            guard revoked else { throw CLIError("No live key with access key \(accessKey).") }
            print("Revoked \(accessKey).")
        }
    }
}
