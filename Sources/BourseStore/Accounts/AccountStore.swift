public import BourseCore

/// Where accounts and API keys live: beside the journal in the same database, so a PostgreSQL deployment
/// keeps them with everything else. Every ``Store`` is one.
public protocol AccountStore: Sendable {
    /// Creates an account named `name` with the next free id; throws ``StoreError/duplicate(_:)`` if the
    /// name is taken.
    func createAccount(named name: String, at time: Timestamp) async throws -> AccountRecord

    /// Every account, by id.
    func accounts() async throws -> [AccountRecord]
    /// One account, by id or name, through the store's index (a sign-in or a session check reads one row,
    /// not every account).
    func account(where lookup: AccountLookup) async throws -> AccountRecord?

    /// Stores a new key; throws ``StoreError/duplicate(_:)`` if its access key exists.
    func saveAPIKey(_ key: StoredAPIKey) async throws

    /// The key with `accessKey`, revoked or not.
    func apiKey(accessKey: String) async throws -> StoredAPIKey?

    /// The keys of `account`, oldest first, revoked ones included.
    func apiKeys(of account: AccountID) async throws -> [StoredAPIKey]

    /// Marks a live key revoked at `time`; false if there is no such live key.
    func revokeAPIKey(accessKey: String, at time: Timestamp) async throws -> Bool
}

extension AccountStore {
    /// The account named `name`.
    public func account(named name: String) async throws -> AccountRecord? {
        try await account(where: .name(name))
    }

    /// The account with `id`.
    public func account(id: AccountID) async throws -> AccountRecord? {
        try await account(where: .id(id))
    }
}

/// How ``AccountStore/account(where:)`` finds one account.
public enum AccountLookup: Sendable, Hashable {
    /// By the ledger's id.
    case id(AccountID)
    /// By its unique name.
    case name(String)
    /// By its name with ASCII letters in any case (`MINA` finds `mina`): what a new name must not match,
    /// so no one signs up as someone else's name in other capitals. A scan of the accounts, for sign-ups.
    case nameIgnoringCase(String)
}
