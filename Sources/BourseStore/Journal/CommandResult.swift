public import BourseCore

/// What a submitted command did, reported once its journal entry is durable.
public struct CommandResult: Hashable, Sendable {
    /// The command as journaled: its sequence, time and (for orders) the order id it was given.
    public var entry: JournalEntry
    /// Its events, in order.
    public var events: [Event]

    /// Builds it from exactly these parts; nothing is checked or derived here.
    public init(entry: JournalEntry, events: [Event]) {
        self.entry = entry
        self.events = events
    }
}

/// Why a submission was not applied.
public enum DurableExchangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The exchange is shutting down or has stopped; the command was not applied.
    case stopped
    /// A journal write failed, so nothing more can be acknowledged; the command's outcome is unknown
    /// until restart recovers the journal (`detail` is the store's error).
    case journalFailed(String)

    /// A sentence for logs and error messages.
    public var description: String {
        switch self {
        case .stopped: "the exchange is not running"
        case .journalFailed(let detail): "the journal could not be written: \(detail)"
        }
    }
}
