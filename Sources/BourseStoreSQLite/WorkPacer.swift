import Foundation

/// Spreads a long piece of background work over time: after every ``rowsPerStep`` rows it sleeps for
/// ``restPerWork`` times the CPU the step took, unless `hurry()` says the work is wanted now; and it gives
/// the work up (throws ``GaveUp``) when `giveUp()` says someone else will do it.
///
/// Why: a materialization of the orders database is ~0.3 s of a core every ~3 s at 20,000 orders/s. In one
/// burst it held a core that the event loops and the writer needed (on this 2-core machine the event loops are
/// runnable ~85 % of the time at that rate),
/// even at idle priority (``IdleThread``). In alternated runs of `bourse bench orders --timeline` at 20,000/s
/// the ack p99 was 35–75 ms with the burst, 14–26 ms with the same work paced, and 11–26 ms with no
/// materialization at all (an experiment). One transaction still holds the whole batch, so each index page
/// is written once.
struct WorkPacer {
    /// Rows written between two rests (~5 ms of a core: steps of 512 rows gave the same p99 for ~3 % more
    /// server CPU, each step starting with cold caches).
    static let rowsPerStep = 2_048
    /// Time asleep per unit of CPU time working: 3 keeps the work to about a quarter of a core, so a batch
    /// (~0.3 s of CPU) is done in ~1.5–2.5 s, before the next is sealed (~3 s at 20,000 orders/s).
    static let restPerWork: Int64 = 3

    /// The longest single rest, nanoseconds.
    static let longestRest: Int64 = 50_000_000

    /// Thrown by ``row()`` when the work is given up: its caller rolls back and leaves it to whoever waits.
    struct GaveUp: Error {}

    private let hurry: () -> Bool
    private let giveUp: () -> Bool
    private let rest: (Int64) -> Void
    private var rows = 0
    private var stepStarted: Int64

    /// At the end of each step `giveUp` is asked first (true: throw ``GaveUp``), then `hurry` (true: go on
    /// without resting). `rest` sleeps for the nanoseconds given (tests count the rests instead).
    init(
        hurry: @escaping () -> Bool, giveUp: @escaping () -> Bool = { false },
        rest: @escaping (Int64) -> Void = WorkPacer.sleep
    ) {
        self.hurry = hurry
        self.giveUp = giveUp
        self.rest = rest
        stepStarted = Self.threadCPUTime()
    }

    /// Sleeps the calling thread for `nanoseconds`.
    static func sleep(_ nanoseconds: Int64) {
        Thread.sleep(forTimeInterval: Double(nanoseconds) / 1e9)
    }

    /// A pacer that never rests: for work something waits on.
    static var unpaced: WorkPacer { WorkPacer(hurry: { true }) }

    /// Counts one row; at the end of a step, gives up or rests unless hurried.
    mutating func row() throws(GaveUp) {
        rows += 1
        guard rows % Self.rowsPerStep == 0 else { return }
        if giveUp() { throw GaveUp() }
        if !hurry() { rest(min((Self.threadCPUTime() - stepStarted) * Self.restPerWork, Self.longestRest)) }
        stepStarted = Self.threadCPUTime()
    }

    /// The CPU time the calling thread has used, nanoseconds: what a step cost. Not its wall time, which at
    /// idle priority includes every other thread's turns (resting in proportion to that made a batch take
    /// longer than the ~3 s until the next, which then hurried it).
    static func threadCPUTime() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
