public import BourseCore

/// A store that passes every call on to another, after showing each commit to `intercept`, which may
/// refuse it by throwing (the commit is then not appended).
///
/// Benchmarks count commits with it; tests make a store fail at a chosen moment.
public final class InterceptingStore: Store {
    private let store: any Store
    private let intercept: @Sendable (JournalCommit) throws -> Void

    /// Wraps `store`; `intercept` sees every commit before it is appended.
    public init(_ store: any Store, intercept: @escaping @Sendable (JournalCommit) throws -> Void) {
        self.store = store
        self.intercept = intercept
    }

    /// Migrates the wrapped store.
    public func migrate() async throws { try await store.migrate() }

    /// Shows the commit to `intercept`, then appends it.
    public func append(_ commit: JournalCommit) async throws {
        try intercept(commit)
        try await store.append(commit)
    }

    /// The wrapped store's records.
    public func journal(after sequence: UInt64, limit: Int) async throws -> [JournalRecord] {
        try await store.journal(after: sequence, limit: limit)
    }

    /// The wrapped store's last sequence.
    public func lastSequence() async throws -> UInt64 { try await store.lastSequence() }

    /// Saves in the wrapped store.
    public func saveSnapshot(_ snapshot: StoredSnapshot) async throws { try await store.saveSnapshot(snapshot) }

    /// The wrapped store's newest snapshot.
    public func latestSnapshot() async throws -> StoredSnapshot? { try await store.latestSnapshot() }

    /// The wrapped store's candles.
    public func candles(
        _ market: MarketCode, unit: CandleUnit, before: Timestamp?, count: Int
    ) async throws
        -> [Candle]
    {
        try await store.candles(market, unit: unit, before: before, count: count)
    }

    /// The wrapped store's trades.
    public func trades(
        _ market: MarketCode, from: Timestamp, until: Timestamp, before cursor: Int64?, count: Int
    )
        async throws -> [TradeRecord]
    {
        try await store.trades(market, from: from, until: until, before: cursor, count: count)
    }

    /// Closes the wrapped store.
    public func close() async throws { try await store.close() }

    // MARK: - Accounts and keys (passed on)

    /// Creates the account in the wrapped store.
    public func createAccount(named name: String, at time: Timestamp) async throws -> AccountRecord {
        try await store.createAccount(named: name, at: time)
    }

    /// The wrapped store's accounts.
    public func accounts() async throws -> [AccountRecord] { try await store.accounts() }

    /// The wrapped store's account.
    public func account(where lookup: AccountLookup) async throws -> AccountRecord? {
        try await store.account(where: lookup)
    }

    /// Saves the key in the wrapped store.
    public func saveAPIKey(_ key: StoredAPIKey) async throws { try await store.saveAPIKey(key) }

    /// The wrapped store's key.
    public func apiKey(accessKey: String) async throws -> StoredAPIKey? { try await store.apiKey(accessKey: accessKey) }

    /// The wrapped store's keys of `account`.
    public func apiKeys(of account: AccountID) async throws -> [StoredAPIKey] { try await store.apiKeys(of: account) }

    /// Revokes in the wrapped store.
    public func revokeAPIKey(accessKey: String, at time: Timestamp) async throws -> Bool {
        try await store.revokeAPIKey(accessKey: accessKey, at: time)
    }

    // MARK: - Users (passed on)

    /// Sets the password hash in the wrapped store.
    public func setPasswordHash(_ hash: String, of account: AccountID) async throws -> Bool {
        try await store.setPasswordHash(hash, of: account)
    }

    /// The wrapped store's password hash.
    public func passwordHash(of account: AccountID) async throws -> String? {
        try await store.passwordHash(of: account)
    }

    /// Saves the session in the wrapped store.
    public func saveSession(_ session: StoredSession) async throws { try await store.saveSession(session) }

    /// The wrapped store's session.
    public func session(tokenHash: [UInt8]) async throws -> StoredSession? {
        try await store.session(tokenHash: tokenHash)
    }

    /// Revokes the session in the wrapped store.
    public func revokeSession(tokenHash: [UInt8], at time: Timestamp) async throws -> Bool {
        try await store.revokeSession(tokenHash: tokenHash, at: time)
    }

    /// Revokes the account's sessions in the wrapped store.
    public func revokeSessions(of account: AccountID, at time: Timestamp) async throws -> Int {
        try await store.revokeSessions(of: account, at: time)
    }

