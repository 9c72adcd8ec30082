public import BourseCore
public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// Sets the password hash of an existing account.
    public func setPasswordHash(_ hash: String, of account: AccountID) async throws -> Bool {
        try await withClient { client in
            let rows = try await client.query(
                "UPDATE accounts SET password_hash = \(hash) WHERE id = \(Int64(account.rawValue)) RETURNING id",
                logger: logger
            ).collect()
            return rows.count == 1
        }
    }

    /// The password hash of `account`.
    public func passwordHash(of account: AccountID) async throws -> String? {
        try await withClient { client in
            let rows = try await client.query(
                "SELECT password_hash FROM accounts WHERE id = \(Int64(account.rawValue))", logger: logger)
            for try await hash in rows.decode(String?.self) { return hash }
            return nil
        }
    }

    /// Adds a session, and forgets the account's sessions that expired over a day before it.
    public func saveSession(_ session: StoredSession) async throws {
        try await withClient { client in
            let account = Int64(session.account.rawValue)
            try await client.query(
                """
                DELETE FROM sessions WHERE account_id = \(account)
                AND expires_ms < \(session.createdAt.milliseconds - 86_400_000)
                """,
                logger: logger)
            let rows = try await client.query(
                """
                INSERT INTO sessions (token_hash, account_id, created_ms, expires_ms, revoked_ms)
                VALUES (\(ByteBuffer(bytes: session.tokenHash)), \(account), \(session.createdAt.milliseconds),
                        \(session.expiresAt.milliseconds), \(session.revokedAt?.milliseconds))
                ON CONFLICT (token_hash) DO NOTHING RETURNING account_id
                """,
                logger: logger
            ).collect()
            guard !rows.isEmpty else { throw StoreError.duplicate("session") }
        }
    }

    /// The session with `tokenHash`.
    public func session(tokenHash: [UInt8]) async throws -> StoredSession? {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT account_id, created_ms, expires_ms, revoked_ms FROM sessions
                WHERE token_hash = \(ByteBuffer(bytes: tokenHash))
                """,
                logger: logger)
            for try await (account, created, expires, revoked) in rows.decode((Int64, Int64, Int64, Int64?).self) {
                return StoredSession(
                    tokenHash: tokenHash, account: AccountID(UInt64(account)),
                    createdAt: Timestamp(milliseconds: created), expiresAt: Timestamp(milliseconds: expires),
                    revokedAt: revoked.map(Timestamp.init(milliseconds:)))
            }
            return nil
        }
    }

    /// Revokes a live session.
    public func revokeSession(tokenHash: [UInt8], at time: Timestamp) async throws -> Bool {
        try await withClient { client in
            let rows = try await client.query(
                """
                UPDATE sessions SET revoked_ms = \(time.milliseconds)
                WHERE token_hash = \(ByteBuffer(bytes: tokenHash)) AND revoked_ms IS NULL RETURNING account_id
                """,
                logger: logger
            ).collect()
            return rows.count == 1
        }
    }

    /// Revokes the live sessions of `account`.
    public func revokeSessions(of account: AccountID, at time: Timestamp) async throws -> Int {
        try await withClient { client in
            try await client.query(
                """
                UPDATE sessions SET revoked_ms = \(time.milliseconds)
                WHERE account_id = \(Int64(account.rawValue)) AND revoked_ms IS NULL RETURNING account_id
                """,
                logger: logger
            ).collect().count
        }
    }
}

extension PostgresStore {
    /// Adds a photo with the next id.
    public func savePhoto(_ photo: StoredPhoto) async throws -> StoredPhoto {
        try await withClient { client in
            let rows = try await client.query(
                """
                INSERT INTO photos (owner_id, content_type, width, height, byte_count, sha256, created_ms)
                VALUES (\(Int64(photo.owner.rawValue)), \(photo.contentType), \(Int32(clamping: photo.width)),
                        \(Int32(clamping: photo.height)), \(Int32(clamping: photo.byteCount)), \(photo.sha256),
                        \(photo.createdAt.milliseconds))
                RETURNING id
                """,
                logger: logger)
            for try await id in rows.decode(Int64.self) {
                var saved = photo
                saved.id = UInt64(id)
                return saved
            }
            throw StoreError.corrupt("INSERT INTO photos returned no id")
        }
    }

    /// The bytes of `owner`'s uploads.
    public func photoBytes(of owner: AccountID) async throws -> Int {
        try await withClient { client in
            let rows = try await client.query(
                "SELECT COALESCE(SUM(byte_count), 0)::BIGINT FROM photos WHERE owner_id = \(Int64(owner.rawValue))",
                logger: logger)
            for try await total in rows.decode(Int64.self) { return Int(total) }
            return 0
        }
    }

    /// The photo `id`.
    public func photo(_ id: UInt64) async throws -> StoredPhoto? {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT id, owner_id, content_type, width, height, byte_count, sha256, created_ms FROM photos
                WHERE id = \(Int64(clamping: id))
                """,
                logger: logger)
            let columns = (Int64, Int64, String, Int32, Int32, Int32, String, Int64).self
            for try await (id, owner, type, width, height, count, sha, created) in rows.decode(columns) {
                return StoredPhoto(
                    id: UInt64(id), owner: AccountID(UInt64(owner)), contentType: type, width: Int(width),
                    height: Int(height), byteCount: Int(count), sha256: sha, createdAt: Timestamp(milliseconds: created)
                )
            }
            return nil
        }
    }
}
