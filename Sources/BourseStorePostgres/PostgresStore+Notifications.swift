public import BourseCore
public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// Stores notifications, unread, in one transaction.
    public func addNotifications(_ notifications: [StoredNotification]) async throws -> [StoredNotification] {
        guard !notifications.isEmpty else { return [] }
        return try await transaction { connection in
            var stored: [StoredNotification] = []
            for notification in notifications { stored.append(try await insert(notification, on: connection)) }
            for account in Set(notifications.map(\.account)) { try await trimInbox(of: account, on: connection) }
            return stored
        }
    }

    /// Drops `account`'s notifications beyond its newest ``StoredNotification/inboxCapacity``.
    func trimInbox(of account: AccountID, on connection: PostgresConnection) async throws {
        let id = Int64(account.rawValue)
        try await connection.query(
            """
            DELETE FROM notifications WHERE account_id = \(id) AND id <= (
                SELECT id FROM notifications WHERE account_id = \(id) ORDER BY id DESC LIMIT 1
                OFFSET \(Int64(StoredNotification.inboxCapacity)))
            """,
            logger: logger)
    }

    /// Inserts one notification, unread, and returns it numbered (inside the caller's transaction: alerts
    /// store theirs with the alert's end).
    func insert(
        _ notification: StoredNotification, on connection: PostgresConnection
    ) async throws
        -> StoredNotification
    {
        let rows = try await connection.query(
            """
            INSERT INTO notifications (account_id, kind, item_id, room, text, text_ko, at_ms)
            VALUES (\(Int64(notification.account.rawValue)), \(notification.kind),
                    \(notification.item.map { Int64($0.rawValue) }), \(notification.room),
                    \(notification.text), \(notification.koreanText), \(notification.at.milliseconds))
            RETURNING id
            """,
            logger: logger)
        var added: StoredNotification?
        for try await id in rows.decode(Int64.self) {
            added = notification
            added?.id = UInt64(id)
            added?.read = false
        }
        guard let added else { throw StoreError.corrupt("INSERT INTO notifications returned no id") }
        return added
    }

    /// An account's notifications below `before`, newest first.
    public func notifications(
        of account: AccountID, unreadOnly: Bool, before: UInt64?, limit: Int
    ) async throws -> [StoredNotification] {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT id, account_id, kind, item_id, room, text, at_ms, read, text_ko FROM notifications
                WHERE account_id = \(Int64(account.rawValue)) AND id < \(Int64(clamping: before ?? UInt64(Int64.max)))
                  AND (NOT \(unreadOnly) OR NOT read)
                ORDER BY id DESC LIMIT \(Int64(max(0, limit)))
                """,
                logger: logger)
            var notifications: [StoredNotification] = []
            for try await (id, account, kind, item, room, text, at, read, korean) in rows.decode(
                (Int64, Int64, String, Int64?, String?, String, Int64, Bool, String?).self)
            {
                notifications.append(
                    StoredNotification(
                        id: UInt64(id), account: AccountID(UInt64(account)), kind: kind,
                        item: item.map { ItemID(UInt64($0)) }, room: room, text: text, koreanText: korean,
                        at: Timestamp(milliseconds: at), read: read))
            }
            return notifications
        }
    }

    /// How many of an account's notifications are unread.
    public func unreadNotificationCount(of account: AccountID) async throws -> Int {
        try await withClient { client in
            try await client.withConnection { connection in
                try await Self.unread(connection, of: account, logger: logger)
            }
        }
    }

    /// Marks an account's notifications read (by id, or up to an id, or all).
    public func markNotificationsRead(of account: AccountID, ids: [UInt64]?, through: UInt64?) async throws -> Int {
        try await transaction { connection in
            let owner = Int64(account.rawValue)
            if let ids {
                let ids = ids.map { Int64(clamping: $0) }
                try await connection.query(
                    """
                    UPDATE notifications SET read = true
                    WHERE account_id = \(owner) AND id = ANY(\(ids)::bigint[]) AND NOT read
                    """,
                    logger: logger)
            } else {
                try await connection.query(
                    """
                    UPDATE notifications SET read = true
                    WHERE account_id = \(owner) AND id <= \(Int64(clamping: through ?? UInt64(Int64.max))) AND NOT read
                    """,
                    logger: logger)
            }
            return try await Self.unread(connection, of: account, logger: logger)
        }
    }

    private static func unread(
        _ connection: PostgresConnection, of account: AccountID, logger: Logger
    ) async throws -> Int {
        let rows = try await connection.query(
            "SELECT COUNT(*) FROM notifications WHERE account_id = \(Int64(account.rawValue)) AND NOT read",
            logger: logger)
        for try await count in rows.decode(Int64.self) { return Int(count) }
        return 0
    }
}
