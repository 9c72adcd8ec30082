import BourseStore
import Testing

@testable import BourseStorePostgres

/// What only the PostgreSQL store does: schema versions, snapshot retention, concurrent writers, the life of
/// its connection pool. (The contract cases run against it in ``StoreContractTests``.)
@Suite("PostgreSQL backend", .enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresStoreTests {
    typealias F = StoreFixtures

    @Test func aDatabaseMigratedByANewerBuildIsRefused() async throws {
        try await PostgresTestServer.withFreshDatabase { url in
            let known = PostgresSchema.migrations.count
            let later = PostgresMigration(version: known + 1, statements: ["CREATE TABLE later_feature (id bigint)"])
            let newer = PostgresStore(url: url, migrations: PostgresSchema.migrations + [later])
            try await newer.withRunning { try await newer.migrate() }

            let store = PostgresStore(url: url)
            try await store.withRunning {
                await #expect(throws: StoreError.schemaTooNew(found: known + 1, known: known)) {
                    try await store.migrate()
                }
            }
            let newerAgain = PostgresStore(url: url, migrations: PostgresSchema.migrations + [later])
            try await newerAgain.withRunning { try await newerAgain.migrate() }
        }
    }

    @Test func onlyTheNewestTwoSnapshotsAreKept() async throws {
        try await PostgresTestServer.withFreshDatabase { url in
            let store = PostgresStore(url: url)
            try await store.withRunning {
                try await store.migrate()
                for sequence: UInt64 in [10, 20, 30] {
                    try await store.saveSnapshot(StoredSnapshot(sequence: sequence, bytes: [1]))
                }
                #expect(try await store.snapshotSequences() == [30, 20])
                try await store.saveSnapshot(StoredSnapshot(sequence: 25, bytes: [2]))
                #expect(try await store.snapshotSequences() == [30, 25])
                try await store.saveSnapshot(StoredSnapshot(sequence: 5, bytes: [3]))
                #expect(try await store.snapshotSequences() == [30, 25])
            }
        }
    }

    /// The journal row is in before the trades fail (a trade stored twice): the rollback takes it out again.
    @Test func aCommitThatFailsHalfWayLeavesNothing() async throws {
        try await StoreBackend.postgres.withStore { store in
            let stored = F.trade(number: 1)
            try await store.append(JournalCommit(record: F.record(first: 1, count: 1), trades: [stored]))
            var failing = JournalCommit(
                record: F.record(first: 2, count: 2), trades: [F.trade(number: 2), stored],
                candles: [F.stored(F.candle(minute: 0))]
            )
            await #expect(throws: (any Error).self) { try await store.append(failing) }

            #expect(try await store.lastSequence() == 1)
            #expect(try await StoreContractTests.allTrades(store, count: 10) == [stored])
            #expect(try await store.candles(F.krwBTC, unit: .minute1, before: nil, count: 10).isEmpty)
            failing.trades.removeLast()
            try await store.append(failing)
            #expect(try await store.lastSequence() == 3)
        }
    }

    /// Two stores on one database append at the same time, round after round: one wins each round, the other
    /// is told where the journal now ends.
    @Test func racingWritersLeaveNoGapOrOverlap() async throws {
        try await StoreBackend.postgres.withPlace { open in
            let writers = [try await open(), try await open()]
            try await writers[0].migrate()
            for round in 1...20 {
                let first = try await writers[0].lastSequence() + 1
                let results = try await withThrowingTaskGroup(of: Result<UInt64, StoreError>.self) { group in
                    for (index, writer) in writers.enumerated() {
                        let record = F.record(first: first, count: index + round % 3 + 1)
                        group.addTask {
                            do {
                                try await writer.append(JournalCommit(record: record))
                                return .success(record.lastSequence)
                            } catch let error as StoreError {
                                return .failure(error)
                            }
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let won = results.compactMap { try? $0.get() }
                try #require(won.count == 1, "round \(round): \(results)")
                #expect(results.contains(.failure(.outOfOrder(expected: won[0] + 1, got: first))))
                #expect(try await writers[1].lastSequence() == won[0])
            }
            let records = try await writers[1].journal(after: 0, limit: 100)
            #expect(records.count == 20)
            #expect(zip(records, records.dropFirst()).allSatisfy { $0.lastSequence + 1 == $1.firstSequence })
        }
    }

    @Test func closingLetsQueriesInFlightFinish() async throws {
        try await StoreBackend.postgres.withPlace { open in
            let store = try await open()
            try await store.migrate()
            try await store.append(JournalCommit(record: F.record(first: 1, count: 3)))
            let unexpected = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<40 {
                    group.addTask {
                        do {
                            let last = try await store.lastSequence()
                            return last == 3 ? nil : "read \(last)"
                        } catch StoreError.closed {
                            return nil  // asked after close() began: refused, as it should be
                        } catch {
                            return String(reflecting: error)
                        }
                    }
                }
                group.addTask {
                    do {
                        try await store.close()
                        return nil
                    } catch {
                        return "close: \(error)"
                    }
                }
                return await group.reduce(into: []) { if let problem = $1 { $0.append(problem) } }
            }
            #expect(unexpected.isEmpty)
        }
    }

    /// Through the pool alone, a failed login would surface only after a minute of retries.
    @Test(.timeLimit(.minutes(3)))
    func aDatabaseThatDoesNotExistFailsAtOnceWithTheServersReason() async throws {
        var url = try PostgresURL(try #require(PostgresTestServer.configuredURL))
        url.database = "bourse_test_never_created"
        let store = PostgresStore(url: url)
        try await store.withRunning {
            let error = await #expect(throws: PostgresStoreError.self) { try await store.migrate() }
            guard case .cannotConnect(let shown, let reason) = error else {
                Issue.record("expected cannotConnect, got \(String(describing: error))")
                return
            }
            #expect(shown == url.description)
            #expect(reason.contains("\"bourse_test_never_created\" does not exist"), "\(reason)")
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func cancellingRunClosesTheStore() async throws {
        try await PostgresTestServer.withFreshDatabase { url in
            let store = PostgresStore(url: url)
            await withDiscardingTaskGroup { group in
                group.addTask { await store.run() }
                await #expect(throws: Never.self) { try await store.migrate() }
                group.cancelAll()
            }
            await #expect(throws: StoreError.closed) { try await store.lastSequence() }
            try await store.close()
        }
    }
}
