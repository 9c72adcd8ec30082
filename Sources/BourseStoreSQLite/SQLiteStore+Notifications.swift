public import BourseCore
public import BourseStore
import GRDB

extension SQLiteStore {
    /// Stores notifications, unread, in one transaction.
    public func addNotifications(_ notifications: [StoredNotification]) async throws -> [StoredNotification] {
        guard !notifications.isEmpty else { return [] }
        return try await pool.write { db in
            let stored = try notifications.map { try Self.insert($0, into: db) }
            for account in Set(notifications.map(\.account)) { try Self.trimInbox(of: account, db) }
            return stored
        }
    }

    /// Drops `account`'s notifications beyond its newest ``StoredNotification/inboxCapacity`` (one range of
    /// the account's index).
    static func trimInbox(of account: AccountID, _ db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM notifications WHERE account_id = ?1 AND id <= (
                    SELECT id FROM notifications WHERE account_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)
                """,
            arguments: [Int64(account.rawValue), StoredNotification.inboxCapacity])
    }

    /// Inserts one notification, unread, and returns it numbered (inside the caller's transaction: alerts
    /// store theirs with the alert's end).
    static func insert(_ notification: StoredNotification, into db: Database) throws -> StoredNotification {
        try db.execute(
            sql: """
                INSERT INTO notifications (account_id, kind, item_id, room, text, text_ko, at_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                Int64(notification.account.rawValue), notification.kind,
                notification.item.map { Int64($0.rawValue) }, notification.room, notification.text,
                notification.koreanText, notification.at.milliseconds,
            ])
        var stored = notification
        stored.id = UInt64(db.lastInsertedRowID)
        stored.read = false
        return stored
    }

    /// An account's notifications below `before`, newest first.
    public func notifications(
        of account: AccountID, unreadOnly: Bool, before: UInt64?, limit: Int
    ) async throws -> [StoredNotification] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, account_id, kind, item_id, room, text, at_ms, read, text_ko FROM notifications
                    WHERE account_id = ? AND id < ? \(unreadOnly ? "AND read = 0" : "")
                    ORDER BY id DESC LIMIT ?
                    """,
                arguments: [Int64(account.rawValue), Int64(clamping: before ?? UInt64(Int64.max)), max(0, limit)]
            ).map { row in
                StoredNotification(
                    id: UInt64(row[0] as Int64), account: AccountID(UInt64(row[1] as Int64)), kind: row[2],
                    item: (row[3] as Int64?).map { ItemID(UInt64($0)) }, room: row[4], text: row[5],
                    koreanText: row[8], at: Timestamp(milliseconds: row[6]), read: row[7])
            }
        }
    }

    /// How many of an account's notifications are unread.
    public func unreadNotificationCount(of account: AccountID) async throws -> Int {
        try await pool.read { db in try Self.unread(db, of: account) }
    }

    /// Marks an account's notifications read (by id, or up to an id, or all).
    public func markNotificationsRead(of account: AccountID, ids: [UInt64]?, through: UInt64?) async throws -> Int {
        try await pool.write { db in
            if let ids {
                for id in ids {
                    try db.execute(
                        sql: "UPDATE notifications SET read = 1 WHERE account_id = ? AND id = ? AND read = 0",
                        arguments: [Int64(account.rawValue), Int64(clamping: id)])
                }
            } else {
                try db.execute(
                    sql: "UPDATE notifications SET read = 1 WHERE account_id = ? AND id <= ? AND read = 0",
                    arguments: [Int64(account.rawValue), Int64(clamping: through ?? UInt64(Int64.max))])
            }
            return try Self.unread(db, of: account)
        }
    }

    private static func unread(_ db: Database, of account: AccountID) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM notifications WHERE account_id = ? AND read = 0",
            arguments: [Int64(account.rawValue)]) ?? 0
    }
}
