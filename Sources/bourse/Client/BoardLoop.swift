import BourseClient
import BourseTUI
import Foundation

/// The board's shell: reads keys, applies them, and redraws from the feed's snapshots; everything it
/// draws comes from ``BoardScreen`` (pure, golden-tested).
struct BoardLoop {
    let feed: BoardFeed
    let stream: MarketStream
    /// The signed-in user's alerts, if there is a user.
    let alerts: BoardAlertsLink?
    let fps: Int
    let colour: Bool
    /// Shows a market full screen in `terminal` until the user leaves it (Enter on a row); true when they
    /// left with Ctrl-C, which ends the board too.
    let openMarket: @Sendable (String, RawTerminal) async -> Bool

    func run(cache: ClientCache) async throws {
        let terminal = RawTerminal()
        terminal.enter()
        defer { terminal.restore() }
        var state = BoardScreenState()
        state.alerts.signedIn = alerts != nil
        var decoder = KeyDecoder()
        var snapshot = feed.snapshot()
        var flashes: [String: (PriceChange, ContinuousClock.Instant)] = [:]
        var lastSize = (width: 0, height: 0)
        var savedFavourites = feed.change { $0.favourites }
        let clock = ContinuousClock()
        let frame = Duration.milliseconds(1_000 / fps)
        var nextFrame = clock.now
        while !Task.isCancelled {
            let keys = decoder.decode(terminal.readAvailable())
            let size = terminal.size
            let visible = BoardScreen.visibleRows(height: size.height)
            var dirty = !keys.isEmpty || size != lastSize
            if !keys.isEmpty {
                let rows = snapshot.rows
                feed.change { board in
                    for key in keys { state.handle(key, board: &board, rows: rows, visibleRows: visible) }
                }
                if state.shouldQuit { return }
                if let request = state.alerts.request {
                    state.alerts.request = nil
                    alerts?.perform(request)
                }
                if let code = state.marketToOpen {
                    state.marketToOpen = nil
                    if await openMarket(code, terminal) { return }
                    // Back on the board: keys typed for the market screen are not the board's.
                    _ = terminal.readAvailable()
                    decoder = KeyDecoder()
                    terminal.emit("\u{1B}[2J")
                    lastSize = (0, 0)
                    continue
                }
            }
            for update in alerts?.drain() ?? [] {
                state.alerts.apply(update)
                dirty = true
            }
            let now = clock.now
            if now >= nextFrame {
                nextFrame = now + frame
                let (connection, reconnects) = (stream.currentState, stream.reconnects)
                if connection != state.connection || reconnects != state.reconnects { dirty = true }
                state.connection = connection
                state.reconnects = reconnects
                let next = feed.change { $0.hasChanges ? $0.snapshot() : nil }
                if let next {
                    let previous = Dictionary(
                        snapshot.rows.map { ($0.id, $0.ticker?.tradePrice) }, uniquingKeysWith: { first, _ in first })
                    for index in next.diff.updated {
                        let row = next.rows[index]
                        guard let price = row.ticker?.tradePrice, let before = previous[row.id] ?? nil, before != price
                        else { continue }
                        flashes[row.id] = (price > before ? .rise : .fall, now + .milliseconds(300))
                    }
                    snapshot = next
                    dirty = true
                }
                let expired = flashes.filter { $0.value.1 <= now }.map(\.key)
                if !expired.isEmpty {
                    for code in expired { flashes[code] = nil }
                    dirty = true
                }
            }
            if dirty {
                state.scroll(rows: snapshot.rows, visibleRows: visible)
                terminal.draw(
                    BoardScreen.render(
                        rows: snapshot.rows, settings: snapshot.settings, state: state, width: size.width,
                        height: size.height, colour: colour, flashes: flashes.mapValues(\.0)))
                lastSize = size
            }
            let current = feed.change { $0.favourites }
            if current != savedFavourites {
                try? cache.saveFavourites(current)
                savedFavourites = current
            }
            try await Task.sleep(for: .milliseconds(15))
        }
    }
}
