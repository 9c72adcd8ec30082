public import BourseCore

extension InMemoryStore {
    /// Stores notifications, unread, numbered from 1 up.
    public func addNotifications(_ notifications: [StoredNotification]) async throws -> [StoredNotification] {
        try write { contents in
            notifications.map { notification in
                var stored = notification
                stored.id = UInt64(contents.notifications.count + 1)
                stored.read = false
                contents.notifications.append(stored)
                return stored
            }
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
