public import BourseCore
public import BourseStore
import Foundation
import GRDB

extension SQLiteStore {
    /// Sets the password hash of an existing account.
    public func setPasswordHash(_ hash: String, of account: AccountID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE accounts SET password_hash = ? WHERE id = ?", arguments: [hash, Int64(account.rawValue)])
            return db.changesCount == 1
        }
    }

    /// The password hash of `account`.
    public func passwordHash(of account: AccountID) async throws -> String? {
        try await pool.read { db in
            try String.fetchOne(
                db, sql: "SELECT password_hash FROM accounts WHERE id = ?", arguments: [Int64(account.rawValue)])
        }
    }

    /// Adds a session, and forgets the account's sessions that expired over a day before it.
    public func saveSession(_ session: StoredSession) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM sessions WHERE account_id = ? AND expires_ms < ?",
                arguments: [Int64(session.account.rawValue), session.createdAt.milliseconds - 86_400_000])
            do {
                try db.execute(
                    sql: """
                        INSERT INTO sessions (token_hash, account_id, created_ms, expires_ms, revoked_ms)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        Data(session.tokenHash), Int64(session.account.rawValue), session.createdAt.milliseconds,
                        session.expiresAt.milliseconds, session.revokedAt?.milliseconds,
                    ])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
                throw StoreError.duplicate("session")
            }
        }
    }

    /// The session with `tokenHash`.
    public func session(tokenHash: [UInt8]) async throws -> StoredSession? {
        try await pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT token_hash, account_id, created_ms, expires_ms, revoked_ms FROM sessions
                    WHERE token_hash = ?
                    """,
                arguments: [Data(tokenHash)]
            ).map { row in
                StoredSession(
                    tokenHash: [UInt8](row[0] as Data), account: AccountID(UInt64(row[1] as Int64)),
                    createdAt: Timestamp(milliseconds: row[2]), expiresAt: Timestamp(milliseconds: row[3]),
                    revokedAt: (row[4] as Int64?).map(Timestamp.init(milliseconds:)))
            }
        }
    }

    /// Revokes a live session.
    public func revokeSession(tokenHash: [UInt8], at time: Timestamp) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE sessions SET revoked_ms = ? WHERE token_hash = ? AND revoked_ms IS NULL",
                arguments: [time.milliseconds, Data(tokenHash)])
            return db.changesCount == 1
        }
    }

    /// Revokes the live sessions of `account`.
    public func revokeSessions(of account: AccountID, at time: Timestamp) async throws -> Int {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE sessions SET revoked_ms = ? WHERE account_id = ? AND revoked_ms IS NULL",
                arguments: [time.milliseconds, Int64(account.rawValue)])
            return db.changesCount
        }
    }
}

extension SQLiteStore {
    /// Adds a photo with the next id.
    public func savePhoto(_ photo: StoredPhoto) async throws -> StoredPhoto {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO photos (owner_id, content_type, width, height, byte_count, sha256, created_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    Int64(photo.owner.rawValue), photo.contentType, photo.width, photo.height, photo.byteCount,
                    photo.sha256, photo.createdAt.milliseconds,
                ])
            var saved = photo
            saved.id = UInt64(db.lastInsertedRowID)
            return saved
        }
    }

    /// The bytes of `owner`'s uploads.
    public func photoBytes(of owner: AccountID) async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COALESCE(SUM(byte_count), 0) FROM photos WHERE owner_id = ?",
                arguments: [Int64(owner.rawValue)]) ?? 0
        }
    }

    /// The photo `id`.
    public func photo(_ id: UInt64) async throws -> StoredPhoto? {
        try await pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT id, owner_id, content_type, width, height, byte_count, sha256, created_ms FROM photos
                    WHERE id = ?
                    """,
                arguments: [Int64(clamping: id)]
            ).map { row in
                StoredPhoto(
                    id: UInt64(row[0] as Int64), owner: AccountID(UInt64(row[1] as Int64)), contentType: row[2],
                    width: row[3], height: row[4], byteCount: row[5], sha256: row[6],
                    createdAt: Timestamp(milliseconds: row[7]))
            }
        }
    }
}
