import BourseCore
import BourseSimulator
import BourseToolkit

/// The simulator driven through a plain ``Exchange``, as the demo drives it through the writer: funding
/// first, then steps at given times, each new order numbered by a counter and every event shown back.
struct SimulatedRun: Sendable {
    var simulator: MarketSimulator
    var exchange: Exchange
    /// Every event so far, in order.
    var events: [Event] = []
    var nextID: UInt64 = 1
    /// Commands the exchange refused.
    var rejections: [CommandRejected] = []

    static let start = Timestamp(milliseconds: 1_767_225_600_000)

    /// A small backfill ending at ``start`` (20 days of four-hour steps, a day of ten-minute steps, ten
    /// minutes of two-second steps) and ten more minutes of live half-second steps: run once, shared by
    /// the tests that only look at it. Made on a thread of its own and awaited: a `static let` would hold
    /// the pool thread of every test waiting for it for the ten seconds it takes (``OwnThread``).
    static var history: SimulatedRun {
        get async { await making.value }
    }

    private static let making = Task {
        await OwnThread.run {
            let history = compactHistory(days: 20, endingAt: start)
            var run = SimulatedRun(seed: 15, at: history[0])
            run.run(history)
            run.run(times(from: start, every: 500, count: 1_200))
            return run
        }
    }

    init(seed: UInt64, at start: Timestamp = SimulatedRun.start) {
        simulator = MarketSimulator(seed: seed)
        exchange = Exchange(markets: simulator.listedMarkets)
        for command in simulator.fundingCommands() { apply(command, at: start) }
    }

    /// One step at `time` (a live one with `live`, as the running demo takes them); returns its events.
    @discardableResult
    mutating func step(at time: Timestamp, live: Bool = false) -> [Event] {
        let first = events.count
        for command in live ? simulator.liveStep(at: time) : simulator.step(at: time) { apply(command, at: time) }
        return Array(events[first...])
    }

    /// Steps at each of `times`.
    mutating func run(_ times: [Timestamp]) {
        for time in times { step(at: time) }
    }

    /// Applies someone else's command: the simulator is not shown its events, as the demo is not shown a
    /// person's.
    mutating func applyUnseen(_ command: Command, at time: Timestamp) {
        events += exchange.handle(command.assigningOrderID(OrderID(nextID)), at: time)
        nextID += 1
    }

    private mutating func apply(_ command: Command, at time: Timestamp) {
        var new: [Event] = []
        // New orders take the next id, as the writer gives them.
        let numbered = command.assigningOrderID(OrderID(nextID))
        if numbered != command { nextID += 1 }
        exchange.handle(numbered, at: time, into: &new)
        simulator.observe(new)
        for case .rejected(let rejected) in new { rejections.append(rejected) }
        events += new
    }

    /// The trades so far, in order.
    var trades: [Trade] {
        events.compactMap { if case .traded(let trade) = $0 { trade } else { nil } }
    }

    /// The last trade price of every market that traded.
    var lastPrices: [MarketCode: Price] {
        var prices: [MarketCode: Price] = [:]
        for trade in trades { prices[trade.market] = trade.price }
        return prices
    }

    /// Best ask less best bid of `code`, relative to the best bid, in millionths; nil for a one-sided book.
    func spreadPerMillion(_ code: MarketCode) -> Int64? {
        guard let engine = exchange.engine(code), let bid = engine.bestBid, let ask = engine.bestAsk else { return nil }
        return (ask.units - bid.units) * 1_000_000 / bid.units
    }
}

/// Step times `step` apart: `count` of them, the first `step` after `start`.
func times(from start: Timestamp, every step: Int64, count: Int) -> [Timestamp] {
    (1...max(count, 1)).map { Timestamp(milliseconds: start.milliseconds + Int64($0) * step) }
}

/// A backfill in little: four-hour steps for `days`, ten-minute steps for a day, then two-second steps for
/// ten minutes, ending at `end`: every kind of step a real backfill takes, with a full day of paired
/// trades before the ladders come up.
func compactHistory(days: Int, endingAt end: Timestamp) -> [Timestamp] {
    BackfillPlan(bands: [
        .init(span: .seconds(600), step: .seconds(2)),
        .init(span: .seconds(86_400 + 600), step: .seconds(600)),
        .init(span: .seconds(Int64(days) * 86_400), step: .seconds(14_400)),
    ]).times(endingAt: end)
}
