import BourseCore
import BourseUpbit
import BourseWire
import Testing

@Suite struct StreamJSONTests {
    private typealias F = WireFixtures

    @Test func tickersWithFullKeysFollowTheStreamOrder() {
        let market = Market(code: F.btc, koreanName: "비트코인", englishName: "Bitcoin")
        let expected = F.json(
            #"{"type":"ticker","code":"KRW-BTC","opening_price":100000000.0,"high_price":102417000.0,"#,
            #""low_price":102417000.0,"trade_price":102417000.0,"prev_closing_price":100000000.0,"#,
            #""change":"RISE","change_price":2417000.0,"signed_change_price":2417000.0,"change_rate":0.02417,"#,
            #""signed_change_rate":0.02417,"trade_volume":0.00012,"acc_trade_volume":0.00012,"#,
            #""acc_trade_volume_24h":0.00112,"acc_trade_price":12290.04,"acc_trade_price_24h":112290.04,"#,
            #""trade_date":"20260309","trade_time":"045653","trade_timestamp":1773032213123,"ask_bid":"ASK","#,
            #""acc_ask_volume":0.00012,"acc_bid_volume":0.0,"highest_52_week_price":102417000.0,"#,
            #""highest_52_week_date":"2026-03-09","lowest_52_week_price":100000000.0,"#,
            #""lowest_52_week_date":"2026-03-08","market_state":"ACTIVE","is_trading_suspended":false,"#,
            #""delisting_date":null,"market_warning":"NONE","timestamp":1773032214000,"stream_type":"SNAPSHOT"}"#)
        #expect(F.text(StreamJSON.ticker(F.btcTicker, market: market, keys: .full, stream: .snapshot)) == expected)
    }

    @Test func abbreviatedTickersReportWarningsAndSuspension() {
        let market = Market(code: F.xrp, koreanName: "리플", state: .suspended, warning: MarketWarning(warning: true))
        let expected = F.json(
            #"{"ty":"ticker","cd":"KRW-XRP","op":3110.0,"hp":3105.0,"lp":3105.0,"tp":3105.0,"pcp":3110.0,"#,
            #""c":"FALL","cp":5.0,"scp":-5.0,"cr":0.001607717,"scr":-0.001607717,"tv":10.5,"atv":10.5,"#,
            #""atv24h":110.5,"atp":32602.5,"atp24h":343602.5,"tdt":"20260309","ttm":"045653","#,
            #""ttms":1773032213123,"ab":"ASK","aav":10.5,"abv":0.0,"h52wp":3110.0,"h52wdt":"2026-03-08","#,
            #""l52wp":3105.0,"l52wdt":"2026-03-09","ms":"ACTIVE","its":true,"dd":null,"mw":"CAUTION","#,
            #""tms":1773032214000,"st":"REALTIME"}"#)
        #expect(
            F.text(StreamJSON.ticker(F.xrpTicker, market: market, keys: .abbreviated, stream: .realtime)) == expected)
    }

    @Test func tradesWithFullKeysZeroAMissingBestBid() {
        let bytes = StreamJSON.trade(
            F.risingTrade, bestAsk: F.level("102418000", "0.5"), bestBid: nil, keys: .full, stream: .realtime)
        let expected = F.json(
            #"{"type":"trade","code":"KRW-BTC","trade_price":102417000.0,"trade_volume":0.00012,"ask_bid":"ASK","#,
            #""prev_closing_price":100000000.0,"change":"RISE","change_price":2417000.0,"#,
            #""trade_date":"2026-03-09","trade_time":"04:56:53","trade_timestamp":1773032213123,"#,
            #""timestamp":1773032213123,"sequential_id":17730322131230000,"best_ask_price":102418000.0,"#,
            #""best_ask_size":0.5,"best_bid_price":0.0,"best_bid_size":0.0,"stream_type":"REALTIME"}"#)
        #expect(F.text(bytes) == expected)
    }

    @Test func abbreviatedTradesReportTheChangeAsAnAbsoluteValue() {
        let bytes = StreamJSON.trade(
            F.fallingTrade, bestAsk: nil, bestBid: F.level("99400000", "2"), keys: .abbreviated, stream: .snapshot)
        let expected = F.json(
            #"{"ty":"trade","cd":"KRW-BTC","tp":99500000.0,"tv":0.5,"ab":"BID","pcp":100000000.0,"c":"FALL","#,
            #""cp":500000.0,"td":"2026-03-08","ttm":"10:00:00","ttms":1772964000000,"tms":1772964000000,"#,
            #""sid":17729640000000000,"bap":0.0,"bas":0.0,"bbp":99400000.0,"bbs":2.0,"st":"SNAPSHOT"}"#)
        #expect(F.text(bytes) == expected)
    }

    @Test func orderBooksInBothKeyStyles() {
        let full = F.json(
            #"{"type":"orderbook","code":"KRW-BTC","total_ask_size":1.75,"total_bid_size":0.00012,"#,
            #""orderbook_units":[{"ask_price":102418000.0,"bid_price":102417000.0,"ask_size":0.5,"bid_size":0.00012},"#,
            #"{"ask_price":102419000.0,"bid_price":0.0,"ask_size":1.25,"bid_size":0.0}],"#,
            #""timestamp":1773032214000,"level":0,"stream_type":"SNAPSHOT"}"#)
        let abbreviated = F.json(
            #"{"ty":"orderbook","cd":"KRW-BTC","tas":1.75,"tbs":0.00012,"#,
            #""obu":[{"ap":102418000.0,"bp":102417000.0,"as":0.5,"bs":0.00012},"#,
            #"{"ap":102419000.0,"bp":0.0,"as":1.25,"bs":0.0}],"tms":1773032214000,"lv":0,"st":"REALTIME"}"#)
        #expect(F.text(StreamJSON.orderBook(F.book, keys: .full, stream: .snapshot)) == full)
        #expect(F.text(StreamJSON.orderBook(F.book, keys: .abbreviated, stream: .realtime)) == abbreviated)
    }

    @Test func minuteCandlesWithFullKeys() {
        let candle = F.btcCandle(start: Timestamp(milliseconds: 1_773_032_160_000))
        let expected = F.json(
            #"{"type":"candle.1m","code":"KRW-BTC","candle_date_time_utc":"2026-03-09T04:56:00","#,
            #""candle_date_time_kst":"2026-03-09T13:56:00","opening_price":102417000.0,"#,
            #""high_price":102418000.0,"low_price":102417000.0,"trade_price":102418000.0,"#,
            #""candle_acc_trade_volume":0.50012,"candle_acc_trade_price":51221290.04,"#,
            #""timestamp":1773032213623,"stream_type":"REALTIME"}"#)
        let bytes = StreamJSON.candle(candle, market: F.btc, unit: .minute1, keys: .full, stream: .realtime)
        #expect(F.text(bytes) == expected)
    }

    @Test func abbreviatedSecondCandles() {
        let candle = F.btcCandle(start: Timestamp(milliseconds: 1_773_032_213_000))
        let expected = F.json(
            #"{"ty":"candle.1s","cd":"KRW-BTC","cdttmu":"2026-03-09T04:56:53","cdttmk":"2026-03-09T13:56:53","#,
            #""op":102417000.0,"hp":102418000.0,"lp":102417000.0,"tp":102418000.0,"catv":0.50012,"#,
            #""catp":51221290.04,"tms":1773032213623,"st":"SNAPSHOT"}"#)
        let bytes = StreamJSON.candle(candle, market: F.btc, unit: .second, keys: .abbreviated, stream: .snapshot)
        #expect(F.text(bytes) == expected)
    }

    @Test func candleTypeNamesExistForSecondsAndMinutesOnly() {
        let names = CandleUnit.allCases.map { StreamJSON.candleTypeName($0) }
        #expect(
            names == [
                "candle.1s", "candle.1m", "candle.3m", "candle.5m", "candle.10m", "candle.15m", "candle.30m",
                "candle.60m", "candle.240m", nil, nil, nil, nil,
            ])
    }

    @Test func listFormatsWrapTheObjectInAnArray() {
        let body = StreamJSON.orderBook(F.book, keys: .abbreviated, stream: .realtime)
        #expect(StreamJSON.listed(body) == Array("[".utf8) + body + Array("]".utf8))
        #expect(F.text(StreamJSON.listed(StreamJSON.statusUp)) == #"[{"status":"UP"}]"#)
    }

    @Test func statusAndErrorMessages() {
        #expect(F.text(StreamJSON.statusUp) == #"{"status":"UP"}"#)
        #expect(
            F.text(StreamJSON.error(name: "WRONG_FORMAT", message: "잘못된 요청입니다."))
                == #"{"error":{"name":"WRONG_FORMAT","message":"잘못된 요청입니다."}}"#)
    }
}
