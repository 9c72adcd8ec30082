public import BourseCore
import Synchronization

/// A store that keeps everything in memory: for tests and benchmarks of what sits above the store.
///
/// It follows the same contract as the database stores (the contract suite runs against it too), but
/// nothing survives the process.
public final class InMemoryStore: Store {
    struct Contents {
        var records: [JournalRecord] = []
        var snapshots: [StoredSnapshot] = []
        var trades: [MarketCode: [TradeRecord]] = [:]
        var candles: [CandleKey: [Candle]] = [:]
        var accounts: [AccountRecord] = []
        var keys: [StoredAPIKey] = []
        var passwordHashes: [AccountID: String] = [:]
        var sessions: [StoredSession] = []
        var photos: [StoredPhoto] = []
        var chat: [StoredChatMessage] = []
        var chatRules: [String: ChatRoomRules] = [:]
        var chatSanctions: [ChatSanction] = []
        var chatReports: [ChatReport] = []
        var chatBlocks: [(blocker: AccountID, blocked: AccountID)] = []
        var notifications: [StoredNotification] = []
        /// The last notification id given (ids are never reused after an inbox drops old entries).
        var lastNotification: UInt64 = 0
        var alerts: [Alert] = []
        var chatReceipts: [String: [AccountID: ChatReceipt]] = [:]
        var nextAlert: UInt64 = 1
        var admins: Set<AccountID> = []
        var listings: [UInt64: ItemListing] = [:]
        var watches: [(item: UInt64, account: AccountID)] = []
        var auctionBids: [ItemID: [AuctionBidRecord]] = [:]
        /// Orders by id (ids grow with time, so a sorted array keeps queries in id order).
        var orders: [OrderRecord] = []
        var orderSlots: [OrderID: Int] = [:]
        var fills: [OrderID: [OrderFill]] = [:]
        var transfers: [TransferRecord] = []
        var transferSlots: [TransferKey: Int] = [:]
        var addresses: [WalletAddress] = []
        var closed = false
    }

    struct TransferKey: Hashable {
        var kind: TransferRecord.Kind
        var id: UInt64
    }

    struct CandleKey: Hashable {
        var market: MarketCode
        var unit: CandleUnit
    }

    let contents = Mutex(Contents())

    /// An empty store.
    public init() {}

    /// Nothing to migrate.
    public func migrate() async throws { try contents.withLock { if $0.closed { throw StoreError.closed } } }

    /// Appends a commit.
    public func append(_ commit: JournalCommit) async throws {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            let expected = (contents.records.last?.lastSequence ?? 0) + 1
            guard commit.record.firstSequence == expected else {
                throw StoreError.outOfOrder(expected: expected, got: commit.record.firstSequence)
            }
            contents.records.append(commit.record)
            for order in commit.orders {
                if let slot = contents.orderSlots[order.id] {
                    contents.orders[slot] = order
                } else {
                    let slot = contents.orders.partitionIndex { $0.id < order.id }
                    contents.orders.insert(order, at: slot)
                    if slot == contents.orders.count - 1 {
                        contents.orderSlots[order.id] = slot
                    } else {
                        contents.orderSlots = Dictionary(
                            uniqueKeysWithValues: contents.orders.enumerated().map { ($1.id, $0) })
                    }
                }
            }
            for fill in commit.fills { contents.fills[fill.order, default: []].append(fill) }
            for bid in commit.auctionBids { contents.auctionBids[bid.item, default: []].append(bid) }
            for transfer in commit.transfers {
                let key = TransferKey(kind: transfer.kind, id: transfer.id)
                if let slot = contents.transferSlots[key] {
                    contents.transfers[slot] = transfer
                } else {
                    contents.transferSlots[key] = contents.transfers.count
                    contents.transfers.append(transfer)
                }
            }
            for trade in commit.trades { contents.trades[trade.market, default: []].append(trade) }
            for stored in commit.candles {
                let key = CandleKey(market: stored.market, unit: stored.unit)
                var series = contents.candles[key, default: []]
                let index = series.partitionIndex { $0.start < stored.candle.start }
                if index < series.endIndex, series[index].start == stored.candle.start {
                    series[index] = stored.candle
                } else {
                    series.insert(stored.candle, at: index)
                }
                contents.candles[key] = series
            }
        }
    }

    /// Records after `sequence`.
    public func journal(after sequence: UInt64, limit: Int) async throws -> [JournalRecord] {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            return Array(contents.records.lazy.filter { $0.lastSequence > sequence }.prefix(max(limit, 1)))
        }
    }

    /// The last journaled sequence.
    public func lastSequence() async throws -> UInt64 {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            return contents.records.last?.lastSequence ?? 0
        }
    }

    /// Keeps the snapshot and the one before it.
    public func saveSnapshot(_ snapshot: StoredSnapshot) async throws {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            contents.snapshots.removeAll { $0.sequence == snapshot.sequence }
            contents.snapshots.append(snapshot)
            contents.snapshots.sort { $0.sequence < $1.sequence }
            contents.snapshots = Array(contents.snapshots.suffix(StoreQueries.retainedSnapshots))
        }
    }

    /// The newest snapshot.
    public func latestSnapshot() async throws -> StoredSnapshot? {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            return contents.snapshots.last
        }
    }

    /// Candles before `before`, newest first.
    public func candles(
        _ market: MarketCode, unit: CandleUnit, before: Timestamp?, count: Int
    ) async throws
        -> [Candle]
    {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            let series = contents.candles[CandleKey(market: market, unit: unit)] ?? []
            let end = before.map { before in series.partitionIndex { $0.start < before } } ?? series.endIndex
            return series[max(0, end - StoreQueries.candleCount(count))..<end].reversed()
        }
    }

    /// Trades in `from..<until` below `cursor`, newest first.
    public func trades(
        _ market: MarketCode, from: Timestamp, until: Timestamp, before cursor: Int64?, count: Int
    )
        async throws -> [TradeRecord]
    {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            let tape = contents.trades[market] ?? []
            let matching = tape.reversed().lazy.filter { trade in
                trade.time >= from && trade.time < until && cursor.map { trade.sequentialID < $0 } ?? true
            }
            return Array(matching.prefix(StoreQueries.tradeCount(count)))
        }
    }

    /// Refuses further use.
    public func close() async throws { contents.withLock { $0.closed = true } }

    /// `body` on the contents, unless the store is closed.
    func read<R>(_ body: (Contents) throws -> R) throws -> R {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            return try body(contents)
        }
    }

    /// `body` changing the contents, unless the store is closed.
    func write<R>(_ body: (inout Contents) throws -> R) throws -> R {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            return try body(&contents)
        }
    }

    // MARK: - Accounts and keys

    /// Adds an account with the next id.
    public func createAccount(named name: String, at time: Timestamp) async throws -> AccountRecord {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            guard !contents.accounts.contains(where: { $0.name == name }) else {
                throw StoreError.duplicate("account \(name)")
            }
            let id = AccountID((contents.accounts.last?.id.rawValue ?? 0) + 1)
            let account = AccountRecord(id: id, name: name, createdAt: time)
            contents.accounts.append(account)
            return account
        }
    }

    /// Every account, by id.
    public func accounts() async throws -> [AccountRecord] {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            return contents.accounts
        }
    }

    /// One account.
    public func account(where lookup: AccountLookup) async throws -> AccountRecord? {
        try read { contents in
            contents.accounts.first { account in
                switch lookup {
                case .id(let id): account.id == id
                case .name(let name): account.name == name
                case .nameIgnoringCase(let name): account.name.lowercased() == name.lowercased()
                }
            }
        }
    }

    /// Adds a key.
    public func saveAPIKey(_ key: StoredAPIKey) async throws {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            guard !contents.keys.contains(where: { $0.accessKey == key.accessKey }) else {
                throw StoreError.duplicate("access key \(key.accessKey)")
            }
            contents.keys.append(key)
        }
    }

    /// The key with `accessKey`.
    public func apiKey(accessKey: String) async throws -> StoredAPIKey? {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            return contents.keys.first { $0.accessKey == accessKey }
        }
    }

    /// The keys of `account`, oldest first.
    public func apiKeys(of account: AccountID) async throws -> [StoredAPIKey] {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            return contents.keys.filter { $0.accountID == account }
        }
    }

    /// Revokes a live key.
    public func revokeAPIKey(accessKey: String, at time: Timestamp) async throws -> Bool {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            guard let index = contents.keys.firstIndex(where: { $0.accessKey == accessKey && $0.revokedAt == nil })
            else { return false }
            contents.keys[index].revokedAt = time
            return true
        }
    }
}

