import BourseClient
import BourseTUI

/// The market screen's shell: keys in, frames out (drawn by ``MarketScreen``), history reloaded when the
/// interval changes. Candle pages load in the background, so keys keep working while they come.
struct MarketLoop {
    let model: MarketModel
    let stream: MarketStream
    let quotation: QuotationClient
    let colour: Bool

    /// Runs full screen until `q`: in `shared` (the board's, already raw) when given, else in a terminal of
    /// its own.
    /// Returns whether the user left with Ctrl-C (rather than `q`).
    @discardableResult
    func run(in shared: RawTerminal? = nil) async throws -> Bool {
        let terminal = shared ?? RawTerminal()
        if shared == nil { terminal.enter() }
        defer { if shared == nil { terminal.restore() } }
        var state = MarketScreenState()
        var decoder = KeyDecoder()
        var drawn = (version: -1, width: 0, height: 0)
        var lastDraw = ContinuousClock.now
        // The candle page being loaded; a new interval cancels the load of the one before.
        var loading: Task<Void, Never>?
        defer { loading?.cancel() }
        while !Task.isCancelled {
            let keys = decoder.decode(terminal.readAvailable())
            var dirty = !keys.isEmpty
            for key in keys {
                let count = model.read { $0.series.candles.count }
                if state.handle(key, candleCount: count) {
                    loading?.cancel()
                    model.showCachedCandles(state.interval)
                    loading = model.inBackground { [interval = state.interval] in
                        try await model.loadCandles(from: quotation, interval: interval)
                    }
                }
                if state.shouldQuit { return state.interrupted }
            }
            // The cursor on the oldest candle loaded: page older history in.
            let (count, isLoading) = model.read { ($0.series.candles.count, $0.loading > 0) }
            if !keys.isEmpty, !isLoading, count > 0, state.cursorBack >= count - 1 {
                loading = model.inBackground { try await model.loadOlderCandles(from: quotation) }
            }
            let (connection, reconnects) = (stream.currentState, stream.reconnects)
            let (loadingNow, loadError) = model.read { ($0.loading > 0, $0.loadError) }
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
        return false
    }
}
