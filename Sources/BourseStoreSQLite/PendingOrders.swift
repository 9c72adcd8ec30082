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
    ///
    /// Records and fills are appended to logs and found through small indexes (positions, and a chain of
    /// each order's fills through `previousFill`), so adding a commit's changes copies each change once and
    /// allocates nothing per order: this runs on the commit path, where a dictionary of whole records and an
    /// array of fills per order cost 2 µs a command (perf over `bourse bench journal`).
    struct Generation {
        /// Every record added, oldest first; an order's latest state is at `latest[id]`.
        var records = ChunkedLog<OrderRecord>()
        var latest: [OrderID: Int32] = [:]
        /// The ids of the orders in `latest`, per account.
        var accounts: [AccountID: [OrderID]] = [:]
        var fills = ChunkedLog<OrderFill>()
        /// Per fill, the position of the same order's previous fill in `fills` (-1 for its first).
        var previousFill = ChunkedLog<Int32>()
        /// Per order, the position of its newest fill.
        var newestFill: [OrderID: Int32] = [:]
        /// The key of the newest order-log row whose changes this generation holds.
        var lastLogKey: Int64?
        var opened: ContinuousClock.Instant

        var changeCount: Int { records.count + fills.count }

        mutating func add(_ records: [OrderRecord], _ fills: [OrderFill], logKey: Int64, room: Int) {
            // Room for a full generation's orders at once: rehashing a large index inside a commit stalls it.
            if latest.isEmpty { latest.reserveCapacity(room) }
            for record in records {
                if latest.updateValue(Int32(self.records.count), forKey: record.id) == nil {
                    accounts[record.account, default: []].append(record.id)
                }
                self.records.append(record)
            }
            for fill in fills {
                previousFill.append(newestFill.updateValue(Int32(self.fills.count), forKey: fill.order) ?? -1)
                self.fills.append(fill)
            }
            lastLogKey = logKey
        }

        /// The order `id` in its latest state here.
        func record(_ id: OrderID) -> OrderRecord? { latest[id].map { records[Int($0)] } }

        /// The fills of order `id` here, oldest first.
        func fills(of id: OrderID) -> [OrderFill] {
            var found: [OrderFill] = []
            var position = newestFill[id] ?? -1
            while position >= 0 {
                found.append(fills[Int(position)])
                position = previousFill[Int(position)]
            }
            return found.reversed()
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

        /// The changes of `generations` (oldest first), each order once in its latest state, in id order (the
        /// orders table's rowid, so its pages fill in order). Built by the materialization, off the commit
        /// path: it is work in proportion to the batch.
        init?(_ generations: [Generation]) {
            guard let last = generations.last(where: { $0.lastLogKey != nil })?.lastLogKey else { return nil }
            // Where each order's latest state is: (generation, position), newer generations overriding.
            var latest: [OrderID: (Int32, Int32)] = [:]
            latest.reserveCapacity(generations.reduce(0) { $0 + $1.latest.count })
            for (index, generation) in generations.enumerated() {
                for (id, position) in generation.latest { latest[id] = (Int32(index), position) }
            }
            let records = latest.sorted { $0.key < $1.key }.map { _, place in
                generations[Int(place.0)].records[Int(place.1)]
            }
            self.init(
                records: records, fills: generations.flatMap(\.fills.elements), lastLogKey: last,
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

    /// Changes that seal a generation: ``changesPerGeneration``, smaller in tests.
    var generationSize = Self.changesPerGeneration
    /// The age that seals a generation: ``secondsPerGeneration``, longer in tests that count on sizes.
    var generationSeconds = Self.secondsPerGeneration
    /// Oldest first; the last one takes appends.
    private(set) var generations: [Generation] = [Generation(opened: .now)]

    /// Whether a generation is sealed and waits to be written.
    var hasSealed: Bool { generations.count > 1 }

    /// Changes not yet in the orders database.
    var changeCount: Int { generations.reduce(0) { $0 + $1.changeCount } }

    /// Adds a commit's changes (already durable in order-log row `logKey`), sealing the open generation if
    /// it is full or old.
    mutating func add(_ records: [OrderRecord], _ fills: [OrderFill], logKey: Int64, now: ContinuousClock.Instant) {
        generations[generations.count - 1].add(records, fills, logKey: logKey, room: generationSize)
        let open = generations[generations.count - 1]
        if open.changeCount >= generationSize || now - open.opened >= .seconds(generationSeconds) {
            generations.append(Generation(opened: now))
        }
    }

    /// The sealed generations (and the open one too, sealed now, if `everything`); `nil` if none is ready.
    /// They stay until ``finish(_:)``: one materialization at a time, which its caller ensures. Cheap: the
    /// generations are shared, not copied, and no longer change once sealed.
    mutating func takeGenerations(everything: Bool = false) -> [Generation]? {
        if everything, generations[generations.count - 1].lastLogKey != nil {
            generations.append(Generation(opened: .now))
        }
        let sealed = Array(generations[..<(generations.count - 1)])
        return sealed.isEmpty ? nil : sealed
    }

    /// Drops the generations `batch` wrote, now that they are in the orders database, and returns them:
    /// freeing them (a generation is ~130,000 records) is for the caller, once out of the lock.
    @discardableResult
    mutating func finish(_ batch: Batch) -> [Generation] {
        let done = Array(generations[..<batch.generations])
        generations.removeFirst(batch.generations)
        return done
    }

    // MARK: - Reads

    /// The order `id` in its latest pending state.
    func record(_ id: OrderID) -> OrderRecord? {
        for generation in generations.reversed() {
            if let record = generation.record(id) { return record }
        }
        return nil
    }

    /// The orders of `account` with pending changes, each in its latest state.
    func records(of account: AccountID) -> [OrderID: OrderRecord] {
        var records: [OrderID: OrderRecord] = [:]
        for generation in generations {
            for id in generation.accounts[account] ?? [] { records[id] = generation.record(id) }
        }
        return records
    }

    /// The pending fills of order `id`.
    func fills(of id: OrderID) -> [OrderFill] {
        generations.flatMap { $0.fills(of: id) }
    }
}
