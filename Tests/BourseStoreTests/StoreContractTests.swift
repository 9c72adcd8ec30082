import BourseCore
import BourseStore
import Testing

/// What every `Store` promises, checked against every backend in ``StoreBackend/all``.
///
/// Journal, snapshots and the store's life are here; market data in `StoreContractTests+MarketData.swift`.
@Suite("Store contract")
struct StoreContractTests {
    typealias F = StoreFixtures

    // MARK: - Empty store and migrations

    @Test(arguments: StoreBackend.all)
    func emptyStoreAnswersZeroNilAndNothing(backend: StoreBackend) async throws {
        try await backend.withStore { store throws in
            #expect(try await store.lastSequence() == 0)
            #expect(try await store.journal(after: 0, limit: 10).isEmpty)
            #expect(try await store.latestSnapshot() == nil)
            #expect(try await store.candles(F.krwBTC, unit: .minute1, before: nil, count: 200).isEmpty)
            let until = Timestamp(milliseconds: .max)
            #expect(
                try await store.trades(
                    F.krwBTC, from: Timestamp(milliseconds: 0), until: until, before: nil, count: 500
                ).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all)
    func migratingAgainKeepsEverything(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let record = F.record(first: 1, count: 2)
            try await store.append(JournalCommit(record: record, trades: [F.trade(number: 1)]))
            try await store.migrate()
            try await store.migrate()
            #expect(try await store.journal(after: 0, limit: 10) == [record])
            #expect(try await store.lastSequence() == 2)
        }
    }

    // MARK: - Journal

