/// One user's alert: a condition the server watches for them and fires once, into their inbox and onto
/// their sockets (issue #19).
public struct Alert: Hashable, Sendable {
    /// The store's id (from 1 up across every user): what a client deletes by.
    public var id: UInt64
    /// Whose alert.
    public var account: AccountID
    /// What it waits for.
    public var condition: AlertCondition
    /// Where it is in its life.
    public var state: AlertState
    /// When it was set.
    public var createdAt: Timestamp
    /// When it fired or expired; nil while active.
    public var endedAt: Timestamp?

    /// An active alert (the store numbers it when added; `id` is then ignored).
    public init(
        id: UInt64 = 0, account: AccountID, condition: AlertCondition, state: AlertState = .active,
        createdAt: Timestamp, endedAt: Timestamp? = nil
    ) {
        self.id = id
        self.account = account
        self.condition = condition
        self.state = state
        self.createdAt = createdAt
        self.endedAt = endedAt
    }
}

/// Where an alert is in its life. It fires at most once: after that, or after its item's sale ends without
/// meeting it, it is only history.
public enum AlertState: String, Hashable, Sendable, CaseIterable {
    /// Watched.
    case active
    /// Its condition was met; its notification is in the inbox.
    case fired
    /// Its item's sale ended before the condition was met.
    case expired
}
