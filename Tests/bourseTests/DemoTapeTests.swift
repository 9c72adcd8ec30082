import BourseCore
import Testing

@testable import bourse

@Suite("Demo tape formatting")
struct DemoTapeTests {
    let tape = DemoTape(colors: false)

    @Test func tradeLinesShowTimeMarketSideVolumePriceAndValue() {
        let trade = Trade(
            market: MarketCode("KRW-BTC")!, sequence: 1, price: try! Price(parsing: "143250000"),
            volume: try! Volume(parsing: "0.0123"), funds: try! Funds(parsing: "1761975"), takerSide: .bid,
            makerOrder: OrderID(1), makerAccount: AccountID(1), takerOrder: OrderID(2), takerAccount: AccountID(2),
            makerFee: .zero, takerFee: .zero, time: Timestamp(milliseconds: 1_767_225_601_200))
        #expect(tape.line(for: trade) == "00:00:01.200  KRW-BTC   BID  0.0123 @ 143,250,000  = 1,761,975 KRW")
    }

    @Test(arguments: [
        ("0", "0"), ("999", "999"), ("1000", "1,000"), ("143250000", "143,250,000"), ("1456.5", "1,456.5"),
        ("-1234567.89", "-1,234,567.89"), ("0.00002167", "0.00002167"),
    ])
    func groupingSeparatesThousandsOfTheWholePartOnly(decimal: String, grouped: String) {
        #expect(tape.grouped(decimal) == grouped)
    }

    @Test(arguments: [(Int64(127), "+1.27%"), (-3, "-0.03%"), (0, "0.00%"), (-1000, "-10.00%")])
    func changesArePercentagesWithTwoDecimals(basisPoints: Int64, text: String) {
        #expect(tape.percent(basisPoints) == text)
    }

    @Test func risesAreRedAndFallsBlueWhenColoured() {
        let coloured = DemoTape(colors: true)
        #expect(coloured.paint("+1.00%", .red) == "\u{1B}[31m+1.00%\u{1B}[0m")
        #expect(coloured.paint("-1.00%", .blue) == "\u{1B}[34m-1.00%\u{1B}[0m")
    }

    @Test func statsTrackLastHighLowAndChange() {
        var stats = MarketStats(market: Market(code: MarketCode("KRW-BTC")!), reference: try! Price(parsing: "100"))
        for (index, price) in ["101", "99", "102"].enumerated() {
            stats.record(
                Trade(
                    market: MarketCode("KRW-BTC")!, sequence: UInt64(index + 1), price: try! Price(parsing: price),
                    volume: try! Volume(parsing: "1"), funds: try! Funds(parsing: price), takerSide: .ask,
                    makerOrder: OrderID(1), makerAccount: AccountID(1), takerOrder: OrderID(2),
                    takerAccount: AccountID(2), makerFee: .zero, takerFee: .zero, time: Timestamp(milliseconds: 0)))
        }
        #expect(stats.last == (try! Price(parsing: "102")))
        #expect(stats.high == (try! Price(parsing: "102")))
        #expect(stats.low == (try! Price(parsing: "99")))
        #expect(stats.changeBasisPoints == 200)
        #expect(stats.volume == (try! Volume(parsing: "3")))
        #expect(stats.trades == 3)
    }
}
