public import BourseCore
import BourseSimulator
public import BourseStore
import Logging
import Synchronization

/// Keeps the demo markets moving: simulated makers and takers trade through the real engine and ledger.
///
/// The demo is a client of the exchange like any other: it submits commands to the single writer
/// (``DurableExchange``) and learns from their results; `bourse serve` adds it, the server does not know
/// it (ADR 0008). When the markets have no history yet, ``backfill(progress:)`` first funds the
/// participants and runs the simulator fast over the past (see ``BackfillPlan``), journaling everything
/// like live traffic, so candles of every unit have history. ``run()`` then steps the simulator on a timer
/// until cancelled.
///
/// Whether to backfill depends on the markets' history, not on the journal being empty: people may
/// create accounts and deposit before the first `bourse serve` (as `bourse account create` suggests), and
/// that must not leave the demo without history or its participants without funds.
public final class DemoService: Sendable {
    let exchange: DurableExchange
    let options: DemoOptions
    let clock: @Sendable () -> Timestamp
    let simulator: Mutex<MarketSimulator>
    let logger = Logger(label: "bourse.demo")

    /// A demo over `exchange`, whose state must list ``markets``.
    public init(exchange: DurableExchange, options: DemoOptions, clock: @escaping @Sendable () -> Timestamp) {
        self.exchange = exchange
        self.options = options
        self.clock = clock
        var simulator = MarketSimulator(seed: options.seed)
        exchange.withState { state in
            let prices = Dictionary(
                uniqueKeysWithValues: state.marketData.compactMap { data in
                    data.tape.latest.map { (data.market, $0.price) }
                })
            // The participants pick up what they hold and the makers the quotes they left (none on a first start).
            simulator.resume(from: state.exchange, lastPrices: prices)
        }
        self.simulator = Mutex(simulator)
    }

    /// Whether `account` is one of the demo's simulated participants (not a person's account).
    public static func isSimulated(_ account: AccountID) -> Bool { account.rawValue >= MarketSimulator.firstAccount }

    /// The markets the demo trades: the list `bourse` gives the server, with or without the demo, so a data
    /// directory keeps its markets either way.
    public static var markets: [Market] { DemoMarket.defaults.map(\.market) }

    /// Commands of the demo's participants the exchange refused so far (none unless people traded against
    /// quotes the demo still believed open).
    public var rejectedCommands: Int { simulator.withLock { $0.rejectedCount } }

    /// Whether no demo market has traded yet: the history is still to be simulated.
    public var needsBackfill: Bool {
        exchange.withState { state in state.marketData.allSatisfy { $0.tape.latest == nil } }
    }

    /// Whether the simulated participants have never been funded.
    var needsFunding: Bool {
        let first = simulator.withLock { $0.takers[0] }
        return exchange.withState { state in state.exchange.ledger.balances(of: first).isEmpty }
    }

    /// Funds the simulated participants if they never were, at `time` (now if `nil`).
    public func fundIfNeeded(at time: Timestamp? = nil) async throws {
        guard needsFunding else { return }
        let results = try await submit(simulator.withLock { $0.fundingCommands() }, at: time)
        simulator.withLock { simulator in for result in results { simulator.observe(result.events) } }
    }

    /// Funds the participants (if needed) and simulates `options.backfillDays` of history ending now.
    /// `progress` is called with (steps done, steps in all) now and then. Needs the exchange running;
    /// throws `CancellationError` if cancelled (what was journaled so far stays).
    public func backfill(progress: @Sendable (Int, Int) -> Void) async throws {
        let times = (options.backfillPlan ?? BackfillPlan(days: options.backfillDays)).times(endingAt: clock())
        try await fundIfNeeded(at: times.first)
        // The simulator sees each step's results as soon as they are applied, so every step reacts to the
        // last one (deterministic), while durability is only awaited in bulk: many steps share a commit.
        let journal = JournalWindow(limit: options.backfillWindow)
        let reportEvery = max(times.count / 100, 1)
        for (index, time) in times.enumerated() {
            try Task.checkCancellation()
            // Each step moves prices and trades as much as the time since the previous one stands for.
            let commands = simulator.withLock { $0.step(at: time) }
            if !commands.isEmpty {
                try await journal.reserve()
                let results = try await apply(commands, at: time, journal: journal)
                simulator.withLock { simulator in for result in results { simulator.observe(result.events) } }
            }
            if index % reportEvery == 0 { progress(index, times.count) }
        }
        try await journal.drain()
        progress(times.count, times.count)
    }

