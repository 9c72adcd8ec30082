import BourseCore
import BourseStore
import Foundation
import Testing

@testable import BourseStoreSQLite

/// How the SQLite store keeps order history: one order-log row per commit, materialized into the orders
/// database in the background, and read as if it were all there at once.
@Suite("SQLite order log")
struct SQLiteOrderLogTests {
    typealias F = StoreFixtures

    static func record(
        _ id: UInt64, account: UInt64, state: OrderState = .wait, identifier: OrderIdentifier? = nil
    ) -> OrderRecord {
        var record = OrderStoreContractTests.order(id, AccountID(account), state: state, identifier: identifier)
        record.createdAt = Timestamp(milliseconds: 1_767_225_600_000 + Int64(id % 1_000_000))
        if state != .wait { record.closedAt = Timestamp(milliseconds: record.createdAt.milliseconds + 3) }
        return record
    }

    /// The owner of order `id`: scattered over 1,000 accounts, like `bench journal`'s flow.
    static func owner(_ id: UInt64) -> UInt64 { id &* 7_919 % 1_000 }

    /// Commits shaped like `bench journal`'s flow: each places `perCommit` orders and cancels as many of
    /// those the previous commit placed.
    static func commits(count: Int, perCommit: Int, from first: Int = 0) -> [JournalCommit] {
        (first..<(first + count)).map { index in
            let base = UInt64(index * perCommit)
            let placed = (0..<UInt64(perCommit)).map { record(base + $0 + 1, account: owner(base + $0 + 1)) }
            let cancelled =
                index == 0
                ? [] : (0..<UInt64(perCommit)).map { record(base - $0, account: owner(base - $0), state: .cancel) }
            return JournalCommit(record: F.record(first: UInt64(index + 1), count: 1), orders: placed + cancelled)
        }
    }

