public import BourseCore
import Synchronization

/// The single writer: applies commands to the ``ExchangeState`` in arrival order, journals them with
/// group commit, and answers each submitter once its command is durable.
///
/// Two loops run inside ``run()``:
/// - the **writer** takes every waiting submission, stamps each command (sequence, time, order id),
///   applies it (pure and fast), and hands the batch to the journal loop; it never waits for the disk,
///   only for room when more than ``Options/maximumEntriesInFlight`` entries await durability;
/// - the **journal** loop appends everything that queued up while its previous write ran as one
///   ``JournalCommit`` (group commit), then resumes the submitters of that commit.
///
/// So a commit is written as soon as the previous one is durable (or when ``Options/commitDelay``, if
/// set, has passed since the first waiting entry), and holds at most ``Options/maximumEntriesPerCommit``
/// entries. Reads through ``withState(_:)`` may see commands whose commit is still in flight (by at most
/// one commit); answers and published events never run ahead of the journal.
public final class DurableExchange: Sendable {
    /// Tuning of group commit and snapshots.
    public struct Options: Sendable {
        /// The most entries in one commit.
        public var maximumEntriesPerCommit = 16_384
        /// The most entries applied but not yet durable before the writer waits for the journal.
        public var maximumEntriesInFlight = 131_072
        /// How long the journal loop waits for more entries after the first one of a commit; zero commits
        /// as soon as the previous commit is durable.
        public var commitDelay: Duration = .zero
        /// Entries between periodic snapshots; a snapshot is also taken on graceful shutdown.
        public var snapshotInterval: UInt64 = 500_000
        /// Whether graceful shutdown writes a final snapshot (benchmarks of recovery turn it off).
        public var snapshotOnShutdown = true
        /// Whose orders and fills are stored (``JournalCommit/orders``): everyone's by default. `bourse serve`
        /// leaves out the demo's simulated participants, whose millions of quotes nobody can query (they
        /// have no API keys), so the demo database stays small. Their orders are still journaled and
        /// matched like any other.
        public var recordsOrders: @Sendable (AccountID) -> Bool = { _ in true }

        /// Every setting at the default written beside it.
        public init() {}
    }

    typealias MakeCommand = @Sendable (OrderID) -> Command
    /// How a submitter is answered: once, with its results when durable or with why not.
    public typealias Reply = @Sendable (Result<[CommandResult], any Error>) -> Void

    struct Submission {
        var makes: [MakeCommand]
        /// The time to stamp instead of the clock's, exactly (history simulated into markets with none).
        var time: Timestamp?
        /// Called with the results as soon as they are applied, before they are durable.
        var applied: (@Sendable ([CommandResult]) -> Void)?
        var reply: Reply
    }

    struct PendingCommit {
        var entries: [JournalEntry] = []
        var trades: [TradeRecord] = []
        var candles: [StoredCandle] = []
        var orders: [OrderRecord] = []
        var fills: [OrderFill] = []
        var balances: [AccountBalance] = []
        var transfers: [TransferRecord] = []
        var auctionBids: [AuctionBidRecord] = []
        var replies: [(Reply, [CommandResult])] = []
        /// The state right after this commit, when a snapshot is due.
        var snapshot: ExchangeState?
    }

    struct Pipeline {
        var submissions: [Submission] = []
        var writerWaiter: CheckedContinuation<Void, Never>?
        var commits: [PendingCommit] = []
        var queuedEntries = 0
        var journalWaiter: CheckedContinuation<Void, Never>?
        var inFlightEntries = 0
        var spaceWaiter: CheckedContinuation<Void, Never>?
        var stopping = false
        var writerDone = false
        var failure: DurableExchangeError?
        var snapshotError: String?
    }

    /// What became durable in one group commit, in journal order: what a publisher streams to clients.
    public struct DurableBatch: Sendable {
        /// Every command of the commit with its events.
        public var results: [CommandResult]
        /// The trades the commit recorded, as the tape numbered them.
        public var trades: [TradeRecord]
        /// The orders the commit changed, each in its state after the commit.
        public var orders: [OrderRecord]
        /// The fills the commit's trades made.
        public var fills: [OrderFill]
        /// The balances of recorded accounts (``Options/recordsOrders``) that the commit changed, as they
        /// were right after it: what `myAsset` reports.
        public var balances: [AccountBalance]
    }

    /// One account's balance of one currency.
    public struct AccountBalance: Sendable, Hashable {
        /// Whose it is: the ledger account, not the API key.
        public var account: AccountID
        /// Its balance.
        public var balance: Balance
    }

    /// Called by the journal loop with each commit once it is durable, before its submitters are answered.
    public typealias DurableObserver = @Sendable (DurableBatch) -> Void

