/// How the demo market runs.
public struct DemoOptions: Sendable {
    /// The simulator's seed: the same seed gives the same commands.
    public var seed: UInt64 = 1
    /// How far back a fresh data directory's history reaches.
    public var backfillDays = 730
    /// Time between live simulator steps.
    public var stepInterval: Duration = .milliseconds(500)
    /// Backfill steps applied but not yet durable at once (the simulator sees each step's results as soon
    /// as they are applied, so this changes speed, never the commands).
    public var backfillWindow = 4_096

    /// The defaults.
    public init() {}
}
