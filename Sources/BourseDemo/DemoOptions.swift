public import BourseCore
public import BourseSimulator

/// How the demo market runs.
public struct DemoOptions: Sendable {
    /// The simulator's seed: the same seed gives the same commands.
    public var seed: UInt64 = 1
    /// How far back a fresh data directory's history reaches.
    public var backfillDays = 730
    /// The backfill's steps, if not ``BackfillPlan/init(days:)`` of ``backfillDays`` (tests use short ones).
    public var backfillPlan: BackfillPlan?
    /// Time between live simulator steps.
    public var stepInterval: Duration = .milliseconds(500)
    /// Extra market orders per second on ``pulseMarket`` besides the simulator's steps (0: none), for load
    /// tests that need a steady, known trade rate (`bourse bench fanout`).
    public var pulsePerSecond = 0
    /// The market the pulse trades in.
    public var pulseMarket = MarketCode("KRW-BTC")!
    /// Backfill steps applied but not yet durable at once (the simulator sees each step's results as soon
    /// as they are applied, so this changes speed, never the commands).
    public var backfillWindow = 4_096
    /// Live steps between readings of the participants' balances and quotes from the exchange
    /// (``MarketSimulator/reconcile(with:)``), which people trading against the demo change behind its back;
    /// a refused command also triggers one.
    public var reconcileEvery = 120

    /// Every setting at the default written beside it.
    public init() {}
}
