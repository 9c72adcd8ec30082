import Foundation
import Synchronization
import Testing

@testable import BourseStoreSQLite

#if canImport(Glibc)
import Glibc
#endif

/// The orders database's materialization runs on an idle-priority thread of its own, in paced steps.
@Suite("Background work")
struct BackgroundWorkTests {
    /// Waits (bounded) until `condition` holds.
    static func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<1_000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func anIdleThreadRunsItsWorkAtIdlePriorityOnceAWakeAndNotAfterStopping() async throws {
        let thread = IdleThread(name: "test.idle")
        let runs = Mutex<[(policy: Int32, onCaller: Bool)]>([])
        let gate = DispatchSemaphore(value: 0)
        let caller = pthread_self()
        thread.setWork {
            var policy: Int32 = -1
            var parameters = sched_param()
            pthread_getschedparam(pthread_self(), &policy, &parameters)
            let first = runs.withLock { runs in
                runs.append((policy, pthread_equal(pthread_self(), caller) != 0))
                return runs.count == 1
            }
            if first { gate.wait() }
        }
        thread.wake()
        try await Self.eventually { runs.withLock { $0.count } == 1 }
        // Wakes while the work runs make one more run, not one each.
        for _ in 0..<5 { thread.wake() }
        gate.signal()
        try await Self.eventually { runs.withLock { $0.count } == 2 }
        try await Task.sleep(for: .milliseconds(50))
        #expect(runs.withLock { $0.count } == 2)
        #if os(Linux)
        #expect(runs.withLock { $0.map(\.policy) } == [5, 5], "SCHED_IDLE")
        #endif
        #expect(runs.withLock { $0.allSatisfy { !$0.onCaller } })
        await thread.stop()
        thread.wake()
        try await Task.sleep(for: .milliseconds(50))
        #expect(runs.withLock { $0.count } == 2)
    }

    @Test func aPacerRestsAfterEachStepInProportionToItsWorkUnlessHurried() {
        let rests = Mutex<[Int64]>([])
        var pacer = WorkPacer(hurry: { false }, rest: { nanoseconds in rests.withLock { $0.append(nanoseconds) } })
        var sum: UInt64 = 0
        for row in 0..<(WorkPacer.rowsPerStep * 3 + 100) {
            for value in 0..<200 { sum &+= UInt64(row &* value) }  // some work to rest after
            pacer.row()
        }
        #expect(sum != 1)
        #expect(rests.withLock { $0.count } == 3)
        #expect(rests.withLock { $0.allSatisfy { $0 > 0 && $0 <= WorkPacer.longestRest } })

        let hurried = Mutex(0)
        var unpaced = WorkPacer(hurry: { true }, rest: { _ in hurried.withLock { $0 += 1 } })
        for _ in 0..<(WorkPacer.rowsPerStep * 3) { unpaced.row() }
        #expect(hurried.withLock { $0 } == 0)
    }

    @Test func sealedGenerationsReachTheOrdersDatabaseWithoutAnyoneWaiting() async throws {
        try await SQLiteOrderLogTests.withDirectory { path in
            let store = try await SQLiteStore(path: path)
            store.pending.withLock { $0.generationSize = 1_000 }
            // 30 commits of 100 changes: three generations sealed, the last still open.
            for commit in SQLiteOrderLogTests.commits(count: 30, perCommit: 50) { try await store.append(commit) }
            try await Self.eventually { store.pending.withLock { $0.generations.count == 1 && !$0.materializing } }
            #expect(store.pending.withLock { $0.generations.count } == 1)
            let through = try await store.ordersDatabase.read { db in
                try Int64.fetchOne(db, sql: "SELECT through FROM order_log_applied WHERE id = 1")
            }
            #expect(through != nil && through! >= 20)
            #expect(store.materializationError.withLock { $0 } == nil)
            try await store.close()
        }
    }
}
