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

    @Test func aPacerRestsAfterEachStepInProportionToItsWorkUnlessHurriedAndGivesUpWhenTold() throws {
        let rests = Mutex<[Int64]>([])
        var pacer = WorkPacer(hurry: { false }, rest: { nanoseconds in rests.withLock { $0.append(nanoseconds) } })
        var sum: UInt64 = 0
        for row in 0..<(WorkPacer.rowsPerStep * 3 + 100) {
            for value in 0..<200 { sum &+= UInt64(row &* value) }  // some work to rest after
            try pacer.row()
        }
        #expect(sum != 1)
        #expect(rests.withLock { $0.count } == 3)
        #expect(rests.withLock { $0.allSatisfy { $0 > 0 && $0 <= WorkPacer.longestRest } })

        let hurried = Mutex(0)
        var unpaced = WorkPacer(hurry: { true }, rest: { _ in hurried.withLock { $0 += 1 } })
        for _ in 0..<(WorkPacer.rowsPerStep * 3) { try unpaced.row() }
        #expect(hurried.withLock { $0 } == 0)

        var givingUp = WorkPacer(hurry: { false }, giveUp: { true }, rest: { _ in Issue.record("rested") })
        var rows = 0
        #expect(throws: WorkPacer.GaveUp.self) {
            while true {
                rows += 1
                try givingUp.row()
            }
        }
        #expect(rows == WorkPacer.rowsPerStep, "given up at the first step's end")
    }

    @Test func sealedGenerationsReachTheOrdersDatabaseWithoutAnyoneWaiting() async throws {
        try await SQLiteOrderLogTests.withDirectory { path in
            let store = try await SQLiteStore(path: path)
            store.pending.withLock { pending in
                pending.generationSize = 1_000
                pending.generationSeconds = 3_600  // sealed by size only, however slow the machine
            }
            // 50 changes, then 29 commits of 100: generations sealed after commits 10 and 20 (log keys 11
            // and 21), 900 changes left open.
            for commit in SQLiteOrderLogTests.commits(count: 30, perCommit: 50) { try await store.append(commit) }
            try await Self.eventually { store.pending.withLock { $0.generations.count == 1 } }
            #expect(store.pending.withLock { $0.generations.count } == 1)
            #expect(store.generationCount.load(ordering: .relaxed) == 1)
            let through = try await store.ordersDatabase.read { db in
                try Int64.fetchOne(db, sql: "SELECT through FROM order_log_applied WHERE id = 1")
            }
            #expect(through == 21)
            #expect(store.materializationError.withLock { $0 } == nil)
            try await store.close()
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aPacedBatchIsGivenUpWhenSomeoneWaitsAndWrittenByThem() async throws {
        try await SQLiteOrderLogTests.withDirectory { path in
            let store = try await SQLiteStore(path: path)
            // One generation of 10,050 changes, 5,050 orders in their latest state (each placed and, a commit
            // later, cancelled): the materializer's first rest (after 2,048 rows) holds it until the test
            // waits; at the next step (4,096) it gives up.
            store.pending.withLock { pending in
                pending.generationSize = 10_000
                pending.generationSeconds = 3_600
            }
            let resting = DispatchSemaphore(value: 0)
            let proceed = DispatchSemaphore(value: 0)
            let rests = Atomic<Int>(0)
            store.materializationRest.withLock {
                $0 = { _ in
                    if rests.add(1, ordering: .relaxed).newValue == 1 {
                        resting.signal()
                        proceed.wait()
                    }
                }
            }
            for commit in SQLiteOrderLogTests.commits(count: 110, perCommit: 50) { try await store.append(commit) }
            let rested = await Task.detached { resting.wait(timeout: .now() + 60) == .success }.value
            try #require(rested, "the materializer never rested")
            store.waitingForOrders.add(1, ordering: .relaxed)
            proceed.signal()
            try await Self.eventually { store.materializationsGivenUp.load(ordering: .relaxed) == 1 }
            #expect(store.materializationsGivenUp.load(ordering: .relaxed) == 1)
            #expect(rests.load(ordering: .relaxed) == 1, "no rest after giving up")
            // Rolled back: nothing of the batch reached the orders database; it is all still pending.
            let through = try await store.ordersDatabase.read { db in
                try Int64.fetchOne(db, sql: "SELECT through FROM order_log_applied WHERE id = 1")
            }
            #expect(through == nil)
            #expect(store.pending.withLock { $0.changeCount } == 50 + 109 * 100)
            try await store.materializeEverything()
            store.waitingForOrders.subtract(1, ordering: .relaxed)
            #expect(store.pending.withLock { $0.changeCount } == 0)
            #expect(store.materializationError.withLock { $0 } == nil)
            try await store.close()
        }
    }
}
