import BourseCore
import BourseStore
import Testing

/// Order records and fills: written with the journal commit, read back the same from every
/// backend, and never across accounts.
@Suite("Store contract: orders and fills")
struct OrderStoreContractTests {
    typealias F = StoreFixtures
    static let alice = AccountID(1)
    static let bob = AccountID(2)

    static func order(
        _ id: UInt64, _ account: AccountID = alice, market: MarketCode = F.krwBTC, state: OrderState = .wait,
        created: Int64 = 1_000, identifier: OrderIdentifier? = nil
    ) -> OrderRecord {
        OrderRecord(
            id: OrderID(id), account: account, market: market, side: .bid, type: .limit,
            price: Price(units: 5_000_000_000_000), volume: Volume(units: 100_000), timeInForce: nil,
            selfTradePrevention: nil, identifier: identifier, state: state, createdAt: Timestamp(milliseconds: created),
            closedAt: state == .wait ? nil : Timestamp(milliseconds: created + 5),
            remainingVolume: Volume(units: 100_000),
            executedVolume: .zero, executedFunds: .zero, reservedFee: Funds(units: 2_500_000_000), paidFee: .zero,
            locked: Funds(units: 5_002_500_000_000), preventedVolume: .zero, preventedLocked: .zero, tradesCount: 0)
    }

    static func fill(_ order: UInt64, trade: UInt64, at milliseconds: Int64) -> OrderFill {
        OrderFill(
            order: OrderID(order), account: alice, market: F.krwBTC, tradeSequence: trade, side: .bid,
            price: Price(units: 5_000_000_000_000), volume: Volume(units: 40_000),
            funds: Funds(units: 2_000_000_000_000),
            fee: Funds(units: 1_000_000_000), isMaker: trade % 2 == 0, takerBought: true,
            time: Timestamp(milliseconds: milliseconds))
    }

    @Test(arguments: StoreBackend.all)
    func ordersReplaceByIdAndAreReadOnlyByTheirOwner(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let placed = Self.order(7, identifier: "mine")
            try await store.append(JournalCommit(record: F.record(first: 1, count: 1), orders: [placed]))
            #expect(try await store.order(OrderID(7), of: Self.alice) == placed)
            #expect(try await store.order(OrderID(7), of: Self.bob) == nil)
            #expect(try await store.order(identifier: "mine", of: Self.alice) == placed)
            #expect(try await store.order(identifier: "mine", of: Self.bob) == nil)

            var filled = placed
            filled.state = .done
            filled.closedAt = Timestamp(milliseconds: 2_000)
            filled.remainingVolume = .zero
            filled.executedVolume = Volume(units: 100_000)
            filled.executedFunds = Funds(units: 5_000_000_000_000)
            filled.paidFee = Funds(units: 2_500_000_000)
            filled.locked = .zero
            filled.tradesCount = 2
            let fills = [Self.fill(7, trade: 11, at: 1_500), Self.fill(7, trade: 12, at: 2_000)]
            try await store.append(
                JournalCommit(record: F.record(first: 2, count: 1), orders: [filled], fills: [fills[0]]))
            try await store.append(
                JournalCommit(record: F.record(first: 3, count: 1), fills: [fills[1]]))
            #expect(try await store.order(OrderID(7), of: Self.alice) == filled)
            #expect(try await store.fills(of: OrderID(7)) == fills)
            #expect(try await store.fills(of: OrderID(8)).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all)
    func everyOptionalAndLargeAmountRoundTrips(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            var marketBuy = Self.order(1)
            marketBuy.type = .price
            marketBuy.volume = nil
            marketBuy.remainingVolume = nil
            marketBuy.price = Price(units: 9_000_000_000_000_000_000)
            marketBuy.timeInForce = .ioc
            marketBuy.selfTradePrevention = .reduce
            var marketSell = Self.order(2, state: .cancel)
            marketSell.side = .ask
            marketSell.type = .market
            marketSell.price = nil
            marketSell.preventedVolume = Volume(units: 3)
            marketSell.preventedLocked = Funds(units: 3)
            try await store.append(
                JournalCommit(record: F.record(first: 1, count: 1), orders: [marketBuy, marketSell]))
            #expect(try await store.order(OrderID(1), of: Self.alice) == marketBuy)
            #expect(try await store.order(OrderID(2), of: Self.alice) == marketSell)
        }
    }

    @Test(arguments: StoreBackend.all)
    func queriesFilterSortAndPage(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let orders = [
                Self.order(1, created: 1_000), Self.order(2, state: .done, created: 2_000),
                Self.order(3, Self.bob, created: 2_500),
                Self.order(4, market: F.krwETH, state: .cancel, created: 3_000),
                Self.order(5, created: 4_000, identifier: "five"), Self.order(6, state: .cancel, created: 5_000),
            ]
            try await store.append(JournalCommit(record: F.record(first: 1, count: 1), orders: orders))
            func ids(_ query: OrderQuery) async throws -> [UInt64] {
                try await store.orders(query).map(\.id.rawValue)
            }
            #expect(try await ids(OrderQuery(account: Self.alice)) == [6, 5, 4, 2, 1])
            #expect(try await ids(OrderQuery(account: Self.alice, newestFirst: false)) == [1, 2, 4, 5, 6])
            #expect(try await ids(OrderQuery(account: Self.alice, states: [.wait])) == [5, 1])
            #expect(try await ids(OrderQuery(account: Self.alice, states: [.done, .cancel])) == [6, 4, 2])
            #expect(try await ids(OrderQuery(account: Self.alice, market: F.krwETH)) == [4])
            #expect(try await ids(OrderQuery(account: Self.alice, ids: [OrderID(3), OrderID(5)])) == [5])
            #expect(try await ids(OrderQuery(account: Self.alice, identifiers: ["five", "six"])) == [5])
            let window = OrderQuery(
                account: Self.alice, createdFrom: Timestamp(milliseconds: 2_000),
                createdThrough: Timestamp(milliseconds: 4_000))
            #expect(try await ids(window) == [5, 4, 2], "both ends inclusive")
            #expect(try await ids(OrderQuery(account: Self.alice, limit: 2, offset: 1)) == [5, 4])
            #expect(try await ids(OrderQuery(account: Self.alice, states: [])) == [])
            #expect(try await ids(OrderQuery(account: Self.bob)) == [3])
        }
    }
}
