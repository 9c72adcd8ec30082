public import BourseCore
public import BourseStore
import Foundation
import GRDB

extension SQLiteStore {
    /// Adds an account with the next id (ids are never reused).
    public func createAccount(named name: String, at time: Timestamp) async throws -> AccountRecord {
        try await pool.write { db in
            do {
                try db.execute(
                    sql: "INSERT INTO accounts (name, created_ms) VALUES (?, ?)", arguments: [name, time.milliseconds])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                throw StoreError.duplicate("account \(name)")
            }
            return AccountRecord(id: AccountID(UInt64(db.lastInsertedRowID)), name: name, createdAt: time)
        }
    }

    /// Every account, by id.
    public func accounts() async throws -> [AccountRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, created_ms FROM accounts ORDER BY id").map { row in
                AccountRecord(
                    id: AccountID(UInt64(row[0] as Int64)), name: row[1],
                    createdAt: Timestamp(milliseconds: row[2]))
            }
        }
    }

    /// One account, through the primary key or the name's unique index.
    public func account(where lookup: AccountLookup) async throws -> AccountRecord? {
        try await pool.read { db in
            let row: Row? =
                switch lookup {
                case .id(let id):
                    try Row.fetchOne(
                        db, sql: "SELECT id, name, created_ms FROM accounts WHERE id = ?",
                        arguments: [Int64(clamping: id.rawValue)])
                case .name(let name):
                    try Row.fetchOne(
                        db, sql: "SELECT id, name, created_ms FROM accounts WHERE name = ?", arguments: [name])
                case .nameIgnoringCase(let name):
                    // NOCASE folds ASCII letters only, as names are ASCII.
                    try Row.fetchOne(
                        db, sql: "SELECT id, name, created_ms FROM accounts WHERE name = ? COLLATE NOCASE LIMIT 1",
                        arguments: [name])
                }
            return row.map { row in
                AccountRecord(
                    id: AccountID(UInt64(row[0] as Int64)), name: row[1], createdAt: Timestamp(milliseconds: row[2]))
            }
        }
    }

    /// Adds a key.
    public func saveAPIKey(_ key: StoredAPIKey) async throws {
        try await pool.write { db in
            do {
                try db.execute(
                    sql: """
                        INSERT INTO api_keys (access_key, account_id, sealed_secret, scopes, allowed_ips, expires_ms, \
                        created_ms, revoked_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        key.accessKey, Int64(key.accountID.rawValue), Data(key.sealedSecret), key.scopes,
                        key.allowedIPs,
                        key.expiresAt?.milliseconds, key.createdAt.milliseconds, key.revokedAt?.milliseconds,
                    ])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
                throw StoreError.duplicate("access key \(key.accessKey)")
            }
        }
    }

    /// The key with `accessKey`.
    public func apiKey(accessKey: String) async throws -> StoredAPIKey? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: Self.keyColumns + " WHERE access_key = ?", arguments: [accessKey]).map(Self.key)
        }
    }

    /// The keys of `account`, oldest first.
    public func apiKeys(of account: AccountID) async throws -> [StoredAPIKey] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: Self.keyColumns + " WHERE account_id = ? ORDER BY created_ms, access_key",
                arguments: [Int64(account.rawValue)]
            ).map(Self.key)
        }
    }

    /// Revokes a live key.
    public func revokeAPIKey(accessKey: String, at time: Timestamp) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE api_keys SET revoked_ms = ? WHERE access_key = ? AND revoked_ms IS NULL",
                arguments: [time.milliseconds, accessKey])
            return db.changesCount == 1
        }
    }

    private static let keyColumns = """
        SELECT access_key, account_id, sealed_secret, scopes, allowed_ips, expires_ms, created_ms, revoked_ms \
        FROM api_keys
        """

    private static func key(_ row: Row) -> StoredAPIKey {
        StoredAPIKey(
            accessKey: row[0], accountID: AccountID(UInt64(row[1] as Int64)), sealedSecret: [UInt8](row[2] as Data),
            scopes: row[3], allowedIPs: row[4], expiresAt: (row[5] as Int64?).map(Timestamp.init(milliseconds:)),
            createdAt: Timestamp(milliseconds: row[6]),
            revokedAt: (row[7] as Int64?).map(Timestamp.init(milliseconds:)))
    }
}
