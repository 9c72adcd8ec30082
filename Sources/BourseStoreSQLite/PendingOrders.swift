import BourseCore
import BourseStore

/// Order records and fills that are durable in the order log but not yet in the orders database: what
/// reads add to the database's answers until the next materialization writes them there.
///
/// Changes arrive in generations. Appends go to the newest; a generation is sealed once it holds
/// ``changesPerGeneration`` changes or has been open for ``secondsPerGeneration``, and sealed generations
/// are written to the orders database together, in one transaction, then dropped. Writing many commits'
/// changes at once is the point: an account's index page, or a page of recent orders, is rewritten once
/// per materialization instead of once per commit. The batch must be large against the number of accounts
/// for that to pay: a batch of a few thousand orders over a thousand accounts still rewrites a page per order,
/// so generations are sealed by size, and by age only after 10 seconds (which bounds what a slow trickle of
/// orders leaves pending).
struct PendingOrders {
    /// One generation's changes: each order in its latest state, and every fill.
    struct Generation {
        var records: [OrderID: OrderRecord] = [:]
        /// The ids of `records`, per account.
        var accounts: [AccountID: [OrderID]] = [:]
        var fills: [OrderID: [OrderFill]] = [:]
        var fillCount = 0
        /// The key of the newest order-log row whose changes this generation holds.
        var lastLogKey: Int64?
        var opened: ContinuousClock.Instant

        var changeCount: Int { records.count + fillCount }

        mutating func add(_ records: [OrderRecord], _ fills: [OrderFill], logKey: Int64) {
            for record in records {
                if self.records.updateValue(record, forKey: record.id) == nil {
                    accounts[record.account, default: []].append(record.id)
                }
            }
            for fill in fills { self.fills[fill.order, default: []].append(fill) }
            fillCount += fills.count
            lastLogKey = logKey
        }
    }

    /// What one materialization writes.
    struct Batch: Sendable {
        var records: [OrderRecord]
        var fills: [OrderFill]
        /// The newest order-log key included: the orders database's new watermark.
        var lastLogKey: Int64
        /// How many generations it holds (the oldest ones).
        var generations: Int

        /// The changes of `generations` (oldest first), each order once in its latest state. Built by the
        /// materialization, off the commit path: it is work in proportion to the batch.
        init?(_ generations: [Generation]) {
            guard let last = generations.last(where: { $0.lastLogKey != nil })?.lastLogKey else { return nil }
            var latest: [OrderID: OrderRecord] = [:]
            var fills: [OrderFill] = []
            for generation in generations {
                latest.merge(generation.records) { _, newer in newer }
                for orderFills in generation.fills.values { fills += orderFills }
            }
            self.init(
                records: latest.values.sorted { $0.id < $1.id }, fills: fills, lastLogKey: last,
                generations: generations.count)
        }

        init(records: [OrderRecord], fills: [OrderFill], lastLogKey: Int64, generations: Int) {
            self.records = records
            self.fills = fills
            self.lastLogKey = lastLogKey
            self.generations = generations
        }
    }

    static let changesPerGeneration = 131_072
    static let secondsPerGeneration: Int64 = 10

    /// Oldest first; the last one takes appends.
    private(set) var generations: [Generation] = [Generation(opened: .now)]
    /// Whether a materialization is running (at most one at a time).
    var materializing = false

    /// Changes not yet in the orders database.
    var changeCount: Int { generations.reduce(0) { $0 + $1.changeCount } }

    /// Adds a commit's changes (already durable in order-log row `logKey`), sealing the open generation if
    /// it is full or old.
    mutating func add(_ records: [OrderRecord], _ fills: [OrderFill], logKey: Int64, now: ContinuousClock.Instant) {
        generations[generations.count - 1].add(records, fills, logKey: logKey)
        let open = generations[generations.count - 1]
        if open.changeCount >= Self.changesPerGeneration || now - open.opened >= .seconds(Self.secondsPerGeneration) {
            generations.append(Generation(opened: now))
        }
    }

    /// The sealed generations (and the open one too, sealed now, if `everything`), marking a
    /// materialization as running; `nil` if one is running or nothing is ready. Cheap: the generations are
    /// shared, not copied, and no longer change once sealed.
    mutating func takeGenerations(everything: Bool = false) -> [Generation]? {
        guard !materializing else { return nil }
        if everything, generations[generations.count - 1].lastLogKey != nil {
            generations.append(Generation(opened: .now))
        }
        let sealed = Array(generations[..<(generations.count - 1)])
        guard !sealed.isEmpty else { return nil }
        materializing = true
        return sealed
    }

    /// Drops the generations `batch` wrote, now that they are in the orders database.
    mutating func finish(_ batch: Batch) {
        generations.removeFirst(batch.generations)
        materializing = false
    }

    /// Gives up on the generations taken (their write failed): they stay, for reads and the next try.
    mutating func abandon() {
        materializing = false
    }

    // MARK: - Reads

    /// The order `id` in its latest pending state.
    func record(_ id: OrderID) -> OrderRecord? {
        for generation in generations.reversed() {
            if let record = generation.records[id] { return record }
        }
        return nil
    }

    /// The orders of `account` with pending changes, each in its latest state.
    func records(of account: AccountID) -> [OrderID: OrderRecord] {
        var records: [OrderID: OrderRecord] = [:]
        for generation in generations {
            for id in generation.accounts[account] ?? [] { records[id] = generation.records[id] }
        }
        return records
    }

    /// The pending fills of order `id`.
    func fills(of id: OrderID) -> [OrderFill] {
        generations.flatMap { $0.fills[id] ?? [] }
    }
}
