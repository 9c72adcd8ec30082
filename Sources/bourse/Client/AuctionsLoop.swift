import BourseClient
import BourseTUI
import Foundation

/// The auction screens' shell: keys into ``AuctionsState``, its actions to the ``AuctionsFeed``, the feed's
/// outcomes back into the state, and a frame from ``AuctionListScreen`` or ``AuctionDetailScreen`` whenever
/// something changed or the countdowns' second turned on the server's clock.
struct AuctionsLoop {
    let feed: AuctionsFeed
    let user: String?
    let item: Int64?
    let colour: Bool

    func run() async throws {
        let terminal = RawTerminal()
        terminal.enter()
        defer { terminal.restore() }
        var state = AuctionsState(user: user)
        if let item {
            for action in state.open(item) { feed.perform(action) }
        }
        var decoder = KeyDecoder()
        var drawn = (second: Int64.min, width: 0, height: 0)
        while !Task.isCancelled {
            let size = terminal.size
            let visible = AuctionListScreen.visibleRows(height: size.height)
            let keys = decoder.decode(terminal.readAvailable())
            for key in keys {
                for action in state.handle(key, visibleRows: visible) { feed.perform(action) }
                if state.shouldQuit { return }
            }
            let outcomes = feed.drain()
            for outcome in outcomes {
                for action in state.apply(outcome, visibleRows: visible) { feed.perform(action) }
            }
            let now = feed.serverNow
            let second = Int64(now.timeIntervalSince1970.rounded(.down))
            if !keys.isEmpty || !outcomes.isEmpty || second != drawn.second || size.width != drawn.width
                || size.height != drawn.height
            {
                state.list.scroll(visibleRows: visible)
                let frame =
                    switch state.screen {
                    case .list:
                        AuctionListScreen.render(
                            state, now: now, width: size.width, height: size.height, colour: colour)
                    case .detail:
                        AuctionDetailScreen.render(
                            state, now: now, width: size.width, height: size.height, colour: colour)
                    case .inbox:
                        AuctionInboxScreen.render(state, width: size.width, height: size.height, colour: colour)
                    }
                terminal.draw(frame)
                drawn = (second, size.width, size.height)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