    @Test(arguments: StoreBackend.all)
    func journalReadsBackByteIdenticalFromAnyPosition(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            // Sequences 1-3, 4, 5-9.
            let records = F.records(sizes: [3, 1, 5])
            for record in records { try await store.append(JournalCommit(record: record)) }

            #expect(try await store.lastSequence() == 9)
            #expect(try await store.journal(after: 0, limit: 100) == records)
            #expect(try await store.journal(after: 2, limit: 100) == records, "mid-record: the record holding 3")
            #expect(try await store.journal(after: 3, limit: 100) == Array(records[1...]))
            #expect(try await store.journal(after: 4, limit: 100) == [records[2]])
            #expect(try await store.journal(after: 7, limit: 100) == [records[2]])
            #expect(try await store.journal(after: 9, limit: 100).isEmpty)
            #expect(try await store.journal(after: .max, limit: 100).isEmpty)
            #expect(try await store.journal(after: 0, limit: 2) == Array(records[..<2]))
            #expect(try await store.journal(after: 3, limit: 0) == [records[1]], "a limit below 1 reads one")
            let bytes = try await store.journal(after: 0, limit: 100).map(\.bytes)
            #expect(bytes == records.map(\.bytes))
        }
    }

    /// First sequences that do not follow a journal ending at 4: a gap, overlaps, a repeat of the first.
    @Test(arguments: StoreBackend.all, [6, 4, 3, 1] as [UInt64])
    func misplacedAppendIsRefusedAndLeavesNothing(backend: StoreBackend, first: UInt64) async throws {
        try await backend.withStore { store in
            let kept = F.records(sizes: [3, 1])
            try await store.append(JournalCommit(record: kept[0], trades: [F.trade(number: 1)]))
            try await store.append(JournalCommit(record: kept[1], candles: [F.stored(F.candle(minute: 0))]))

            let refused = JournalCommit(
                record: F.record(first: first, count: 2), trades: [F.trade(number: 2), F.trade(F.krwETH, number: 3)],
                candles: [F.stored(F.candle(minute: 0, close: 999)), F.stored(F.candle(minute: 1))]
            )
            await #expect(throws: StoreError.outOfOrder(expected: 5, got: first)) {
                try await store.append(refused)
            }

            #expect(try await store.lastSequence() == 4)
            #expect(try await store.journal(after: 0, limit: 10) == kept)
            let everything = (from: Timestamp(milliseconds: 0), until: Timestamp(milliseconds: .max))
            let btc = try await store.trades(
                F.krwBTC, from: everything.from, until: everything.until, before: nil, count: 10)
            #expect(btc == [F.trade(number: 1)])
            let eth = try await store.trades(
                F.krwETH, from: everything.from, until: everything.until, before: nil, count: 10)
            #expect(eth.isEmpty)
            #expect(try await store.candles(F.krwBTC, unit: .minute1, before: nil, count: 10) == [F.candle(minute: 0)])
        }
    }

    @Test(arguments: StoreBackend.all)
    func firstRecordMustStartAtOne(backend: StoreBackend) async throws {
        try await backend.withStore { store throws in
            await #expect(throws: StoreError.outOfOrder(expected: 1, got: 2)) {
                try await store.append(JournalCommit(record: F.record(first: 2, count: 1)))
            }
            #expect(try await store.lastSequence() == 0)
        }
    }

    // MARK: - Snapshots

    @Test(arguments: StoreBackend.all)
    func latestSnapshotIsTheHighestSequence(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.saveSnapshot(StoredSnapshot(sequence: 10, bytes: [1, 0, 1]))
            #expect(try await store.latestSnapshot() == StoredSnapshot(sequence: 10, bytes: [1, 0, 1]))
            try await store.saveSnapshot(StoredSnapshot(sequence: 30, bytes: [3]))
            try await store.saveSnapshot(StoredSnapshot(sequence: 20, bytes: [2]))
            #expect(try await store.latestSnapshot() == StoredSnapshot(sequence: 30, bytes: [3]))
            // Older than the two kept (30 and 20): stored and dropped at once.
            try await store.saveSnapshot(StoredSnapshot(sequence: 5, bytes: [5]))
            #expect(try await store.latestSnapshot() == StoredSnapshot(sequence: 30, bytes: [3]))
        }
    }

    @Test(arguments: StoreBackend.all)
    func savingASnapshotAgainReplacesIt(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let large = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try await store.saveSnapshot(StoredSnapshot(sequence: 7, bytes: [9, 9]))
            try await store.saveSnapshot(StoredSnapshot(sequence: 7, bytes: large))
            #expect(try await store.latestSnapshot() == StoredSnapshot(sequence: 7, bytes: large))
        }
    }

    // MARK: - Life of a store

    @Test(arguments: StoreBackend.persistent)
    func aStoreOpenedLaterSeesEverything(backend: StoreBackend) async throws {
        try await backend.withPlace { open in
            let records = F.records(sizes: [2, 3])
            let trades = [F.trade(number: 1), F.trade(number: 2)]
            let candle = F.stored(F.candle(minute: 3), F.krwETH, .day)
            let snapshot = StoredSnapshot(sequence: 5, bytes: Array(0...255))

            let first = try await open()
            try await first.migrate()
            try await first.append(JournalCommit(record: records[0], trades: trades))
            try await first.append(JournalCommit(record: records[1], candles: [candle]))
            try await first.saveSnapshot(snapshot)
            try await first.close()

            let second = try await open()
            try await second.migrate()
            #expect(try await second.lastSequence() == 5)
            #expect(try await second.journal(after: 0, limit: 10) == records)
            #expect(try await second.latestSnapshot() == snapshot)
            let stored = try await second.trades(
                F.krwBTC, from: Timestamp(milliseconds: 0), until: Timestamp(milliseconds: .max), before: nil, count: 10
            )
            #expect(stored == trades.reversed())
            #expect(try await second.candles(F.krwETH, unit: .day, before: nil, count: 10) == [candle.candle])
            try await second.append(JournalCommit(record: F.record(first: 6, count: 1)))
            #expect(try await second.lastSequence() == 6)
        }
    }

    @Test(arguments: StoreBackend.all)
    func closedStoreRefusesEveryCall(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.append(JournalCommit(record: F.record(first: 1, count: 1)))
            try await store.close()
            try await store.close()

            let zero = Timestamp(milliseconds: 0)
            await #expect(throws: StoreError.closed) { try await store.migrate() }
            await #expect(throws: StoreError.closed) {
                try await store.append(JournalCommit(record: F.record(first: 2, count: 1)))
            }
            await #expect(throws: StoreError.closed) { try await store.journal(after: 0, limit: 1) }
            await #expect(throws: StoreError.closed) { try await store.lastSequence() }
            await #expect(throws: StoreError.closed) {
                try await store.saveSnapshot(StoredSnapshot(sequence: 1, bytes: []))
            }
            await #expect(throws: StoreError.closed) { try await store.latestSnapshot() }
            await #expect(throws: StoreError.closed) {
                try await store.candles(F.krwBTC, unit: .minute1, before: nil, count: 1)
            }
            await #expect(throws: StoreError.closed) {
                try await store.trades(F.krwBTC, from: zero, until: zero, before: nil, count: 1)
            }
        }
    }
}