    let store: any Store
    let options: Options
    let clock: @Sendable () -> Timestamp
    let observer: DurableObserver?
    let state: Mutex<ExchangeState>
    let pipeline = Mutex(Pipeline())

    /// A writer over `state` (usually from ``recover(store:markets:)``) journaling to `store`; `clock`
    /// stamps commands (it may go backwards; times never do). `observer`, if given, sees every durable
    /// commit in order; it runs on the journal loop, so it should only hand the batch over, not work on it.
    public init(
        state: ExchangeState, store: any Store, options: Options = Options(),
        clock: @escaping @Sendable () -> Timestamp, observer: DurableObserver? = nil
    ) {
        self.state = Mutex(state)
        self.store = store
        self.options = options
        self.clock = clock
        self.observer = observer
    }

    // MARK: - Submitting

    /// Applies the command `make` builds from the next free order id, and returns its result once durable.
    public func submit(_ make: @escaping @Sendable (OrderID) -> Command) async throws -> CommandResult {
        try await submit([make])[0]
    }

    /// Applies a command that needs no new order id.
    public func submit(_ command: Command) async throws -> CommandResult {
        try await submit { _ in command }
    }

    /// Applies several commands back to back (nothing else runs between them) and returns their results,
    /// in order, once all are durable.
    public func submit(_ makes: [@Sendable (OrderID) -> Command]) async throws -> [CommandResult] {
        guard !makes.isEmpty else { return [] }
        return try await withCheckedThrowingContinuation { continuation in
            enqueue(makes) { continuation.resume(with: $0) }
        }
    }

    /// Queues commands now, without waiting: commands queued by successive calls are applied in call order.
    /// `reply` is called once, when they are durable (or refused: stopped, or the journal failed).
    ///
    /// For a caller that must keep an order across submissions (a script's lines) and still keep many in
    /// flight; it should bound how many replies it awaits.
    ///
    /// `time`, if given, stamps the commands exactly, even before the last entry's time
    /// (``ExchangeState/nextEntry(backdatedTo:_:)``): a demo simulating history into markets that have
    /// none uses it, in time order. `applied`, if given, gets the results as soon as they are
    /// applied, before they are durable: for steering a simulator, never for answering a client.
    public func enqueue(
        _ makes: [@Sendable (OrderID) -> Command], at time: Timestamp? = nil,
        applied: (@Sendable ([CommandResult]) -> Void)? = nil, reply: @escaping Reply
    ) {
        let (waiter, refusal) = pipeline.withLock { pipeline -> (CheckedContinuation<Void, Never>?, (any Error)?) in
            if let failure = pipeline.failure { return (nil, failure) }
            if pipeline.stopping { return (nil, DurableExchangeError.stopped) }
            pipeline.submissions.append(Submission(makes: makes, time: time, applied: applied, reply: reply))
            defer { pipeline.writerWaiter = nil }
            return (pipeline.writerWaiter, nil)
        }
        if let refusal { reply(.failure(refusal)) }
        waiter?.resume()
    }

    // MARK: - Reading

    /// Runs `body` on the current state, between two batches of the writer. Keep it short: the writer
    /// waits meanwhile.
    public func withState<R: Sendable>(_ body: (ExchangeState) throws -> R) rethrows -> R {
        try state.withLock { try body($0) }
    }

    // MARK: - Running

    /// Runs the writer and the journal until ``shutdown()``; then applies what was already submitted,
    /// journals it, writes a final snapshot and returns. Throws if the store fails; everything not yet
    /// durable at that moment is answered with ``DurableExchangeError/journalFailed(_:)``.
    ///
    /// Cancelling the calling task is a graceful ``shutdown()``.
    public func run() async throws {
        try await withTaskCancellationHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await self.runWriter() }
                group.addTask { try await self.runJournal() }
                try await group.waitForAll()
            }
        } onCancel: {
            shutdown()
        }
    }

    /// Why the last snapshot could not be written, if it failed. A failed snapshot does not stop the
    /// exchange (the journal is durable; only start-up gets slower); the next one tries again.
    public var lastSnapshotError: String? { pipeline.withLock { $0.snapshotError } }

    /// Commands applied in memory whose journal commit is not yet durable (the journal's lag).
    public var entriesInFlight: Int { pipeline.withLock { $0.inFlightEntries } }

    /// Stops taking submissions; ``run()`` returns once everything already submitted is durable.
    public func shutdown() {
        let waiters = pipeline.withLock { pipeline in
            pipeline.stopping = true
            defer { pipeline.writerWaiter = nil }
            return pipeline.writerWaiter
        }
        waiters?.resume()
    }
}
