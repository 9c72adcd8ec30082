import BourseClient
import BourseTUI
import Testing

@Suite("Terminal text: prices, percentages, compact amounts and the ticker line")
struct TickerLineTests {
    @Test(arguments: [
        (140_000_000.0, "KRW", "140,000,000"), (3_196.4, "KRW", "3,196"), (512.37, "KRW", "512.4"),
        (45.678, "KRW", "45.68"), (0.01234, "KRW", "0.0123"), (0.03512345678, "BTC", "0.03512346"),
        (1.2344, "USDT", "1.234"), (-6_622_000, "KRW", "-6,622,000"),
    ])
    func prices(value: Double, quote: String, expected: String) {
        #expect(NumberText.price(value, quote: quote[...]) == expected)
    }

    @Test func percentagesAndCompactAmounts() {
        #expect(NumberText.percent(0.0123) == "+1.23%")
        #expect(NumberText.percent(-0.0481) == "-4.81%")
        #expect(NumberText.percent(0) == "0.00%")
        #expect(NumberText.compact(987) == "987")
        #expect(NumberText.compact(12_345) == "12.35K")
        #expect(NumberText.compact(426_700_000) == "426.7M")
        #expect(NumberText.compact(123_456_789_012) == "123.5B")
        #expect(NumberText.compact(1_234_000_000_000) == "1.23T")
        #expect(NumberText.compact(-2_500_000) == "-2.50M")
    }

    @Test func theTickerLineGolden() {
        let fall = TickerUpdate(
            code: "KRW-XRP", tradePrice: 3_196, signedChangeRate: -0.0187, signedChangePrice: -61,
            accTradePrice24h: 414_800_000, change: .fall)
        #expect(TickerLine.render(fall, colour: false) == "KRW-XRP 3,196 ▼ -1.87% -61 24h 414.8M")
        #expect(
            TickerLine.render(fall, colour: true) == "KRW-XRP \u{1B}[34m3,196 ▼ -1.87% -61\u{1B}[0m 24h 414.8M")
        let rise = TickerUpdate(
            code: "KRW-ETH", tradePrice: 6_840_000, signedChangeRate: 0.1816, signedChangePrice: 1_051_000,
            accTradePrice24h: 393_100_000_000, change: .rise)
        #expect(
            TickerLine.render(rise, colour: true)
                == "KRW-ETH \u{1B}[31m6,840,000 ▲ +18.16% +1,051,000\u{1B}[0m 24h 393.1B")
        let small = TickerUpdate(
            code: "KRW-DOGE", tradePrice: 512.3, signedChangeRate: 0, signedChangePrice: 0, accTradePrice24h: 12,
            change: .even)
        #expect(TickerLine.render(small, colour: true) == "KRW-DOGE 512.3 - 0.00% 0.0 24h 12.00")
    }
}
