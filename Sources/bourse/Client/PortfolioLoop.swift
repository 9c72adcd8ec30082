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
    /// The public socket, for the market's trade tape.
    let stream: MarketStream
    /// The private socket, for the user's own fills (which mark the tape and refresh the lists at once).
    let orders: OrderStream
    var state: PortfolioState
    let colour: Bool

    /// What a background refresh brought: the lists, the last price for new orders, or what failed.
    private struct Refresh: Sendable {
        var lists: Result<([AccountBalance], [OrderSummary]), any Error>
        var lastPrice: String?
    }

    /// Where the background tasks leave what they got for the loop to pick up.
    private final class Mailbox: Sendable {
        let refresh = Mutex<Refresh?>(nil)
        let tape = Mutex(TradeTape(capacity: 60))
        let events = Mutex<[OrderEvent]>([])
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
        let background = follow(into: arrived)
        defer { for task in background { task.cancel() } }
        var shownTape: (count: Int, newest: Int64?) = (0, nil)
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
            let events = arrived.events.withLock { events in
                defer { events.removeAll() }
                return events
            }
            for event in events { state.recorded(event) }
            // A fill or an order that ended changes the balances and the open orders: show them now.
            if events.contains(where: { $0.isFill || $0.state == "done" || $0.state == "cancel" }) {
                lastRefresh = .now - .seconds(10)
            }
            let trouble = Self.trouble(orders.currentState)
            let trades = arrived.tape.withLock { $0.trades }
            if !events.isEmpty || trouble != state.fillsTrouble
                || (trades.count, trades.first?.sequentialID) != shownTape
            {
                state.fillsTrouble = trouble
                state.trades = trades
                shownTape = (trades.count, trades.first?.sequentialID)
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

    /// Starts the sockets and what reads them: the market's trades (the latest 50 over REST first, then
    /// live) into the tape, and the user's order events into the mailbox.
    private func follow(into arrived: Mailbox) -> [Task<Void, Never>] {
        let trades = stream.trades([state.market])
        let events = orders.events()
        return [
            Task { [stream] in await stream.run() },
            Task { [orders] in await orders.run() },
            Task { [quotation, market = state.market] in
                guard let recent = try? await quotation.trades(market, count: 50) else { return }
                arrived.tape.withLock { tape in for trade in recent { tape.apply(trade) } }
            },
            Task { for await trade in trades { arrived.tape.withLock { $0.apply(trade) } } },
            Task { for await event in events { arrived.events.withLock { $0.append(event) } } },
        ]
    }

    /// Why own fills are not followed now, in words; nil while the private socket is connected (or
    /// connecting for the first time).
    static func trouble(_ state: OrderStream.ConnectionState) -> String? {
        switch state {
        case .connected, .connecting(attempt: 1): nil
        case .connecting: "reconnecting"
        case .waiting(_, let error): error
        case .failed(let reason): reason
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