    /// Steps the simulator every `options.stepInterval` (and sends the pulse, if any) until cancelled.
    public func run() async throws {
        guard options.pulsePerSecond > 0 else { return try await runSteps() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.runSteps() }
            group.addTask { try await self.runPulse() }
            try await group.next()
            group.cancelAll()
        }
    }

    private func runSteps() async throws {
        var sinceReconcile = 0
        var rejected = rejectedCommands
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: options.stepInterval)
            } catch {
                return
            }
            sinceReconcile += 1
            let reconcile = sinceReconcile >= options.reconcileEvery || rejectedCommands != rejected
            // With a pulse running, its orders may be applied but not yet observed: reading the exchange then
            // would count their fills twice.
            if reconcile && options.pulsePerSecond == 0 {
                exchange.withState { state in simulator.withLock { $0.reconcile(with: state.exchange) } }
                if rejectedCommands != rejected {
                    logger.notice(
                        "the exchange refused demo commands; re-read the demo's balances and quotes",
                        metadata: ["bourse.refused": "\(rejectedCommands - rejected)"])
                }
                sinceReconcile = 0
                rejected = rejectedCommands
            }
            let commands = simulator.withLock { $0.liveStep(at: clock()) }
            guard try await submitLive(commands) else { return }
        }
    }

    /// Sends `options.pulsePerSecond` market orders a second on `options.pulseMarket`, in 1 ms ticks, each
    /// tick's orders in one submission; a tick that falls behind catches up with a larger batch.
    private func runPulse() async throws {
        let started = ContinuousClock.now
        var sent = 0
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: .milliseconds(1))
            } catch {
                return
            }
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let due = Int(seconds * Double(options.pulsePerSecond)) - sent
            guard due > 0 else { continue }
            sent += due
            let commands = simulator.withLock { $0.pulse(options.pulseMarket, count: due) }
            guard try await submitLive(commands) else { return }
        }
    }

    /// Submits live commands and shows the simulator their results; false once the exchange has stopped.
    private func submitLive(_ commands: [Command]) async throws -> Bool {
        let results: [CommandResult]
        do {
            results = try await submit(commands, at: nil)
        } catch DurableExchangeError.stopped {
            return false
        }
        simulator.withLock { simulator in for result in results { simulator.observe(result.events) } }
        return true
    }

    /// Applies `commands` and returns their results once applied; `journal` hears when they are durable.
    private func apply(
        _ commands: [Command], at time: Timestamp, journal: JournalWindow
    ) async throws
        -> [CommandResult]
    {
        let makes = Self.makes(commands)
        let once = OnceContinuation()
        return try await withCheckedThrowingContinuation { continuation in
            once.set(continuation)
            exchange.enqueue(
                makes, at: time, applied: { once.resume(with: .success($0)) },
                reply: { result in
                    switch result {
                    case .success: journal.release(nil)
                    case .failure(let error):
                        journal.release(error)
                        once.resume(with: .failure(error))
                    }
                })
        }
    }

    /// The simulator's commands as the writer takes them: each new order gets the writer's next id.
    static func makes(_ commands: [Command]) -> [@Sendable (OrderID) -> Command] {
        commands.map { command in { id in command.assigningOrderID(id) } }
    }

    private func submit(_ commands: [Command], at time: Timestamp?) async throws -> [CommandResult] {
        guard !commands.isEmpty else { return [] }
        let makes = Self.makes(commands)
        return try await withCheckedThrowingContinuation { continuation in
            exchange.enqueue(makes, at: time) { continuation.resume(with: $0) }
        }
    }
}