    // MARK: - Photos (passed on)

    /// Saves the photo in the wrapped store.
    public func savePhoto(_ photo: StoredPhoto) async throws -> StoredPhoto { try await store.savePhoto(photo) }

    /// The wrapped store's photo.
    public func photo(_ id: UInt64) async throws -> StoredPhoto? { try await store.photo(id) }

    /// The wrapped store's count of `owner`'s photo bytes.
    public func photoBytes(of owner: AccountID) async throws -> Int { try await store.photoBytes(of: owner) }

    // MARK: - Listings (passed on)

    /// Saves the listing in the wrapped store.
    public func saveListing(_ listing: ItemListing) async throws { try await store.saveListing(listing) }

    /// The wrapped store's listings.
    public func listings() async throws -> [ItemListing] { try await store.listings() }

    /// Watches in the wrapped store.
    public func watch(_ item: UInt64, account: AccountID, at time: Timestamp) async throws {
        try await store.watch(item, account: account, at: time)
    }

    /// Unwatches in the wrapped store.
    public func unwatch(_ item: UInt64, account: AccountID) async throws -> Bool {
        try await store.unwatch(item, account: account)
    }

    /// The wrapped store's watches.
    public func watches() async throws -> [(item: UInt64, account: AccountID)] { try await store.watches() }

    /// The wrapped store's bids of `item`.
    public func auctionBids(of item: ItemID) async throws -> [AuctionBidRecord] {
        try await store.auctionBids(of: item)
    }

    // MARK: - Orders (passed on)

    /// The wrapped store's order.
    public func order(_ id: OrderID, of account: AccountID) async throws -> OrderRecord? {
        try await store.order(id, of: account)
    }

    /// The wrapped store's order with `identifier`.
    public func order(identifier: OrderIdentifier, of account: AccountID) async throws -> OrderRecord? {
        try await store.order(identifier: identifier, of: account)
    }

    /// The wrapped store's orders.
    public func orders(_ query: OrderQuery) async throws -> [OrderRecord] { try await store.orders(query) }

    /// The wrapped store's fills.
    public func fills(of id: OrderID) async throws -> [OrderFill] { try await store.fills(of: id) }

    /// The wrapped store's transfers.
    public func transfers(_ query: TransferQuery) async throws -> [TransferRecord] {
        try await store.transfers(query)
    }

    /// The wrapped store's addresses.
    public func addresses(of account: AccountID, kind: TransferRecord.Kind) async throws -> [WalletAddress] {
        try await store.addresses(of: account, kind: kind)
    }

    /// The wrapped store's address lookup.
    public func address(_ address: String, network: String, kind: TransferRecord.Kind) async throws -> WalletAddress? {
        try await store.address(address, network: network, kind: kind)
    }

    /// Saves through the wrapped store.
    public func save(_ address: WalletAddress) async throws { try await store.save(address) }
}

extension InterceptingStore {
    /// Posts in the wrapped store.
    public func postChatMessages(_ messages: [StoredChatMessage]) async throws -> [ChatPost] {
        try await store.postChatMessages(messages)
    }

    /// The wrapped store's message of `author` with `clientID`.
    public func chatMessage(in room: String, author: AccountID, clientID: String) async throws -> StoredChatMessage? {
        try await store.chatMessage(in: room, author: author, clientID: clientID)
    }

    /// The wrapped store's chat messages.
    public func chatMessages(in room: String, before: UInt64?, limit: Int) async throws -> [StoredChatMessage] {
        try await store.chatMessages(in: room, before: before, limit: limit)
    }
}

extension InterceptingStore {
    /// The wrapped store's message `id`.
    public func chatMessage(id: UInt64) async throws -> StoredChatMessage? { try await store.chatMessage(id: id) }

    /// Deletes in the wrapped store.
    public func deleteChatMessage(
        id: UInt64, by moderator: AccountID, at time: Timestamp
    ) async throws
        -> (message: StoredChatMessage, deleted: Bool)?
    {
        try await store.deleteChatMessage(id: id, by: moderator, at: time)
    }

    /// The wrapped store's rules of `room`.
    public func chatRoomRules(_ room: String) async throws -> ChatRoomRules? { try await store.chatRoomRules(room) }

    /// Saves rules in the wrapped store.
    public func saveChatRoomRules(_ rules: ChatRoomRules) async throws { try await store.saveChatRoomRules(rules) }

