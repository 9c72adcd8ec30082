public import BourseClient

/// `bourse market`'s frame: the ticker header, the order book ladder with depth bars beside the trade
/// tape, and a candlestick chart with a cursor whose candle's OHLC and volume are spelled out.
public enum MarketScreen {
    /// What the screen shows.
    public struct Content: Sendable {
        /// The market's listing (names).
        public var market: BoardMarket
        /// Its latest ticker.
        public var ticker: TickerUpdate?
        /// Its order book.
        public var book: OrderBookView?
        /// Its latest trades, newest first.
        public var trades: [TradeUpdate]
        /// Its candles of the chosen interval, oldest first.
        public var candles: [Candle]

        /// Content for `market`.
        public init(
            market: BoardMarket, ticker: TickerUpdate?, book: OrderBookView?, trades: [TradeUpdate],
            candles: [Candle]
        ) {
            self.market = market
            self.ticker = ticker
            self.book = book
            self.trades = trades
            self.candles = candles
        }
    }

    /// The frame: `height` lines of at most `width` cells.
    public static func render(
        _ content: Content, state: MarketScreenState, width: Int, height: Int, colour: Bool
    ) -> [String] {
        let width = max(width, 40)
        let height = max(height, 12)
        let quote = content.market.quote
        var lines: [String] = []
        let title = content.ticker.map { TickerLine.render($0, colour: colour) } ?? content.market.code
        lines.append(
            pad(
                " \(content.market.koreanName) " + title, width,
                trailing: BoardScreen.connectionText(state.connection, reconnects: state.reconnects)))
        let bookHeight = max(4, min(20, (height - 4) / 2))
        let levels = bookHeight / 2
        let bookWidth = min(56, width / 2)
        let tapeWidth = width - bookWidth - 1
        let step = content.book.flatMap { book in
            MarketScreenState.groupingStep(state.groupingIndex, price: book.bestBid ?? book.bestAsk ?? 0)
        }
        let book = content.book.map { book in step.map { book.grouped(by: $0) } ?? book }
        let ladder = OrderBookLadder.lines(
            book, levels: levels, width: bookWidth, quote: quote, colour: colour,
            heading: step.map { "Order book by \(NumberText.price($0, quote: quote))" } ?? "Order book")
        // The ladder is a heading and `levels` per side; the tape beside it gets as many lines.
        let tape = TapeColumn.lines(
            content.trades, count: ladder.count, width: tapeWidth, quote: quote, colour: colour)
        for (left, right) in zip(ladder, tape) { lines.append(left + " " + right) }
        let chartHeight = height - lines.count - 2
        if state.showsHelp {
            lines += help.prefix(chartHeight + 1).map { DisplayWidth.fit($0, width) }
        } else {
            lines += CandleChart.lines(
                content.candles, interval: state.interval, cursorBack: state.cursorBack, width: width,
                height: chartHeight + 1, quote: quote, colour: colour)
        }
        while lines.count < height - 1 { lines.append(String(repeating: " ", count: width)) }
        let keys = "q quit  [ ] interval  1 3 5 0 h 4 d w M  ← → cursor  + - group  ? help"
        let footer =
            if state.isLoading { "loading candles…  " + keys } else if let error = state.loadError {
                "candles did not load (r retries): \(error)"
            } else { keys }
        lines.append(DisplayWidth.fit(footer, width))
        return Array(lines.prefix(height))
    }

    static let help = [
        "",
        "  [ ]         previous / next candle interval (1m 3m 5m 10m 15m 30m 1h 4h 1d 1w 1M)",
        "  1 3 5 0     1, 3, 5 and 10 minutes;  h one hour, 4 four hours, d day, w week, M month",
        "  ← →  j k    move the chart cursor (Home: oldest, End: newest); its candle's OHLC and volume show below",
        "  + -         group the order book into coarser price steps",
        "  r           load the candles again",
        "  q           quit",
    ]

    /// `text` cut to leave room for `trailing`, which is right-aligned.
    static func pad(_ text: String, _ width: Int, trailing: String) -> String {
        let room = width - DisplayWidth.cells(trailing)
        let cells = DisplayWidth.cells(text)
        guard cells <= room else { return DisplayWidth.clip(text, width) }
        return text + String(repeating: " ", count: room - cells) + trailing
    }
}
