public import BourseCore
public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// Adds an account with the next id (ids are never reused).
    public func createAccount(named name: String, at time: Timestamp) async throws -> AccountRecord {
        try await withClient { client in
            let rows = try await client.query(
                """
                INSERT INTO accounts (name, created_ms) VALUES (\(name), \(time.milliseconds))
                ON CONFLICT (name) DO NOTHING RETURNING id
                """,
                logger: logger)
            for try await id in rows.decode(Int64.self) {
                return AccountRecord(id: AccountID(UInt64(id)), name: name, createdAt: time)
            }
            throw StoreError.duplicate("account \(name)")
        }
    }

    /// Every account, by id.
    public func accounts() async throws -> [AccountRecord] {
        try await withClient { client in
            let rows = try await client.query("SELECT id, name, created_ms FROM accounts ORDER BY id", logger: logger)
            var accounts: [AccountRecord] = []
            for try await (id, name, created) in rows.decode((Int64, String, Int64).self) {
                accounts.append(
                    AccountRecord(id: AccountID(UInt64(id)), name: name, createdAt: Timestamp(milliseconds: created)))
            }
            return accounts
        }
    }

    /// One account, through the primary key or the name's unique index.
    public func account(where lookup: AccountLookup) async throws -> AccountRecord? {
        try await withClient { client in
            let rows =
                switch lookup {
                case .id(let id):
                    try await client.query(
                        "SELECT id, name, created_ms FROM accounts WHERE id = \(Int64(clamping: id.rawValue))",
                        logger: logger)
                case .name(let name):
                    try await client.query(
                        "SELECT id, name, created_ms FROM accounts WHERE name = \(name)", logger: logger)
                case .nameIgnoringCase(let name):
                    try await client.query(
                        "SELECT id, name, created_ms FROM accounts WHERE lower(name) = lower(\(name)) LIMIT 1",
                        logger: logger)
                }
            for try await (id, name, created) in rows.decode((Int64, String, Int64).self) {
                return AccountRecord(id: AccountID(UInt64(id)), name: name, createdAt: Timestamp(milliseconds: created))
            }
            return nil
        }
    }

    /// Adds a key.
    public func saveAPIKey(_ key: StoredAPIKey) async throws {
        try await withClient { client in
            let rows = try await client.query(
                """
                INSERT INTO api_keys (access_key, account_id, sealed_secret, scopes, allowed_ips, expires_ms,
                                      created_ms, revoked_ms)
                VALUES (\(key.accessKey), \(Int64(key.accountID.rawValue)), \(ByteBuffer(bytes: key.sealedSecret)),
                        \(key.scopes), \(key.allowedIPs), \(key.expiresAt?.milliseconds), \(key.createdAt.milliseconds),
                        \(key.revokedAt?.milliseconds))
                ON CONFLICT (access_key) DO NOTHING RETURNING access_key
                """,
                logger: logger
            ).collect()
            guard !rows.isEmpty else { throw StoreError.duplicate("access key \(key.accessKey)") }
        }
    }

    /// The key with `accessKey`.
    public func apiKey(accessKey: String) async throws -> StoredAPIKey? {
        try await keys(
            """
            SELECT access_key, account_id, sealed_secret, scopes, allowed_ips, expires_ms, created_ms, revoked_ms
            FROM api_keys WHERE access_key = \(accessKey)
            """
        ).first
    }

    /// The keys of `account`, oldest first.
    public func apiKeys(of account: AccountID) async throws -> [StoredAPIKey] {
        try await keys(
            """
            SELECT access_key, account_id, sealed_secret, scopes, allowed_ips, expires_ms, created_ms, revoked_ms
            FROM api_keys WHERE account_id = \(Int64(account.rawValue)) ORDER BY created_ms, access_key
            """
        )
    }

    /// Revokes a live key.
    public func revokeAPIKey(accessKey: String, at time: Timestamp) async throws -> Bool {
        try await withClient { client in
            let rows = try await client.query(
                """
                UPDATE api_keys SET revoked_ms = \(time.milliseconds)
                WHERE access_key = \(accessKey) AND revoked_ms IS NULL RETURNING access_key
                """,
                logger: logger
            ).collect()
            return rows.count == 1
        }
    }

    private func keys(_ query: PostgresQuery) async throws -> [StoredAPIKey] {
        try await withClient { client in
            let rows = try await client.query(query, logger: logger)
            var keys: [StoredAPIKey] = []
            let columns = (String, Int64, ByteBuffer, String, String?, Int64?, Int64, Int64?).self
            for try await (access, account, sealed, scopes, ips, expires, created, revoked) in rows.decode(columns) {
                keys.append(
                    StoredAPIKey(
                        accessKey: access, accountID: AccountID(UInt64(account)),
                        sealedSecret: Array(sealed.readableBytesView), scopes: scopes, allowedIPs: ips,
                        expiresAt: expires.map(Timestamp.init(milliseconds:)),
                        createdAt: Timestamp(milliseconds: created),
                        revokedAt: revoked.map(Timestamp.init(milliseconds:))))
            }
            return keys
        }
    }
}
