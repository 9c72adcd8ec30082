import BourseClient
import BourseTUI
import Synchronization

/// The market screen's shell: keys in, frames out (drawn by ``MarketScreen``), history reloaded when the
/// interval changes. Candle pages load in the background, so keys keep working while they come.
struct MarketLoop {
    let model: MarketModel
    let stream: MarketStream
    let quotation: QuotationClient
    let colour: Bool

    func run() async throws {
        let terminal = RawTerminal()
        terminal.enter()
        defer { terminal.restore() }
        var state = MarketScreenState()
        var decoder = KeyDecoder()
        var drawn = (version: -1, width: 0, height: 0)
        var lastDraw = ContinuousClock.now
        // The candle page being loaded; a new interval cancels the load of the one before.
        var loading: Task<Void, Never>?
        defer { loading?.cancel() }
        let loaded = Completions()
        var started = 0
        while !Task.isCancelled {
            let keys = decoder.decode(terminal.readAvailable())
            var dirty = !keys.isEmpty
            for key in keys {
                let count = model.read { $0.series.candles.count }
                if state.handle(key, candleCount: count) {
                    loading?.cancel()
                    model.showCachedCandles(state.interval)
                    loading = load(counting: loaded) { [interval = state.interval] in
                        try await model.loadCandles(from: quotation, interval: interval)
                    }
                    started += 1
                }
                if state.shouldQuit { return }
            }
            let isLoading = loaded.state.ended < started
            // The cursor on the oldest candle loaded: page older history in.
            let count = model.read { $0.series.candles.count }
            if !keys.isEmpty, !isLoading, count > 0, state.cursorBack >= count - 1 {
                loading = load(counting: loaded) { try await model.loadOlderCandles(from: quotation) }
                started += 1
            }
            let (connection, reconnects) = (stream.currentState, stream.reconnects)
            let (ended, loadError) = loaded.state
            let loadingNow = ended < started
            if connection != state.connection || reconnects != state.reconnects || loadingNow != state.isLoading
                || loadError != state.loadError
            {
                state.connection = connection
                state.reconnects = reconnects
                state.isLoading = loadingNow
                state.loadError = loadError
                dirty = true
            }
            let size = terminal.size
            let version = model.read { $0.version }
            let now = ContinuousClock.now
            if dirty || size.width != drawn.width || size.height != drawn.height
                || (version != drawn.version && now - lastDraw >= .milliseconds(100))
            {
                let content = model.read { state in
                    MarketScreen.Content(
                        market: state.market, ticker: state.ticker, book: state.book, trades: state.tape.trades,
                        candles: state.series.candles)
                }
                terminal.draw(
                    MarketScreen.render(content, state: state, width: size.width, height: size.height, colour: colour))
                drawn = (version, size.width, size.height)
                lastDraw = now
            }
            try await Task.sleep(for: .milliseconds(15))
        }
    }

    /// Runs `body` in the background and counts it in `loaded` when it ends, with its error unless it was
    /// cancelled (a new interval replaced it). `r` loads the interval again; an older page is asked for
    /// again by the next key with the cursor on the oldest candle.
    private func load(
        counting loaded: Completions, _ body: @escaping @Sendable () async throws -> Void
    )
        -> Task<Void, Never>
    {
        Task {
            do {
                try await body()
                loaded.end(error: nil)
            } catch {
                loaded.end(error: Task.isCancelled ? nil : String(describing: error))
            }
        }
    }
}

/// How many background loads have ended, and the error of the last that failed (until one succeeds).
private final class Completions: Sendable {
    private let value = Mutex((ended: 0, error: String?.none))

    var state: (ended: Int, error: String?) { value.withLock { $0 } }

    func end(error: String?) {
        value.withLock { value in
            value.ended += 1
            value.error = error
        }
    }
}
