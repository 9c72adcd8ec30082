import Testing

@testable import BourseCore

@Suite("Order book instruments")
struct MarketDataInstrumentTests {
    static func instrument(_ code: String, at price: String?) -> OrderBookInstrument {
        OrderBookInstrument(market: Market(code: MarketCode(code)!), referencePrice: price.map(p))
    }

    @Test func krwBTCMatchesUpbitsPublishedInstrument() {
        let instrument = Self.instrument("KRW-BTC", at: "150000000")
        #expect(instrument.market == krwBTC)
        #expect(instrument.quoteCurrency == "KRW")
        #expect(instrument.tickSize.description == "1000")
        #expect(
            instrument.supportedLevels.map(\.description) == [
                "0", "10000", "100000", "1000000", "10000000", "100000000",
            ])
    }

    @Test func levelsStopAtTheReferencePrice() {
        #expect(Self.instrument("KRW-BTC", at: "100000000").supportedLevels.last == p("100000000"))
        #expect(Self.instrument("KRW-BTC", at: "99999000").supportedLevels.last == p("10000000"))
        let xrp = Self.instrument("KRW-XRP", at: "3000")
        #expect(xrp.tickSize.description == "1")
        #expect(xrp.supportedLevels.map(\.description) == ["0", "10", "100", "1000"])
        let small = Self.instrument("KRW-DOGE", at: "5.5")
        #expect(small.tickSize.description == "0.001")
        #expect(small.supportedLevels.map(\.description) == ["0", "0.01", "0.1", "1"])
    }

    @Test func onlyKRWMarketsGroup() {
        let eth = Self.instrument("BTC-ETH", at: "0.035")
        #expect(eth.tickSize.description == "0.00000001")
        #expect(eth.supportedLevels == [.zero])
        let usdt = Self.instrument("USDT-BTC", at: "100000")
        #expect(usdt.tickSize.description == "0.01")
        #expect(usdt.quoteCurrency == "USDT")
        #expect(usdt.supportedLevels == [.zero])
        #expect(usdt.snapshot(asks: [], bids: [], level: .zero, timestamp: march9) != nil)
        #expect(usdt.snapshot(asks: [], bids: [], level: p("0.01"), timestamp: march9) == nil)
    }

    @Test func anUnsupportedLevelGivesNoSnapshot() {
        let instrument = Self.instrument("KRW-BTC", at: "150000000")
        let asks = [BookLevel(price: p("150001000"), volume: v("1"), orderCount: 1)]
        #expect(instrument.snapshot(asks: asks, bids: [], level: p("1000"), timestamp: march9) == nil)
        #expect(instrument.snapshot(asks: asks, bids: [], level: p("50000"), timestamp: march9) == nil)
        let grouped = instrument.snapshot(asks: asks, bids: [], level: p("1000000"), timestamp: march9)
        #expect(grouped?.asks.map(\.price) == [p("151000000")])
        #expect(grouped?.level == p("1000000"))
        #expect(instrument.snapshot(asks: asks, bids: [], timestamp: march9)?.asks.map(\.price) == [p("150001000")])
    }

    @Test func anUntradedEmptyMarketReportsTheSmallestTick() {
        let instrument = Self.instrument("KRW-BTC", at: nil)
        #expect(instrument.tickSize.description == "0.00000001")
        #expect(instrument.supportedLevels == [.zero])
    }

    @Test func theTickComesFromTheBestBidThenTheBestAskThenTheLastPrice() {
        var fx = Fixture.funded()
        #expect(OrderBookInstrument(engine: fx.exchange.engine(krwBTC)!, lastPrice: p("3000")).tickSize == p("1"))
        fx.limit(alice, .ask, "1001000", "0.01")
        #expect(OrderBookInstrument(engine: fx.exchange.engine(krwBTC)!, lastPrice: p("3000")).tickSize == p("1000"))
        fx.limit(bob, .bid, "999500", "0.01")
        #expect(OrderBookInstrument(engine: fx.exchange.engine(krwBTC)!, lastPrice: p("3000")).tickSize == p("500"))
    }
}
