public import BourseCore

extension InMemoryStore {
    /// Stores notifications, unread, numbered from 1 up.
    public func addNotifications(_ notifications: [StoredNotification]) async throws -> [StoredNotification] {
        try write { contents in
            let stored = notifications.map { contents.addNotification($0) }
            for account in Set(notifications.map(\.account)) { contents.trimInbox(of: account) }
            return stored
        }
    }

    /// An account's notifications below `before`, newest first.
    public func notifications(
        of account: AccountID, unreadOnly: Bool, before: UInt64?, limit: Int
    ) async throws -> [StoredNotification] {
        try read { contents in
            Array(
                contents.notifications.reversed().lazy.filter {
                    $0.account == account && $0.id < (before ?? .max) && !(unreadOnly && $0.read)
                }
                .prefix(max(0, limit)))
        }
    }

    /// How many of an account's notifications are unread.
    public func unreadNotificationCount(of account: AccountID) async throws -> Int {
        try read { contents in contents.notifications.count { $0.account == account && !$0.read } }
    }

    /// Marks an account's notifications read (by id, or up to an id, or all).
    public func markNotificationsRead(of account: AccountID, ids: [UInt64]?, through: UInt64?) async throws -> Int {
        try write { contents in
            let chosen = ids.map(Set.init)
            for index in contents.notifications.indices where contents.notifications[index].account == account {
                let id = contents.notifications[index].id
                if chosen?.contains(id) ?? (id <= (through ?? .max)) { contents.notifications[index].read = true }
            }
            return contents.notifications.count { $0.account == account && !$0.read }
        }
    }
}

extension InMemoryStore.Contents {
    /// Adds `notification`, unread, with the next id.
    mutating func addNotification(_ notification: StoredNotification) -> StoredNotification {
        lastNotification += 1
        var stored = notification
        stored.id = lastNotification
        stored.read = false
        notifications.append(stored)
        return stored
    }

    /// Drops `account`'s notifications beyond its newest ``StoredNotification/inboxCapacity``.
    mutating func trimInbox(of account: AccountID) {
        var kept = 0
        var dropped = false
        for index in notifications.indices.reversed() where notifications[index].account == account {
            kept += 1
            if kept > StoredNotification.inboxCapacity {
                notifications[index].id = 0
                dropped = true
            }
        }
        if dropped { notifications.removeAll { $0.id == 0 } }
    }
}
