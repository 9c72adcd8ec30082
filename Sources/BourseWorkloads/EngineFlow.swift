public import BourseCore

/// A deterministic order flow for measuring the matching engine, shaped like exchange-core's latency
/// test: one market (KRW-BTC near 100,000,000 KRW, where the tick is 1,000 KRW), 1,000 funded accounts,
/// a book of ~1,000 resting orders over ~750 price levels, and a stream of 9 % new limit orders, 3 % IOC
/// limits, 6 % cancels and 82 % cancel-and-replace to a new price, of which ~6 % trade.
///
/// Generating the stream needs the engine's answers (only open orders may be cancelled or moved), so
/// the initializer runs the generator against a scratch ``Exchange`` and records the commands. Replaying
/// ``setup`` then ``commands`` on a fresh exchange from ``makeExchange()`` at ``time`` gives the same
/// events again, because the exchange is deterministic; a benchmark times only that replay, so the
/// generator's cost is never part of a measurement. The same seed always gives the same commands.
///
/// ```swift
/// let flow = EngineFlow(seed: 1, commands: 1_000_000)
/// var exchange = flow.preparedExchange()
/// var events: [Event] = []
/// for command in flow.commands {
///     events.removeAll(keepingCapacity: true)
///     exchange.handle(command, at: flow.time, into: &events)
/// }
/// ```
public struct EngineFlow: Sendable {
    /// The flow's only market: KRW-BTC with Upbit's KRW rules (0.05 % fees).
    public let market: Market
    /// The time every command is applied at; the engine only copies it into events.
    public let time = Timestamp(milliseconds: 1_767_225_600_000)
    /// Deposits funding every account in KRW and BTC, then the passive orders that fill the book.
    public let setup: [Command]
    /// The stream to measure, to be applied after ``setup``.
    public let commands: [Command]
    /// What generating the stream saw: its mix, how much of it traded, and the book's size.
    public let statistics: Statistics

    /// Generates a flow of `count` commands after the setup.
    ///
    /// - Parameters:
    ///   - seed: Fixes every random choice; the same seed gives the same commands.
    ///   - accounts: How many accounts place orders (each is funded so no order is refused for funds).
    ///   - restingOrders: The book size the stream keeps, both sides together.
    ///   - count: How many commands follow the setup.
    public init(seed: UInt64 = 1, accounts: Int = 1_000, restingOrders: Int = 1_000, commands count: Int) {
        precondition(accounts > 0 && restingOrders > 1 && count >= 0, "a flow needs accounts, orders and a length")
        let market = Market(code: MarketCode(quote: "KRW", base: "BTC")!)
        let shape = FlowShape(accounts: accounts, restingOrders: restingOrders)
        var recorder = FlowRecorder(market: market, shape: shape, seed: seed, time: time)
        recorder.fund()
        recorder.prefill()
        recorder.record(count)
        self.market = market
        setup = recorder.setup
        commands = recorder.stream
        statistics = recorder.statistics
    }

    /// A new exchange listing the flow's market, before ``setup``.
    public func makeExchange() -> Exchange {
        Exchange(markets: [market])
    }

    /// A new exchange that has applied ``setup``: the state ``commands`` start from.
    public func preparedExchange() -> Exchange {
        var exchange = makeExchange()
        var events: [Event] = []
        for command in setup {
            events.removeAll(keepingCapacity: true)
            exchange.handle(command, at: time, into: &events)
        }
        return exchange
    }
}