// MARK: - Orders

extension InMemoryStore {
    /// The order `id` of `account`.
    public func order(_ id: OrderID, of account: AccountID) async throws -> OrderRecord? {
        try read { contents in
            contents.orderSlots[id].map { contents.orders[$0] }.flatMap { $0.account == account ? $0 : nil }
        }
    }

    /// The order of `account` with `identifier`.
    public func order(identifier: OrderIdentifier, of account: AccountID) async throws -> OrderRecord? {
        try read { contents in
            contents.orders.first { $0.account == account && $0.identifier == identifier }
        }
    }

    /// The orders `query` selects.
    public func orders(_ query: OrderQuery) async throws -> [OrderRecord] {
        try read { contents in
            let ordered = query.newestFirst ? AnySequence(contents.orders.reversed()) : AnySequence(contents.orders)
            return Array(ordered.lazy.filter(query.matches).dropFirst(max(query.offset, 0)).prefix(max(query.limit, 0)))
        }
    }

    /// The fills of `id`.
    public func fills(of id: OrderID) async throws -> [OrderFill] {
        try read { $0.fills[id] ?? [] }
    }

    /// The transfers `query` selects.
    public func transfers(_ query: TransferQuery) async throws -> [TransferRecord] {
        try read { contents in
            let mine = contents.transfers.filter(query.matches).sorted {
                ($0.createdAt, $0.id) < ($1.createdAt, $1.id)
            }
            let ordered = query.newestFirst ? Array(mine.reversed()) : mine
            return Array(ordered.dropFirst(max(query.offset, 0)).prefix(max(query.limit, 0)))
        }
    }

    /// `account`'s addresses of `kind`, oldest first.
    public func addresses(of account: AccountID, kind: TransferRecord.Kind) async throws -> [WalletAddress] {
        try read { contents in contents.addresses.filter { $0.kind == kind && $0.account == account } }
    }

    /// The address `address` on `network`.
    public func address(_ address: String, network: String, kind: TransferRecord.Kind) async throws -> WalletAddress? {
        try read { contents in
            contents.addresses.first { $0.kind == kind && $0.network == network && $0.address == address }
        }
    }

    /// Keeps `address`.
    public func save(_ address: WalletAddress) async throws {
        try contents.withLock { contents in
            if contents.closed { throw StoreError.closed }
            if let index = contents.addresses.firstIndex(where: {
                $0.kind == address.kind && $0.account == address.account && $0.currency == address.currency
                    && $0.network == address.network && $0.address == address.address
            }) {
                contents.addresses[index] = address
            } else {
                contents.addresses.append(address)
            }
        }
    }
}

extension Array {
    /// The first index whose element does not satisfy `belongsBefore` (the array must be partitioned by it).
    fileprivate func partitionIndex(_ belongsBefore: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if belongsBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
