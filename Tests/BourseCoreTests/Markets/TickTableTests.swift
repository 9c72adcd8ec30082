import BourseCore
import Testing

@Suite("Markets and tick tables")
struct TickTableTests {
    @Test(arguments: [
        ("150000000", "1000"), ("2000000", "1000"), ("1999000", "1000"), ("1000000", "1000"),
        ("999500", "500"), ("500000", "500"), ("499900", "100"), ("100000", "100"), ("99950", "50"),
        ("50000", "50"), ("49990", "10"), ("10000", "10"), ("9995", "5"), ("5000", "5"), ("4999", "1"),
        ("1000", "1"), ("999", "1"), ("100", "1"), ("99.99", "0.01"), ("10", "0.01"), ("9.999", "0.001"),
        ("1", "0.001"), ("0.9999", "0.0001"), ("0.0999", "0.00001"), ("0.00999", "0.000001"),
        ("0.000999", "0.0000001"), ("0.00009999", "0.00000001"),
    ])
    func krwTicksFollowUpbitsBands(price: String, tick: String) {
        #expect(TickTable.krw.tick(at: p(price)) == p(tick))
        #expect(TickTable.krw.isValid(p(price)))
    }

    @Test func pricesOffTheGridOrNotPositiveAreInvalid() {
        #expect(!TickTable.krw.isValid(p("1000500")))
        #expect(!TickTable.krw.isValid(p("5001")))
        #expect(!TickTable.krw.isValid(p("100.5")))
        #expect(!TickTable.krw.isValid(.zero))
        #expect(!TickTable.krw.isValid(p("-1000")))
        #expect(TickTable.krw.roundedDown(p("1000500")) == p("1000000"))
        #expect(TickTable.krw.tickUp(p("1999000")) == p("2000000"))
        #expect(TickTable.krw.tickUp(p("999500")) == p("1000000"))
        #expect(TickTable.krw.tickDown(p("1000000")) == p("999500"))
        #expect(TickTable.krw.tickDown(p("0.00000001")) == nil)
    }

    @Test func btcAndUsdtMarketsHaveTheirOwnGrids() {
        #expect(TickTable.btc.tick(at: p("0.03")) == p("0.00000001"))
        #expect(TickTable.usdt.tick(at: p("65000")) == p("0.01"))
        #expect(TickTable.usdt.tick(at: p("2.5")) == p("0.001"))
        #expect(TickTable.upbit(for: MarketCode("KRW-USDT")!).tick(at: p("1450")) == p("0.5"))
        #expect(TickTable.upbit(for: MarketCode("KRW-USDT")!).tick(at: p("15000")) == p("10"))
        #expect(TickTable.upbit(for: MarketCode("KRW-XRP")!).tick(at: p("1450")) == p("1"))
    }

    @Test func marketsGetUpbitsMinimumTotalsForTheirQuote() {
        #expect(Market(code: MarketCode("KRW-BTC")!).minTotal == f("5000"))
        #expect(Market(code: MarketCode("BTC-ETH")!).minTotal == f("0.00005"))
        #expect(Market(code: MarketCode("USDT-BTC")!).minTotal == f("0.5"))
        #expect(Market(code: MarketCode("KRW-BTC")!).state == .active)
        #expect(Market(code: MarketCode("KRW-BTC")!).reservedFee == .upbitDefault)
    }

    @Test(arguments: ["KRW-BTC", "BTC-ETH", "USDT-XRP", "KRW-1INCH"])
    func validCodesParseAndPrint(code: String) {
        #expect(MarketCode(code)?.description == code)
    }

    @Test(arguments: ["krw-btc", "KRWBTC", "KRW-", "-BTC", "KRW-BTC-ETH", "KRW-KRW", "KRW_BTC", ""])
    func invalidCodesAreRefused(code: String) {
        #expect(MarketCode(code) == nil)
    }
}
