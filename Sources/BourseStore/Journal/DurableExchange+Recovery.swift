public import BourseCore

/// What start-up recovery did.
public struct RecoveryReport: Hashable, Sendable {
    /// The sequence of the snapshot recovery started from; `nil` if it started from an empty state.
    public var snapshotSequence: UInt64?
    /// How many journal entries it applied after the snapshot.
    public var replayedEntries: Int
    /// The sequence of the last entry, now applied.
    public var lastSequence: UInt64
    /// Why the newest snapshot was not used, if it could not be read (recovery then replays the whole
    /// journal, which is never truncated).
    public var unreadableSnapshot: String?
}

extension DurableExchange {
    /// The state the store's snapshot and journal describe: the newest snapshot (or a fresh state listing
    /// `markets`, each with `marketData`, which must be what the writer started from) with every later
    /// journal entry applied, exactly as the writer applied it.
    ///
    /// Throws ``StoreError/corrupt(_:)`` if a record is damaged or the journal has a gap; a recovery that
    /// cannot account for every acknowledged command refuses to start rather than run on a wrong state.
    /// An unreadable snapshot is not fatal: recovery replays the whole journal instead and says so in
    /// ``RecoveryReport/unreadableSnapshot``.
    public static func recover(
        from store: any Store, markets: [Market],
        marketData: (MarketCode) -> MarketData = MarketData.durable
    ) async throws -> (ExchangeState, RecoveryReport) {
        var state = ExchangeState(markets: markets, marketData: marketData)
        var snapshot = try await store.latestSnapshot()
        var unreadable: String?
        if let stored = snapshot {
            do {
                let restored = try ExchangeSnapshot.decode(stored.bytes)
                guard restored.lastSequence == stored.sequence else {
                    throw StoreError.corrupt("snapshot \(stored.sequence) holds state at \(restored.lastSequence)")
                }
                state = restored
            } catch {
                // The journal holds every command from the first, so a full replay still recovers exactly.
                unreadable = "snapshot \(stored.sequence): \(error)"
                snapshot = nil
            }
        }
        let replayed = try await replay(from: store, into: &state).entries
        let stored = try await store.lastSequence()
        guard stored == state.lastSequence else {
            throw StoreError.corrupt("journal ends at \(stored) but recovery reached \(state.lastSequence)")
        }
        let report = RecoveryReport(
            snapshotSequence: snapshot?.sequence, replayedEntries: replayed, lastSequence: state.lastSequence,
            unreadableSnapshot: unreadable)
        return (state, report)
    }

    /// Applies every journal entry after `state.lastSequence` to `state`, in order, checking each record
    /// (checksum, header, no gap), and calls `each` with every entry and its events. Returns how many
    /// entries and records it applied. Recovery and `bourse journal check` both replay through here.
    public static func replay(
        from store: any Store, into state: inout ExchangeState,
        each: (JournalEntry, [Event]) throws -> Void = { _, _ in }
    ) async throws -> (entries: Int, records: Int) {
        var events: [Event] = []
        var trades: [TradeRecord] = []
        var entriesApplied = 0
        var recordsRead = 0
        while true {
            let records = try await store.journal(after: state.lastSequence, limit: 64)
            guard !records.isEmpty else { break }
            for record in records {
                recordsRead += 1
                let entries: [JournalEntry]
                do { entries = try JournalCodec.decode(record.bytes) } catch {
                    throw StoreError.corrupt("journal record \(record.firstSequence): \(error)")
                }
                guard entries.count == record.count, entries.first?.sequence == record.firstSequence else {
                    throw StoreError.corrupt("journal record \(record.firstSequence) does not match its header")
                }
                for entry in entries where entry.sequence > state.lastSequence {
                    guard entry.sequence == state.lastSequence + 1 else {
                        throw StoreError.corrupt("journal gap: \(entry.sequence) after \(state.lastSequence)")
                    }
                    events.removeAll(keepingCapacity: true)
                    trades.removeAll(keepingCapacity: true)
                    state.apply(entry, events: &events, trades: &trades)
                    try each(entry, events)
                    entriesApplied += 1
                }
            }
        }
        return (entriesApplied, recordsRead)
    }
}
