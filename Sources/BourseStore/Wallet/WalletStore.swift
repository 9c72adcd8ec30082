public import BourseCore

/// Where deposit records are kept: written with the journal commit that credited them
/// (``JournalCommit/deposits``), read by the exchange API, always for one account.
public protocol WalletStore: Sendable {
    /// The deposits of `account`, newest first unless `newestFirst` is false: optionally only `currency`
    /// and only the given ids, `limit` of them after skipping `offset`.
    func deposits(
        of account: AccountID, currency: String?, ids: [UInt64]?, newestFirst: Bool, limit: Int, offset: Int
    ) async throws -> [DepositRecord]
}
