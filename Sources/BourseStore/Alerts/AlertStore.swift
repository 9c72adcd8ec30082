public import BourseCore

/// Where users' alerts live. Every ``Store`` is one.
///
/// An alert fires once: ``endAlerts(_:)`` ends it and stores its notification in one transaction, and does
/// neither for an alert that is no longer active, so a restart between the two, or two servers on one
/// database, can neither lose the notice of a fired alert nor send it twice.
public protocol AlertStore: Sendable {
    /// Stores `alert` as active and returns it numbered, unless its owner holds `maximumActive` active alerts
    /// already (nil then): counted and added in one transaction, so requests racing each other cannot pass
    /// the limit together. The owner's ended alerts past the newest `keepingEnded` are deleted with it.
    func addAlert(_ alert: Alert, maximumActive: Int, keepingEnded: Int) async throws -> Alert?
    /// `account`'s alerts, newest first: every active one, then at most `ended` of those that fired or expired.
    func alerts(of account: AccountID, ended: Int) async throws -> [Alert]
    /// Every user's active alerts, oldest first (the server's watch list at start).
    func activeAlerts() async throws -> [Alert]
    /// Deletes `account`'s alert `id` (of any state); false if it has none by that id.
    func deleteAlert(_ id: UInt64, of account: AccountID) async throws -> Bool
    /// Ends the alerts of `endings` that are still active, in one transaction: each takes its state and time,
    /// and a fired one's notification goes into the inbox. Returns the endings that took effect, in order,
    /// their notifications numbered (none for an alert already ended or deleted).
    func endAlerts(_ endings: [AlertEnding]) async throws -> [AlertEnding]
}

/// How one alert ends: fired (with the inbox entry that says so) or expired (with none).
public struct AlertEnding: Hashable, Sendable {
    /// The alert.
    public var id: UInt64
    /// ``AlertState/fired`` or ``AlertState/expired``.
    public var state: AlertState
    /// When.
    public var at: Timestamp
    /// What its owner's inbox gets, if anything.
    public var notification: StoredNotification?

    /// An ending.
    public init(id: UInt64, state: AlertState, at: Timestamp, notification: StoredNotification?) {
        self.id = id
        self.state = state
        self.at = at
        self.notification = notification
    }
}