    static func withDirectory(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-orderlog-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory.appendingPathComponent("bourse.sqlite").path)
    }

    @Test func aCommitWritesAFewPagesHoweverManyAccountsItsOrdersTouch() async throws {
        try await Self.withDirectory { path in
            let store = try await SQLiteStore(path: path)
            // The history grows first, so per-order rows would be spread over many pages.
            for commit in Self.commits(count: 100, perCommit: 200) { try await store.append(commit) }
            let measured = Self.commits(count: 20, perCommit: 200, from: 100)
            let pages = try await store.mainWALPages {
                for commit in measured { try await store.append(commit) }
            }
            // Each commit adds a journal row and an order-log row of 400 changes (~18 KB): a handful of
            // pages. Rows per order rewrote a page per account touched (over a hundred per commit).
            #expect(pages <= 12 * measured.count, "\(pages) WAL pages for \(measured.count) commits")
            try await store.close()
        }
    }

    @Test func ordersReadTheSameBeforeAndAfterMaterializingAndAfterARebuild() async throws {
        try await Self.withDirectory { path in
            let store = try await SQLiteStore(path: path)
            for commit in Self.commits(count: 30, perCommit: 50) { try await store.append(commit) }
            let fills = [OrderStoreContractTests.fill(1_400, trade: 9, at: 2_000)]
            try await store.append(JournalCommit(record: F.record(first: 31, count: 1), fills: fills))
            func answers(_ store: SQLiteStore) async throws -> [String] {
                var answers: [String] = []
                for account in [0, 7, 999] as [UInt64] {
                    for states in [[OrderState.wait], [.cancel], OrderState.allCases] {
                        for newestFirst in [true, false] {
                            let page = try await store.orders(
                                OrderQuery(
                                    account: AccountID(account), states: Set(states), newestFirst: newestFirst,
                                    limit: 7, offset: 3))
                            answers.append("\(page.map(\.id.rawValue)) \(page.map(\.state))")
                        }
                    }
                }
                answers.append("\(try await store.order(OrderID(1_000), of: AccountID(Self.owner(1_000))) as Any)")
                answers.append("\(try await store.fills(of: OrderID(1_400)))")
                return answers
            }
            let pending = try await answers(store)
            #expect(store.pending.withLock { $0.changeCount } > 0)
            try await store.materializeEverything()
            #expect(store.pending.withLock { $0.changeCount } == 0)
            #expect(try await answers(store) == pending)
            try await store.close()
            // The orders database is derived: deleted, it is rebuilt from the log at the next start.
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: SQLiteStore.ordersPath(path) + suffix)
            }
            let reopened = try await SQLiteStore(path: path)
            #expect(try await answers(reopened) == pending)
            try await reopened.close()
        }
    }

    @Test func orderLogRowsRoundTripEveryFieldAndRefuseDamage() throws {
        var full = Self.record(UInt64.max - 3, account: UInt64.max, state: .done, identifier: "client-1")
        full.type = .price
        full.side = .ask
        full.price = Price(units: Int64.max)
        full.volume = nil
        full.remainingVolume = nil
        full.timeInForce = .ioc
        full.selfTradePrevention = .cancelMaker
        full.createdAt = Timestamp(milliseconds: Int64.min + 1)
        full.closedAt = Timestamp(milliseconds: Int64.max)
        full.executedFunds = Funds(units: Int64.min)
        full.tradesCount = 1 << 40
        let plain = Self.record(2, account: 0)
        let fill = OrderStoreContractTests.fill(UInt64.max, trade: UInt64.max, at: -5)
        let other = OrderFill(
            order: OrderID(2), account: AccountID(0), market: MarketCode("BTC-ETH")!, tradeSequence: 0, side: .ask,
            price: Price(units: 1), volume: Volume(units: Int64.max), funds: Funds(units: 0), fee: Funds(units: -1),
            isMaker: true, takerBought: false, time: Timestamp(milliseconds: Int64.max))
        let bytes = OrderLogCodec.encode([full, plain], [fill, other])
        let decoded = try OrderLogCodec.decode(bytes)
        #expect(decoded.records == [full, plain])
        #expect(decoded.fills == [fill, other])
        for index in [0, bytes.count / 2, bytes.count - 1] {
            var damaged = bytes
            damaged[index] ^= 0x10
            #expect(throws: StoreError.self) { try OrderLogCodec.decode(damaged) }
        }
    }

    @Test func ordersOfADatabaseFromBeforeTheLogMoveIntoIt() async throws {
        try await Self.withDirectory { path in
            try await SQLiteStore(path: path).close()
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: SQLiteStore.ordersPath(path) + suffix)
            }
            // The schema as migration 5 left it, with an order and a fill in the old tables.
            let sqlite = Process()
            sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            sqlite.arguments = [
                path,
                """
                DELETE FROM grdb_migrations WHERE identifier = '6-order-log';
                DROP TABLE order_log;
                CREATE TABLE orders (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, market TEXT NOT NULL,
                    side TEXT NOT NULL, ord_type TEXT NOT NULL, price INTEGER, volume INTEGER, time_in_force TEXT,
                    smp_type TEXT, identifier TEXT, state TEXT NOT NULL, created_ms INTEGER NOT NULL, closed_ms INTEGER,
                    remaining_volume INTEGER, executed_volume INTEGER NOT NULL, executed_funds INTEGER NOT NULL,
                    reserved_fee INTEGER NOT NULL, paid_fee INTEGER NOT NULL, locked INTEGER NOT NULL,
                    prevented_volume INTEGER NOT NULL, prevented_locked INTEGER NOT NULL,
                    trades_count INTEGER NOT NULL);
                CREATE TABLE order_fills (order_id INTEGER NOT NULL, trade_sequence INTEGER NOT NULL,
                    account_id INTEGER NOT NULL, market TEXT NOT NULL, side TEXT NOT NULL, price INTEGER NOT NULL,
                    volume INTEGER NOT NULL, funds INTEGER NOT NULL, fee INTEGER NOT NULL, is_maker INTEGER NOT NULL,
                    taker_bought INTEGER NOT NULL, time_ms INTEGER NOT NULL, PRIMARY KEY (order_id, trade_sequence))
                    WITHOUT ROWID;
                INSERT INTO orders VALUES (42, 5, 'KRW-BTC', 'bid', 'limit', 5000000000000, 100000, NULL, NULL, 'old',
                    'wait', 1000, NULL, 60000, 40000, 2000000000000, 2500000000, 1000000000, 3001500000000, 0, 0, 1);
                INSERT INTO order_fills VALUES (42, 9, 5, 'KRW-BTC', 'bid', 5000000000000, 40000, 2000000000000,
                    1000000000, 0, 1, 2000);
                """,
            ]
            try sqlite.run()
            sqlite.waitUntilExit()
            try #require(sqlite.terminationStatus == 0)
            let store = try await SQLiteStore(path: path)
            let order = try #require(try await store.order(identifier: "old", of: AccountID(5)))
            #expect(order.id == OrderID(42) && order.executedVolume == Volume(units: 40_000) && order.tradesCount == 1)
            #expect(try await store.fills(of: OrderID(42)).map(\.tradeSequence) == [9])
            #expect(try await store.orders(OrderQuery(account: AccountID(5))).map(\.id) == [OrderID(42)])
            try await store.close()
        }
    }
}
