import BourseCore
import BourseStore
import Testing

@testable import BourseStoreSQLite

/// The changes the SQLite store holds between the order log and the orders database: reads see each order's
/// latest state and every fill in order, across commits, generations and the logs' chunk boundaries.
@Suite("Pending order changes")
struct PendingOrdersTests {
    typealias Log = SQLiteOrderLogTests

    static let start = ContinuousClock.now

    /// `count` commits of `perCommit` orders each, the first order of every commit also filled.
    static func filled(_ pending: inout PendingOrders, commits count: Int, perCommit: Int, logKey first: Int64) {
        for commit in 0..<count {
            let base = UInt64(commit * perCommit)
            let records = (1...UInt64(perCommit)).map { Log.record(base + $0, account: Log.owner(base + $0)) }
            let fill = OrderStoreContractTests.fill(1, trade: UInt64(first) + UInt64(commit), at: Int64(commit))
            pending.add(records, [fill], logKey: first + Int64(commit), now: start)
        }
    }

    @Test func anOrdersFillsComeBackOldestFirstAcrossCommitsAndChunks() {
        var pending = PendingOrders()
        // 5 × 1,000 records crosses the 4,096-element chunk of the record log.
        Self.filled(&pending, commits: 5, perCommit: 1_000, logKey: 1)
        #expect(pending.fills(of: OrderID(1)).map(\.tradeSequence) == [1, 2, 3, 4, 5])
        #expect(pending.fills(of: OrderID(2)).isEmpty)
        #expect(pending.record(OrderID(4_500))?.id == OrderID(4_500))
        #expect(pending.changeCount == 5 * 1_001)
    }

    @Test func theNewestStateWinsWithinAndAcrossGenerations() throws {
        var pending = PendingOrders()
        let id: UInt64 = 42
        let account = Log.owner(id)
        pending.add([Log.record(id, account: account)], [], logKey: 1, now: Self.start)
        pending.add([Log.record(id, account: account, state: .done)], [], logKey: 2, now: Self.start)
        #expect(pending.record(OrderID(id))?.state == .done)
        // Ten seconds later the generation is sealed; the next change goes to a new one.
        let later = Self.start + .seconds(PendingOrders.secondsPerGeneration)
        pending.add([Log.record(7, account: Log.owner(7))], [], logKey: 3, now: later)
        pending.add([Log.record(id, account: account, state: .cancel)], [], logKey: 4, now: later)
        #expect(pending.record(OrderID(id))?.state == .cancel)
        #expect(pending.records(of: AccountID(account))[OrderID(id)]?.state == .cancel)

        let taken = pending.takeGenerations(everything: true)
        let generations = try #require(taken)
        let batch = try #require(PendingOrders.Batch(generations))
        // Each order once, in its latest state, in id order; the watermark is the newest log row.
        #expect(batch.records.map(\.id) == [OrderID(7), OrderID(id)])
        #expect(batch.records.last?.state == .cancel)
        #expect(batch.lastLogKey == 4)
        pending.finish(batch)
        #expect(pending.changeCount == 0)
        #expect(pending.record(OrderID(id)) == nil)
    }
}
