/// One stored journal record: the bytes of consecutive entries written by one group commit
/// (see `JournalCodec` for the layout).
public struct JournalRecord: Hashable, Sendable {
    /// The sequence of the record's first entry.
    public var firstSequence: UInt64
    /// How many entries the record holds (at least one).
    public var count: Int
    /// The encoded entries.
    public var bytes: [UInt8]

    /// A record; `bytes` must encode `count` entries starting at `firstSequence`.
    public init(firstSequence: UInt64, count: Int, bytes: [UInt8]) {
        precondition(count > 0, "a journal record holds at least one entry")
        self.firstSequence = firstSequence
        self.count = count
        self.bytes = bytes
    }

    /// The sequence of the record's last entry.
    public var lastSequence: UInt64 { firstSequence + UInt64(count) - 1 }
}
