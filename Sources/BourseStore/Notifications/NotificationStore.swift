public import BourseCore

/// One entry of a user's inbox: something that happened to them while they may not have been looking
/// (outbid, won, sold, a message in their private room, …), kept until they read it and after.
public struct StoredNotification: Hashable, Sendable {
    /// The store's id (from 1 up across every inbox): what a client marks read, and pages by.
    public var id: UInt64
    /// Whose inbox.
    public var account: AccountID
    /// What happened: the server's names (`outbid`, `won`, `lost`, `sold`, `unsold`, `reserve_met`,
    /// `extended`, `ending_soon`, `chat`, `fill`).
    public var kind: String
    /// The item it is about, if any.
    public var item: ItemID?
    /// The chat room it is about (`chat`), if any.
    public var room: String?
    /// A sentence for people, in the server's words (English).
    public var text: String
    /// The same sentence in Korean; nil for entries stored before Bourse wrote one.
    public var koreanText: String?
    /// When it happened.
    public var at: Timestamp
    /// Whether its owner has read it.
    public var read: Bool

    /// The entries an inbox keeps: adding one past this drops the account's oldest, read or not, in the same
    /// transaction. A trading bot's fills would otherwise grow its inbox (and the table) without end; a
    /// person reads the newest, and 1,000 is months of an active bidder's notices.
    public static let inboxCapacity = 1_000

    /// A notification (the store numbers it when added; `id` is then ignored).
    public init(
        id: UInt64 = 0, account: AccountID, kind: String, item: ItemID? = nil, room: String? = nil, text: String,
        koreanText: String? = nil, at: Timestamp, read: Bool = false
    ) {
        self.id = id
        self.account = account
        self.kind = kind
        self.item = item
        self.room = room
        self.text = text
        self.koreanText = koreanText
        self.at = at
        self.read = read
    }
}

/// Where users' inboxes live. Every ``Store`` is one.
///
/// Notifications follow durable changes (a bid, an end, a chat message); the server adds them after those
/// commit, several in one transaction, and pushes them to the user's sockets. They move no money, so they
/// are written directly, like chat (ADR 0014).
public protocol NotificationStore: Sendable {
    /// Stores `notifications` in one transaction, unread, and returns them numbered, in the same order; each
    /// inbox they join then keeps only its newest ``StoredNotification/inboxCapacity``.
    func addNotifications(_ notifications: [StoredNotification]) async throws -> [StoredNotification]
    /// Up to `limit` of `account`'s notifications with an id below `before` (all if nil), newest first; only
    /// unread ones if `unreadOnly`.
    func notifications(
        of account: AccountID, unreadOnly: Bool, before: UInt64?, limit: Int
    ) async throws -> [StoredNotification]
    /// How many of `account`'s notifications are unread.
    func unreadNotificationCount(of account: AccountID) async throws -> Int
    /// Marks `account`'s notifications read: those with an id in `ids`, or every one with an id up to
    /// `through` when `ids` is nil (all of them when both are nil). Others' ids are ignored. Returns how many
    /// stay unread.
    func markNotificationsRead(of account: AccountID, ids: [UInt64]?, through: UInt64?) async throws -> Int
}
