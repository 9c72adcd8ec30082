import BourseCore

/// Inputs of the encoder golden tests: two days of KRW-BTC and KRW-XRP trades around a Monday.
enum WireFixtures {
    static let btc = MarketCode("KRW-BTC")!
    static let xrp = MarketCode("KRW-XRP")!
    static let eth = MarketCode("BTC-ETH")!

    /// 2026-03-08T10:00:00Z, a Sunday (19:00 KST).
    static let dayBefore = Timestamp(milliseconds: 1_772_964_000_000)
    /// 2026-03-09T00:00:00Z, Monday: the start of that day, week (and 09:00 KST).
    static let monday = Timestamp(milliseconds: 1_773_014_400_000)
    /// 2026-03-09T04:56:53.123Z (13:56:53 KST).
    static let tradeTime = Timestamp(milliseconds: 1_773_032_213_123)
    /// 2026-03-09T04:56:54Z, when the tickers are read.
    static let snapshotTime = Timestamp(milliseconds: 1_773_032_214_000)

    static func price(_ text: String) -> Price { try! Price(parsing: text) }
    static func volume(_ text: String) -> Volume { try! Volume(parsing: text) }
    static func funds(_ text: String) -> Funds { try! Funds(parsing: text) }

    static func level(_ price: String, _ size: String) -> OrderBookLevel {
        OrderBookLevel(price: Self.price(price), size: FixedPointSum(volume(size)))
    }

    /// KRW-BTC: 0.001 bought at 100,000,000 the day before, then 0.00012 sold at 102,417,000.
    static var btcTicker: TickerSnapshot {
        var ticker = Ticker(market: btc)
        ticker.record(
            price: price("100000000"), volume: volume("0.001"), funds: funds("100000"), takerSide: .bid, at: dayBefore)
        ticker.record(
            price: price("102417000"), volume: volume("0.00012"), funds: funds("12290.04"), takerSide: .ask,
            at: tradeTime)
        return ticker.snapshot(at: snapshotTime)!
    }

    /// KRW-XRP: 100 bought at 3,110 the day before, then 10.5 sold at 3,105 (a fall of 5/3110).
    static var xrpTicker: TickerSnapshot {
        var ticker = Ticker(market: xrp)
        ticker.record(
            price: price("3110"), volume: volume("100"), funds: funds("311000"), takerSide: .bid, at: dayBefore)
        ticker.record(
            price: price("3105"), volume: volume("10.5"), funds: funds("32602.5"), takerSide: .ask, at: tradeTime)
        return ticker.snapshot(at: snapshotTime)!
    }

    /// Today's KRW-BTC sell, the 2nd trade of the market.
    static let risingTrade = TradeRecord(
        market: btc, sequence: 2, sequentialID: 17_730_322_131_230_000, time: tradeTime, price: price("102417000"),
        volume: volume("0.00012"), funds: funds("12290.04"), takerSide: .ask, previousClose: price("100000000"))

    /// A KRW-BTC buy below the previous close.
    static let fallingTrade = TradeRecord(
        market: btc, sequence: 1, sequentialID: 17_729_640_000_000_000, time: dayBefore, price: price("99500000"),
        volume: volume("0.5"), funds: funds("49750000"), takerSide: .bid, previousClose: price("100000000"))

    /// Two asks against one bid: the second row's bid is padding.
    static var book: OrderBookSnapshot {
        var book = OrderBookSnapshot(market: btc, asks: [BookLevel](), bids: [BookLevel](), timestamp: snapshotTime)
        book.asks = [level("102418000", "0.5"), level("102419000", "1.25")]
        book.bids = [level("102417000", "0.00012")]
        return book
    }

    /// A KRW-BTC candle starting at `start`: 0.00012 at 102,417,000, then 0.5 at 102,418,000 500 ms later.
    static func btcCandle(start: Timestamp) -> Candle {
        var candle = Candle(
            start: start, price: price("102417000"), volume: volume("0.00012"), funds: funds("12290.04"),
            time: tradeTime, previousClose: price("100000000"))
        candle.add(
            price: price("102418000"), volume: volume("0.5"), funds: funds("51209000"),
            time: Timestamp(milliseconds: tradeTime.milliseconds + 500))
        return candle
    }

    /// The encoder's bytes as text.
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Pieces of one expected JSON text, joined (so long goldens fit the line length).
    static func json(_ pieces: String...) -> String { pieces.joined() }
}
