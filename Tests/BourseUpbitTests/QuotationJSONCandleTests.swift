import BourseCore
import BourseUpbit
import BourseWire
import Testing

@Suite struct QuotationJSONCandleTests {
    private typealias F = WireFixtures

    /// The fields every unit shares, for a candle built by ``WireFixtures/btcCandle(start:)``.
    private func common(utc: String, kst: String) -> String {
        F.json(
            #"{"market":"KRW-BTC","candle_date_time_utc":""#, utc, #"","candle_date_time_kst":""#, kst, #"","#,
            #""opening_price":102417000.0,"high_price":102418000.0,"low_price":102417000.0,"#,
            #""trade_price":102418000.0,"timestamp":1773032213623,"#,
            #""candle_acc_trade_price":51221290.04,"candle_acc_trade_volume":0.50012"#)
    }

    @Test func secondCandlesHaveOnlyTheCommonFields() {
        let candle = F.btcCandle(start: Timestamp(milliseconds: 1_773_032_213_000))
        let expected = "[" + common(utc: "2026-03-09T04:56:53", kst: "2026-03-09T13:56:53") + "}]"
        #expect(F.text(QuotationJSON.candles([candle], market: F.btc, unit: .second)) == expected)
    }

    @Test(arguments: [(CandleUnit.minute1, 1), (.minute3, 3), (.minute60, 60), (.minute240, 240)])
    func minuteCandlesEndWithTheirUnit(unit: CandleUnit, minutes: Int) {
        let candle = F.btcCandle(start: Timestamp(milliseconds: 1_773_032_160_000))
        let one = common(utc: "2026-03-09T04:56:00", kst: "2026-03-09T13:56:00") + #","unit":\#(minutes)}"#
        #expect(F.text(QuotationJSON.candles([candle, candle], market: F.btc, unit: unit)) == "[\(one),\(one)]")
    }

    @Test func dayCandlesCompareWithThePreviousClose() {
        let candle = F.btcCandle(start: F.monday)
        let expected = F.json(
            "[", common(utc: "2026-03-09T00:00:00", kst: "2026-03-09T09:00:00"),
            #","prev_closing_price":100000000.0,"change_price":2418000.0,"change_rate":0.02418}]"#)
        #expect(F.text(QuotationJSON.candles([candle], market: F.btc, unit: .day)) == expected)
    }

    @Test func convertedDayCandlesRepeatTheCloseForKRWMarkets() {
        let candle = F.btcCandle(start: F.monday)
        let expected = F.json(
            "[", common(utc: "2026-03-09T00:00:00", kst: "2026-03-09T09:00:00"),
            #","prev_closing_price":100000000.0,"change_price":2418000.0,"change_rate":0.02418,"#,
            #""converted_trade_price":102418000.0}]"#)
        let bytes = QuotationJSON.candles([candle], market: F.btc, unit: .day, convertingPriceUnit: true)
        #expect(F.text(bytes) == expected)
    }

    @Test func convertedDayCandlesOfOtherMarketsAreNullAndRatesSigned() {
        let candle = Candle(
            start: F.monday, price: F.price("0.03"), volume: F.volume("2"), funds: F.funds("0.06"),
            time: F.tradeTime, previousClose: F.price("0.032"))
        let expected = F.json(
            #"[{"market":"BTC-ETH","candle_date_time_utc":"2026-03-09T00:00:00","#,
            #""candle_date_time_kst":"2026-03-09T09:00:00","opening_price":0.03,"high_price":0.03,"#,
            #""low_price":0.03,"trade_price":0.03,"timestamp":1773032213123,"candle_acc_trade_price":0.06,"#,
            #""candle_acc_trade_volume":2.0,"prev_closing_price":0.032,"change_price":-0.002,"#,
            #""change_rate":-0.0625,"converted_trade_price":null}]"#)
        let bytes = QuotationJSON.candles([candle], market: F.eth, unit: .day, convertingPriceUnit: true)
        #expect(F.text(bytes) == expected)
    }

    @Test(arguments: [CandleUnit.week, .month, .year])
    func longerCandlesNameTheirFirstDay(unit: CandleUnit) {
        let candle = F.btcCandle(start: F.monday)
        let expected = F.json(
            "[", common(utc: "2026-03-09T00:00:00", kst: "2026-03-09T09:00:00"),
            #","first_day_of_period":"2026-03-09"}]"#)
        #expect(F.text(QuotationJSON.candles([candle], market: F.btc, unit: unit)) == expected)
    }
}
