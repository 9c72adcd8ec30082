import ArgumentParser
import BourseClient
import BourseCommandSupport
import BourseTUI
import Foundation
import Synchronization

/// `bourse market KRW-BTC`: one market full screen: ticker, order book, trades and a candle chart.
struct MarketCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "market",
        abstract: "Show one market full screen: ticker, order book ladder, trade tape and candle chart.",
        discussion: """
            History comes over REST (200 candles of the chosen interval, the latest trades, the book); then \
            the WebSocket keeps the ticker, book and tape live and merges each trade into the current candle. \
            Keys: [ ] or 1 3 5 0 h 4 d w M pick the interval, ← → move the chart cursor, + - group the book, \
            ? help, q quit.
            """
    )

    @Argument(help: "The market, such as KRW-BTC.")
    var market: String

    @OptionGroup var connection: ServerOptions

    @Flag(help: "No colours.")
    var noColor = false

    func run() async throws {
        let address = try connection.address()
        let code = market.uppercased()
        guard RawTerminal.isAvailable else {
            Progress.line("bourse market: needs a terminal (use `bourse ticker \(code)` in scripts)")
            throw ExitCode.failure
        }
        try await address.withQuotation { quotation in
            let model: MarketModel
            do {
                guard let listed = try await quotation.markets().first(where: { $0.code == code }) else {
                    Progress.line("bourse market: \(code) is not listed on \(address.rest.absoluteString)")
                    throw ExitCode.failure
                }
                model = MarketModel(market: listed, cache: try? ClientData.open())
                try await model.load(from: quotation, interval: .minutes(1))
            } catch let error as ExitCode {
                throw error
            } catch {
                Progress.line(
                    "bourse market: could not load \(code) from \(address.rest.absoluteString): \(FailureText.of(error))"
                )
                throw ExitCode.failure
            }
            try await Self.show(
                model, code: code, stream: address.marketStream(), quotation: quotation, colour: !noColor)
        }
    }

    /// The market screen of `market` inside the board's `terminal`, until the user leaves it: Enter on a
    /// board row. A load that fails still opens the screen, which says what failed. Returns whether the
    /// user left with Ctrl-C, which ends the board too.
    static func open(
        _ market: BoardMarket, from address: ServerAddress, cache: ClientCache?, colour: Bool, in terminal: RawTerminal
    ) async -> Bool {
        let interrupted = Interrupted()
        try? await address.withQuotation { quotation in
            let model = MarketModel(market: market, cache: cache)
            do {
                try await model.load(from: quotation, interval: .minutes(1))
            } catch {
                model.update { $0.loadError = FailureText.of(error) }
            }
            try await show(
                model, code: market.code, stream: address.marketStream(), quotation: quotation, colour: colour,
                terminal: terminal, interrupted: interrupted)
        }
        return interrupted.value.withLock { $0 }
    }

    /// Set from the screen's task when the user pressed Ctrl-C.
    final class Interrupted: Sendable {
        let value = Mutex(false)
    }

    /// Keeps `model` live from `stream` while the screen runs.
    private static func show(
        _ model: MarketModel, code: String, stream: MarketStream, quotation: QuotationClient, colour: Bool,
        terminal: RawTerminal? = nil, interrupted: Interrupted? = nil
    )
        async throws
    {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await stream.run() }
            group.addTask { for await ticker in stream.tickers([code]) { model.update { $0.ticker = ticker } } }
            group.addTask { for await book in stream.orderbooks([code]) { model.update { $0.book = book } } }
            group.addTask {
                for await trade in stream.trades([code]) {
                    model.update { content in
                        content.tape.apply(trade)
                        content.series.apply(trade)
                    }
                }
            }
            group.addTask {
                let byInterrupt = try await MarketLoop(
                    model: model, stream: stream, quotation: quotation, colour: colour
                )
                .run(in: terminal)
                interrupted?.value.withLock { $0 = byInterrupt }
            }
            try await group.next()
            group.cancelAll()
        }
    }
}

/// What the market screen shows, shared between the stream tasks and the drawing loop.
final class MarketModel: Sendable {
    struct State {
        var market: BoardMarket
        var ticker: TickerUpdate?
        var book: OrderBookView?
        var tape = TradeTape(capacity: 200)
        var series: CandleSeries
        /// Candle pages loading in the background.
        var loading = 0
        /// Why the last candle page failed, until one loads.
        var loadError: String?
        var version = 0
    }

    private let state: Mutex<State>
    /// Candles seen before: shown at once, then revalidated from the server.
    let cache: ClientCache?

    init(market: BoardMarket, cache: ClientCache?) {
        state = Mutex(State(market: market, series: CandleSeries(interval: .minutes(1))))
        self.cache = cache
    }

    func update(_ body: (inout State) -> Void) {
        state.withLock { state in
            body(&state)
            state.version += 1
        }
    }

    func read<Result>(_ body: (State) -> Result) -> Result { state.withLock { body($0) } }

    /// Runs the candle load `body` in the background, counted in ``State/loading`` while it runs; its error
    /// goes to ``State/loadError`` unless it was cancelled (a new interval replaced it).
    func inBackground(_ body: @escaping @Sendable () async throws -> Void) -> Task<Void, Never> {
        update { $0.loading += 1 }
        return Task {
            var failure: String?
            do { try await body() } catch  where !Task.isCancelled { failure = String(describing: error) } catch {}
            update { state in
                state.loading -= 1
                state.loadError = failure
            }
        }
    }

    /// Loads the ticker, book, trades and `interval`'s candles over REST.
    func load(from quotation: QuotationClient, interval: CandleInterval) async throws {
        let code = read { $0.market.code }
        let ticker = try await quotation.tickers(codes: [code]).first
        let book = try await quotation.orderbook(code)
        let trades = try await quotation.trades(code, count: 100)
        showCachedCandles(interval)
        try await loadCandles(from: quotation, interval: interval)
        update { state in
            state.ticker = ticker ?? state.ticker
            state.book = book
            for trade in trades { state.tape.apply(trade) }
        }
    }

    /// Adds the 200 candles before the oldest loaded, unless history already starts there.
    func loadOlderCandles(from quotation: QuotationClient) async throws {
        let (code, interval, cursor, done) = read {
            ($0.market.code, $0.series.interval, $0.series.olderPageCursor, $0.series.reachedFirst)
        }
        guard let cursor, !done else { return }
        let page = try await quotation.candles(code, interval, count: 200, to: cursor)
        try? cache?.save(page, code, interval)
        update { state in
            guard state.series.interval == interval else { return }
            state.series.merge(history: page, asked: 200)
        }
    }

    /// Replaces the series with `interval`'s cached candles (shown at once; the caller then revalidates them
    /// with ``loadCandles(from:interval:)``).
    func showCachedCandles(_ interval: CandleInterval) {
        let code = read { $0.market.code }
        let cached = (try? cache?.candles(code, interval)) ?? []
        update { state in
            var series = CandleSeries(interval: interval)
            series.merge(history: cached)
            state.series = series
        }
    }

    /// Merges the latest 200 candles of `interval` from the server into the series (unless another interval
    /// was chosen meanwhile; trades that arrive meanwhile merge in) and caches them.
    func loadCandles(from quotation: QuotationClient, interval: CandleInterval) async throws {
        let code = read { $0.market.code }
        let page = try await quotation.candles(code, interval, count: 200)
        try? cache?.save(page, code, interval)
        update { state in
            guard state.series.interval == interval else { return }
            state.series.merge(history: page, asked: 200)
        }
    }
}
