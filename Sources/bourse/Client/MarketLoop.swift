import BourseClient
import BourseTUI

/// The market screen's shell: keys in, frames out (drawn by ``MarketScreen``), history reloaded when the
/// interval changes.
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
        while !Task.isCancelled {
            let keys = decoder.decode(terminal.readAvailable())
            var dirty = !keys.isEmpty
            for key in keys {
                let count = model.read { $0.series.candles.count }
                if state.handle(key, candleCount: count) {
                    try? await model.loadCandles(from: quotation, interval: state.interval)
                }
                if state.shouldQuit { return }
            }
            // The cursor on the oldest candle loaded: page older history in.
            let count = model.read { $0.series.candles.count }
            if !keys.isEmpty, count > 0, state.cursorBack >= count - 1 {
                try? await model.loadOlderCandles(from: quotation)
            }
            let connection = stream.currentState
            if connection != state.connection {
                state.connection = connection
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
}
