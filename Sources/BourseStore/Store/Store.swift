public import BourseCore

/// Where the journal, snapshots and the market-data history live.
///
/// Two implementations back it for real: `SQLiteStore` (embedded, the default) and `PostgresStore`;
/// ``InMemoryStore`` backs tests and benchmarks of everything above the store. All three pass the same
/// contract suite (`Tests/BourseStoreTests`).
///
/// **Atomicity.** ``append(_:)`` writes a whole ``JournalCommit`` (its journal record, trades and candles)
/// in one transaction and returns only once it is durable; a crash leaves all of it or none of it.
/// Accounts and API keys (``AccountStore``) and order records (``OrderStore``) live in the same database.
/// **Order.** Commits are appended by one writer, in sequence order; a store refuses a record whose first
/// sequence does not follow the last one it holds.
public protocol Store:
    AccountStore, UserStore, PhotoStore, ListingStore, OrderStore, WalletStore, ChatStore, NotificationStore,
    AlertStore
{
    /// Creates the schema or brings it up to date. Safe to call on every start.
    func migrate() async throws

    // MARK: - Journal

    /// Durably appends one group commit.
    func append(_ commit: JournalCommit) async throws

    /// Up to `limit` journal records holding entries after `sequence`, oldest first.
    func journal(after sequence: UInt64, limit: Int) async throws -> [JournalRecord]

    /// The sequence of the last journaled entry; 0 if the journal is empty.
    func lastSequence() async throws -> UInt64

    // MARK: - Snapshots

    /// Durably stores a snapshot; older ones beyond the newest two may be dropped.
    func saveSnapshot(_ snapshot: StoredSnapshot) async throws

    /// The newest snapshot, if any.
    func latestSnapshot() async throws -> StoredSnapshot?

    // MARK: - Market data

    /// Up to `count` (clamped to 1...200) candles of `market` and `unit` starting before `before`
    /// (exclusive; `nil` for the newest), newest first.
    func candles(_ market: MarketCode, unit: CandleUnit, before: Timestamp?, count: Int) async throws -> [Candle]

    /// Up to `count` (clamped to 1...500) trades of `market` made in `from..<until` and, if `cursor` is
    /// given, with a `sequential_id` below it; newest first.
    func trades(
        _ market: MarketCode, from: Timestamp, until: Timestamp, before cursor: Int64?, count: Int
    )
        async throws -> [TradeRecord]

    /// Releases connections and files. The store is unusable afterwards.
    func close() async throws
}