    /// Saves a sanction in the wrapped store.
    public func saveChatSanction(_ sanction: ChatSanction) async throws { try await store.saveChatSanction(sanction) }

    /// Lifts a sanction in the wrapped store.
    public func removeChatSanction(scope: UInt64, account: AccountID, kind: ChatSanction.Kind) async throws -> Bool {
        try await store.removeChatSanction(scope: scope, account: account, kind: kind)
    }

    /// The wrapped store's sanctions.
    public func chatSanctions(scopes: [UInt64], account: AccountID?) async throws -> [ChatSanction] {
        try await store.chatSanctions(scopes: scopes, account: account)
    }

    /// Saves a report in the wrapped store.
    public func saveChatReport(_ report: ChatReport) async throws -> (report: ChatReport, saved: Bool) {
        try await store.saveChatReport(report)
    }

    /// The wrapped store's reports.
    public func chatReports(rooms: [String]?, limit: Int) async throws -> [ChatReport] {
        try await store.chatReports(rooms: rooms, limit: limit)
    }

    /// Blocks in the wrapped store.
    public func setChatBlock(blocker: AccountID, blocked: AccountID, _ blocking: Bool) async throws -> Bool {
        try await store.setChatBlock(blocker: blocker, blocked: blocked, blocking)
    }

    /// The wrapped store's blocks of `blocker`.
    public func chatBlocks(of blocker: AccountID) async throws -> [AccountID] {
        try await store.chatBlocks(of: blocker)
    }

    /// The wrapped store's blockers of `blocked`.
    public func chatBlockers(of blocked: AccountID) async throws -> [AccountID] {
        try await store.chatBlockers(of: blocked)
    }

    /// Grants admin in the wrapped store.
    public func setAdmin(_ account: AccountID, _ admin: Bool) async throws -> Bool {
        try await store.setAdmin(account, admin)
    }

    /// Whether the wrapped store has `account` as an admin.
    public func isAdmin(_ account: AccountID) async throws -> Bool { try await store.isAdmin(account) }
}

extension InterceptingStore {
    /// Adds to the wrapped store.
    public func addNotifications(_ notifications: [StoredNotification]) async throws -> [StoredNotification] {
        try await store.addNotifications(notifications)
    }

    /// The wrapped store's notifications.
    public func notifications(
        of account: AccountID, unreadOnly: Bool, before: UInt64?, limit: Int
    ) async throws -> [StoredNotification] {
        try await store.notifications(of: account, unreadOnly: unreadOnly, before: before, limit: limit)
    }

    /// The wrapped store's unread count.
    public func unreadNotificationCount(of account: AccountID) async throws -> Int {
        try await store.unreadNotificationCount(of: account)
    }

    /// Marks read in the wrapped store.
    public func markNotificationsRead(of account: AccountID, ids: [UInt64]?, through: UInt64?) async throws -> Int {
        try await store.markNotificationsRead(of: account, ids: ids, through: through)
    }
}

extension InterceptingStore {
    /// Adds to the wrapped store.
    public func addAlert(_ alert: Alert, maximumActive: Int, keepingEnded: Int) async throws -> Alert? {
        try await store.addAlert(alert, maximumActive: maximumActive, keepingEnded: keepingEnded)
    }

    /// The wrapped store's alerts of an account.
    public func alerts(of account: AccountID, ended: Int) async throws -> [Alert] {
        try await store.alerts(of: account, ended: ended)
    }

    /// The wrapped store's active alerts.
    public func activeAlerts() async throws -> [Alert] { try await store.activeAlerts() }

    /// Deletes in the wrapped store.
    public func deleteAlert(_ id: UInt64, of account: AccountID) async throws -> Bool {
        try await store.deleteAlert(id, of: account)
    }

    /// Ends alerts in the wrapped store.
    public func endAlerts(_ endings: [AlertEnding]) async throws -> [AlertEnding] {
        try await store.endAlerts(endings)
    }
}

extension InterceptingStore {
    /// Saves in the wrapped store.
    public func saveChatReceipt(_ receipt: ChatReceipt) async throws -> Bool {
        try await store.saveChatReceipt(receipt)
    }

    /// The wrapped store's receipts.
    public func chatReceipts(in room: String) async throws -> [ChatReceipt] {
        try await store.chatReceipts(in: room)
    }
}
