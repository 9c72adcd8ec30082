/// One journaled command: what the single writer applied, in which order and at what time.
///
/// Replaying the entries in sequence order against the same starting state gives the same events, order
/// ids and market data, because the exchange is a pure state machine and everything it is told (time,
/// order ids) is in the entry.
public struct JournalEntry: Hashable, Sendable {
    /// The entry's position in the journal: 1 for the first command ever, then consecutive.
    public var sequence: UInt64
    /// When the writer applied it.
    public var time: Timestamp
    /// What it applied.
    public var command: Command

    /// Builds it from exactly these parts; nothing is checked or derived here.
    public init(sequence: UInt64, time: Timestamp, command: Command) {
        self.sequence = sequence
        self.time = time
        self.command = command
    }
}
