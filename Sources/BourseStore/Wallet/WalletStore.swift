public import BourseCore

/// Where deposits, withdrawals and wallet addresses are kept. Transfer records are written with the journal
/// commit that made or changed them (``JournalCommit/transfers``); addresses are written directly (they move
/// no money). Reads are always for one account, except the owner lookup the simulated chain does.
public protocol WalletStore: Sendable {
    /// The transfers `query` selects, ordered by creation time and id.
    func transfers(_ query: TransferQuery) async throws -> [TransferRecord]

    /// `account`'s addresses of `kind`, oldest first.
    func addresses(of account: AccountID, kind: TransferRecord.Kind) async throws -> [WalletAddress]

    /// The deposit or withdrawal address `address` on `network`, whoever owns it (the first registered if
    /// several accounts registered the same withdrawal address).
    func address(_ address: String, network: String, kind: TransferRecord.Kind) async throws -> WalletAddress?

    /// Keeps `address`; an address with the same kind, account, currency, network and address is replaced.
    func save(_ address: WalletAddress) async throws
}
