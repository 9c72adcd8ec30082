import BourseClient
import BourseTUI
import Foundation
import Synchronization

/// The portfolio screen's shell: keys to ``PortfolioState``, its actions to the exchange API, the lists
/// refreshed every 2 seconds in the background (so `q` works while a slow server answers), frames from
/// ``PortfolioScreen``.
struct PortfolioLoop {
    let exchange: ExchangeClient
    let quotation: QuotationClient
    var state: PortfolioState
    let colour: Bool

    /// What a background refresh brought: the lists, the last price for new orders, or what failed.
    private struct Refresh: Sendable {
        var lists: Result<([AccountBalance], [OrderSummary]), any Error>
        var lastPrice: String?
    }

    /// Where the background refresh leaves its answer for the loop to pick up.
    private final class Mailbox: Sendable {
        let refresh = Mutex<Refresh?>(nil)
    }

    mutating func run() async throws {
        let terminal = RawTerminal()
        terminal.enter()
        defer { terminal.restore() }
        var decoder = KeyDecoder()
        var lastRefresh = ContinuousClock.now - .seconds(10)
        var lastPrice: String?
        var drawn = (width: 0, height: 0)
        var dirty = true
        let arrived = Mailbox()
        var refreshing: Task<Void, Never>?
        defer { refreshing?.cancel() }
        while !Task.isCancelled {
            for key in decoder.decode(terminal.readAvailable()) {
                dirty = true
                let action = state.handle(key, lastPrice: lastPrice)
                if state.shouldQuit { return }
                guard let action else { continue }
                if action == .refresh {
                    lastRefresh = .now - .seconds(10)
                    continue
                }
                state.say("working…")
                terminal.draw(PortfolioScreen.render(state, width: drawn.width, height: drawn.height, colour: colour))
                await perform(action)
                // Keys typed while the server answered were meant for the screen before it: a second `c`
                // would cancel the order the selection moved to.
                _ = terminal.readAvailable()
                decoder = KeyDecoder()
                lastRefresh = .now - .seconds(10)
                break
            }
            if refreshing == nil, ContinuousClock.now - lastRefresh >= .seconds(2) {
                lastRefresh = .now
                refreshing = Task { [exchange, quotation, market = state.market] in
                    let lists: Result<([AccountBalance], [OrderSummary]), any Error>
                    do {
                        async let balances = exchange.accounts()
                        async let orders = exchange.openOrders()
                        lists = .success((try await balances, try await orders))
                    } catch {
                        lists = .failure(error)
                    }
                    let price = try? await quotation.tickers(codes: [market]).first.map { Self.decimal($0.tradePrice) }
                    arrived.refresh.withLock { $0 = Refresh(lists: lists, lastPrice: price) }
                }
            }
            if let refresh = arrived.refresh.withLock({ value -> Refresh? in
                defer { value = nil }
                return value
            }) {
                refreshing = nil
                switch refresh.lists {
                case .success(let (balances, orders)): state.loaded(balances: balances, orders: orders)
                case .failure(let error):
                    state.stale = true
                    state.say("could not refresh: \(FailureText.of(error))", error: true)
                }
                lastPrice = refresh.lastPrice ?? lastPrice
                dirty = true
            }
            let size = terminal.size
            if dirty || size != drawn {
                terminal.draw(PortfolioScreen.render(state, width: size.width, height: size.height, colour: colour))
                drawn = size
                dirty = false
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// A price from the ticker (a JSON number) as the plain decimal a new order starts with: `144000000`
    /// or `0.00000523`, never `1.44e8` or `5.23e-06`, which the server would refuse; the user can edit it.
    static func decimal(_ price: Double) -> String {
        guard price.isFinite, price > 0 else { return "" }
        var text = String(format: "%.8f", price)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private mutating func perform(_ action: PortfolioAction) async {
        do {
            switch action {
            case .refresh:
                break
            case .cancel(let uuid):
                let order = try await exchange.cancelOrder(uuid: uuid)
                state.say(
                    "cancelled \(order.market) \(order.side == "bid" ? "buy" : "sell") at \(order.price ?? "market")")
            case .place(let market, let side, let price, let volume):
                let order = try await exchange.placeLimitOrder(market: market, side: side, volume: volume, price: price)
                state.say(
                    "placed: \(side == .bid ? "buy" : "sell") \(order.volume ?? volume) \(market) at \(order.price ?? price)"
                )
            }
        } catch {
            state.say(FailureText.of(error), error: true)
        }
    }
}
