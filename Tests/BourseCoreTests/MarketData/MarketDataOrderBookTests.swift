import Testing

@testable import BourseCore

@Suite("Order book snapshots")
struct MarketDataOrderBookTests {
    static func level(_ price: String, _ volume: String) -> BookLevel {
        BookLevel(price: p(price), volume: v(volume), orderCount: 1)
    }

    /// 35 asks from 100,000,000 up in steps of 1,000 with sizes 0.01, 0.02, …; three bids below.
    static let asks = (0..<35).map {
        BookLevel(price: p("100000000").adding(p("1000").times($0))!, volume: v("0.01").times($0 + 1), orderCount: 1)
    }
    static let bids = [level("99999000", "1"), level("99998000", "1"), level("99997000", "1")]

    @Test func aNativeSnapshotHasAtMostThirtyLevelsPerSidePairedBestWithBest() {
        let book = OrderBookSnapshot(market: krwBTC, asks: Self.asks, bids: Self.bids, timestamp: march9)
        #expect(book.level == .zero)
        #expect(book.timestamp == march9)
        #expect(book.asks.count == 30)
        #expect(book.asks.first?.price == p("100000000"))
        #expect(book.asks.last?.price == p("100029000"))
        #expect(book.bids.map(\.price) == [p("99999000"), p("99998000"), p("99997000")])
        // 0.01 × (1 + 2 + … + 30) = 4.65: only the returned levels count.
        #expect(book.totalAskSize.description == "4.65")
        #expect(book.totalBidSize.description == "3")
        let units = book.units
        #expect(units.count == 30)
        #expect(units[0] == OrderBookUnit(ask: OrderBookLevel(Self.asks[0]), bid: OrderBookLevel(Self.bids[0])))
        #expect(units[2].bid?.price == p("99997000"))
        #expect(units[3].bid == nil)
        #expect(units[29].ask?.size.description == "0.3")
    }

    @Test(arguments: [(0, 1), (1, 1), (5, 5), (30, 30), (99, 30)])
    func depthIsClampedToOneThroughThirty(requested: Int, returned: Int) {
        let book = OrderBookSnapshot(market: krwBTC, asks: Self.asks, bids: [], depth: requested, timestamp: march9)
        #expect(book.asks.count == returned)
        #expect(book.bids.isEmpty)
    }

    @Test func groupingRoundsAsksUpAndBidsDownAndSumsTheirSizes() {
        let asks = [
            Self.level("100050000", "0.1"), Self.level("100100000", "0.2"), Self.level("100101000", "0.3"),
            Self.level("100250000", "0.4"),
        ]
        let bids = [
            Self.level("100000000", "0.5"), Self.level("99999000", "0.6"), Self.level("99950000", "0.7"),
            Self.level("99899000", "0.8"),
        ]
        let book = OrderBookSnapshot(market: krwBTC, asks: asks, bids: bids, level: p("100000"), timestamp: march9)
        #expect(book.level == p("100000"))
        #expect(book.asks.map(\.price) == [p("100100000"), p("100200000"), p("100300000")])
        #expect(book.asks.map(\.size.description) == ["0.3", "0.3", "0.4"])
        #expect(book.bids.map(\.price) == [p("100000000"), p("99900000"), p("99800000")])
        #expect(book.bids.map(\.size.description) == ["0.5", "1.3", "0.8"])
        #expect(book.totalAskSize.description == "1")
        #expect(book.totalBidSize.description == "2.6")

        // With room for two buckets, the second still gathers all of its native levels.
        let shallow = OrderBookSnapshot(
            market: krwBTC, asks: asks, bids: bids, level: p("100000"), depth: 2, timestamp: march9)
        #expect(shallow.asks.map(\.size.description) == ["0.3", "0.3"])
        #expect(shallow.bids.map(\.size.description) == ["0.5", "1.3"])
        #expect(shallow.totalBidSize.description == "1.8")
    }
}

extension FixedPoint {
    /// `self × count`, for building ladders in tests.
    fileprivate func times(_ count: Int) -> Self { Self(units: units * Int64(count)) }
}
