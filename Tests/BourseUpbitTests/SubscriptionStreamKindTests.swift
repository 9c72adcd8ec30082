import BourseCore
import BourseUpbit
import BourseWire
import Testing

@Suite struct SubscriptionStreamKindTests {
    @Test(arguments: [
        ("ticker", StreamKind.ticker), ("trade", .trade), ("orderbook", .orderBook), ("candle.1s", .candle(.second)),
        ("candle.1m", .candle(.minute1)), ("candle.3m", .candle(.minute3)), ("candle.5m", .candle(.minute5)),
        ("candle.10m", .candle(.minute10)), ("candle.15m", .candle(.minute15)), ("candle.30m", .candle(.minute30)),
        ("candle.60m", .candle(.minute60)), ("candle.240m", .candle(.minute240)),
    ])
    func typeNamesRoundTrip(name: String, kind: StreamKind) {
        #expect(StreamKind(typeName: name) == kind)
        #expect(kind.typeName == name)
    }

    @Test(arguments: [CandleUnit.day, .week, .month, .year])
    func unstreamedCandleUnitsSpellNamesTheParserRejects(unit: CandleUnit) {
        #expect(StreamKind(typeName: StreamKind.candle(unit).typeName) == nil)
    }

    @Test func formatsKnowTheirShape() {
        #expect(StreamFormat.allCases.map(\.name) == ["DEFAULT", "SIMPLE", "JSON_LIST", "SIMPLE_LIST"])
        #expect(StreamFormat.allCases.map(\.isList) == [false, false, true, true])
        #expect(StreamFormat.allCases.map(\.abbreviatesKeys) == [false, true, false, true])
        #expect(StreamFormat(name: "json_list") == .jsonList)
        #expect(StreamFormat(name: "JSON-LIST") == nil)
    }

    @Test func depthAndLevelOnlyApplyToOrderBooks() {
        let ticker = StreamSubscription(kind: .ticker, market: market("KRW-BTC"), depth: 5, level: "10")
        #expect(ticker.depth == 0)
        #expect(ticker.level == nil)
        #expect(ticker.requestCode == "KRW-BTC")
        let book = StreamSubscription(kind: .orderBook, market: market("KRW-BTC"))
        #expect(book.depth == 30)
        #expect(book.requestCode == "KRW-BTC")
        #expect(StreamSubscription(kind: .orderBook, market: market("KRW-BTC"), depth: 15).requestCode == "KRW-BTC.15")
    }
}
