public import BourseCore

extension InMemoryStore {
    /// Stores an active alert, numbered from 1 up, unless the owner holds `maximumActive` already.
    public func addAlert(_ alert: Alert, maximumActive: Int, keepingEnded: Int) async throws -> Alert? {
        try write { contents in
            let own = contents.alerts.filter { $0.account == alert.account }
            guard own.count(where: { $0.state == .active }) < maximumActive else { return nil }
            let dropped = Set(own.filter { $0.state != .active }.reversed().dropFirst(max(0, keepingEnded)).map(\.id))
            contents.alerts.removeAll { dropped.contains($0.id) }
            var stored = alert
            stored.id = contents.nextAlert
            stored.state = .active
            stored.endedAt = nil
            contents.nextAlert += 1
            contents.alerts.append(stored)
            return stored
        }
    }

    /// An account's alerts, newest first: the active ones, then up to `ended` others.
    public func alerts(of account: AccountID, ended: Int) async throws -> [Alert] {
        try read { contents in
            let own = contents.alerts.reversed().filter { $0.account == account }
            return own.filter { $0.state == .active } + own.filter { $0.state != .active }.prefix(max(0, ended))
        }
    }

    /// Every active alert, oldest first.
    public func activeAlerts() async throws -> [Alert] {
        try read { contents in contents.alerts.filter { $0.state == .active } }
    }

    /// Deletes an account's alert.
    public func deleteAlert(_ id: UInt64, of account: AccountID) async throws -> Bool {
        try write { contents in
            guard let index = contents.alerts.firstIndex(where: { $0.id == id && $0.account == account }) else {
                return false
            }
            contents.alerts.remove(at: index)
            return true
        }
    }

    /// Ends the still-active alerts among `endings`, storing the notifications of those that fired.
    public func endAlerts(_ endings: [AlertEnding]) async throws -> [AlertEnding] {
        try write { contents in
            var ended: [AlertEnding] = []
            for var ending in endings {
                guard let index = contents.alerts.firstIndex(where: { $0.id == ending.id && $0.state == .active })
                else { continue }
                contents.alerts[index].state = ending.state
                contents.alerts[index].endedAt = ending.at
                if let notification = ending.notification {
                    ending.notification = contents.addNotification(notification)
                    contents.trimInbox(of: notification.account)
                }
                ended.append(ending)
            }
            return ended
        }
    }
}
