import BourseCore
import BourseUpbit
import BourseWire
import Testing

@Suite struct QuotationJSONTests {
    private typealias F = WireFixtures

    @Test func marketsListNamesInUTF8() {
        let markets = [Market(code: F.btc, koreanName: "비트코인", englishName: "Bitcoin")]
        let expected = #"[{"market":"KRW-BTC","korean_name":"비트코인","english_name":"Bitcoin"}]"#
        #expect(F.text(QuotationJSON.markets(markets, details: false)) == expected)
        #expect(F.text(QuotationJSON.markets([], details: true)) == "[]")
    }

    @Test func marketDetailsCarryTheLegacyWarningAndEveryCautionFlag() {
        let markets = [
            Market(code: F.btc, koreanName: "비트코인", englishName: "Bitcoin"),
            Market(
                code: F.xrp, koreanName: "리플", englishName: #"XRP "Ripple""#,
                warning: MarketWarning(warning: true, cautions: [.tradingVolumeSoaring])),
        ]
        let expected = F.json(
            #"[{"market":"KRW-BTC","korean_name":"비트코인","english_name":"Bitcoin","market_warning":"NONE","#,
            #""market_event":{"warning":false,"caution":{"PRICE_FLUCTUATIONS":false,"TRADING_VOLUME_SOARING":false,"#,
            #""DEPOSIT_AMOUNT_SOARING":false,"GLOBAL_PRICE_DIFFERENCES":false,"#,
            #""CONCENTRATION_OF_SMALL_ACCOUNTS":false}}},"#,
            #"{"market":"KRW-XRP","korean_name":"리플","english_name":"XRP \"Ripple\"","market_warning":"CAUTION","#,
            #""market_event":{"warning":true,"caution":{"PRICE_FLUCTUATIONS":false,"TRADING_VOLUME_SOARING":true,"#,
            #""DEPOSIT_AMOUNT_SOARING":false,"GLOBAL_PRICE_DIFFERENCES":false,"#,
            #""CONCENTRATION_OF_SMALL_ACCOUNTS":false}}}]"#)
        #expect(F.text(QuotationJSON.markets(markets, details: true)) == expected)
    }

    @Test func tickersHaveEveryFieldInUpbitsOrder() {
        let expected = F.json(
            #"[{"market":"KRW-BTC","trade_date":"20260309","trade_time":"045653","#,
            #""trade_date_kst":"20260309","trade_time_kst":"135653","trade_timestamp":1773032213123,"#,
            #""opening_price":100000000.0,"high_price":102417000.0,"low_price":102417000.0,"#,
            #""trade_price":102417000.0,"prev_closing_price":100000000.0,"change":"RISE","#,
            #""change_price":2417000.0,"change_rate":0.02417,"signed_change_price":2417000.0,"#,
            #""signed_change_rate":0.02417,"trade_volume":0.00012,"acc_trade_price":12290.04,"#,
            #""acc_trade_price_24h":112290.04,"acc_trade_volume":0.00012,"acc_trade_volume_24h":0.00112,"#,
            #""highest_52_week_price":102417000.0,"highest_52_week_date":"2026-03-09","#,
            #""lowest_52_week_price":100000000.0,"lowest_52_week_date":"2026-03-08","timestamp":1773032214000},"#,
            #"{"market":"KRW-XRP","trade_date":"20260309","trade_time":"045653","#,
            #""trade_date_kst":"20260309","trade_time_kst":"135653","trade_timestamp":1773032213123,"#,
            #""opening_price":3110.0,"high_price":3105.0,"low_price":3105.0,"#,
            #""trade_price":3105.0,"prev_closing_price":3110.0,"change":"FALL","#,
            #""change_price":5.0,"change_rate":0.001607717,"signed_change_price":-5.0,"#,
            #""signed_change_rate":-0.001607717,"trade_volume":10.5,"acc_trade_price":32602.5,"#,
            #""acc_trade_price_24h":343602.5,"acc_trade_volume":10.5,"acc_trade_volume_24h":110.5,"#,
            #""highest_52_week_price":3110.0,"highest_52_week_date":"2026-03-08","#,
            #""lowest_52_week_price":3105.0,"lowest_52_week_date":"2026-03-09","timestamp":1773032214000}]"#)
        #expect(F.text(QuotationJSON.tickers([F.btcTicker, F.xrpTicker])) == expected)
    }

    @Test func orderBooksPadTheShorterSideWithZeros() {
        let expected = F.json(
            #"[{"market":"KRW-BTC","timestamp":1773032214000,"total_ask_size":1.75,"total_bid_size":0.00012,"#,
            #""orderbook_units":[{"ask_price":102418000.0,"bid_price":102417000.0,"ask_size":0.5,"bid_size":0.00012},"#,
            #"{"ask_price":102419000.0,"bid_price":0.0,"ask_size":1.25,"bid_size":0.0}],"level":0}]"#)
        #expect(F.text(QuotationJSON.orderBooks([F.book])) == expected)
    }

    @Test func groupedAndEmptyBooksKeepEveryKey() {
        var book = OrderBookSnapshot(market: F.btc, asks: [BookLevel](), bids: [BookLevel](), timestamp: F.monday)
        book.level = F.price("100000")
        let expected = F.json(
            #"[{"market":"KRW-BTC","timestamp":1773014400000,"total_ask_size":0.0,"total_bid_size":0.0,"#,
            #""orderbook_units":[],"level":100000}]"#)
        #expect(F.text(QuotationJSON.orderBooks([book])) == expected)
    }

    @Test func instrumentsSpellTicksAndLevelsAsStrings() {
        let btc = OrderBookInstrument(market: Market(code: F.btc), referencePrice: F.price("102417000"))
        var eth = OrderBookInstrument(market: Market(code: F.eth), referencePrice: F.price("0.03"))
        eth.tickSize = F.price("0.001")
        let expected = F.json(
            #"[{"market":"KRW-BTC","quote_currency":"KRW","tick_size":"1000","#,
            #""supported_levels":["0","10000","100000","1000000","10000000","100000000"]},"#,
            #"{"market":"BTC-ETH","quote_currency":"BTC","tick_size":"0.001","supported_levels":["0"]}]"#)
        #expect(F.text(QuotationJSON.instruments([btc, eth])) == expected)
    }

    @Test func tradesCarrySignedChangePrices() {
        let expected = F.json(
            #"[{"market":"KRW-BTC","trade_date_utc":"2026-03-09","trade_time_utc":"04:56:53","#,
            #""timestamp":1773032213123,"trade_price":102417000.0,"trade_volume":0.00012,"#,
            #""prev_closing_price":100000000.0,"change_price":2417000.0,"ask_bid":"ASK","#,
            #""sequential_id":17730322131230000},"#,
            #"{"market":"KRW-BTC","trade_date_utc":"2026-03-08","trade_time_utc":"10:00:00","#,
            #""timestamp":1772964000000,"trade_price":99500000.0,"trade_volume":0.5,"#,
            #""prev_closing_price":100000000.0,"change_price":-500000.0,"ask_bid":"BID","#,
            #""sequential_id":17729640000000000}]"#)
        #expect(F.text(QuotationJSON.trades([F.risingTrade, F.fallingTrade])) == expected)
        #expect(F.text(QuotationJSON.trades([])) == "[]")
    }

    @Test func quotationErrorsNameTheStatusAsAnInteger() {
        #expect(
            F.text(QuotationJSON.error(status: 404, message: "Code not found"))
                == #"{"error":{"name":404,"message":"Code not found"}}"#)
    }

    @Test func exchangeErrorsNameAStringAndEscapeTheMessage() {
        #expect(
            F.text(QuotationJSON.error(name: "invalid_query_payload", message: "bad \"markets\"\n"))
                == #"{"error":{"name":"invalid_query_payload","message":"bad \"markets\"\n"}}"#)
    }
}
