public import BourseCore

/// A member's report of a message, for the room's moderators to see.
public struct ChatReport: Hashable, Sendable {
    /// The store's id (from 1 up).
    public var id: UInt64
    /// The reported message's store id.
    public var messageID: UInt64
    /// Its room, so a room's moderators find its reports.
    public var room: String
    /// Who reported it.
    public var reporter: AccountID
    /// One of the server's reasons (`spam`, `scam`, `abuse`, `off_topic`, `other`).
    public var reason: String
    /// The reporter's own words, possibly empty.
    public var comment: String
    /// When it was reported.
    public var reportedAt: Timestamp

    /// A report as stored.
    public init(
        id: UInt64, messageID: UInt64, room: String, reporter: AccountID, reason: String, comment: String,
        reportedAt: Timestamp
    ) {
        self.id = id
        self.messageID = messageID
        self.room = room
        self.reporter = reporter
        self.reason = reason
        self.comment = comment
        self.reportedAt = reportedAt
    }
}

/// Where chat's moderation lives: deleted messages, room rules, mutes and bans, reports, the accounts each
/// user blocked, and who the house's admins are. Every ``Store`` is one.
///
/// The server decides who may do what (`ChatDesk`); the store only keeps it, durably.
public protocol ChatModerationStore: Sendable {
    /// The message with store id `id`, deleted or not.
    func chatMessage(id: UInt64) async throws -> StoredChatMessage?
    /// Marks message `id` deleted by `moderator` at `time` (its text stays for the house's records, never
    /// shown again) and returns it with `deleted` true; nil if there is no such message. A message deleted
    /// before is returned as it was, unchanged, with `deleted` false, so only one deletion is announced.
    func deleteChatMessage(
        id: UInt64, by moderator: AccountID, at time: Timestamp
    ) async throws
        -> (message: StoredChatMessage, deleted: Bool)?

    /// The rules of `room`, if any were set.
    func chatRoomRules(_ room: String) async throws -> ChatRoomRules?
    /// Sets (replaces) the rules of `rules.room`.
    func saveChatRoomRules(_ rules: ChatRoomRules) async throws

    /// Sets a sanction, replacing the one of the same scope, account and kind.
    func saveChatSanction(_ sanction: ChatSanction) async throws
    /// Lifts the sanction of `kind` on `account` in `scope`; false if there was none.
    func removeChatSanction(scope: UInt64, account: AccountID, kind: ChatSanction.Kind) async throws -> Bool
    /// The sanctions of `account` (all accounts if nil) in any of `scopes`, expired ones included.
    func chatSanctions(scopes: [UInt64], account: AccountID?) async throws -> [ChatSanction]

    /// Stores a report (its ``ChatReport/id`` is ignored) and returns it with `saved` true; if its reporter
    /// already reported that message, nothing is stored and the earlier report is returned.
    func saveChatReport(_ report: ChatReport) async throws -> (report: ChatReport, saved: Bool)
    /// Up to `limit` reports of messages in `rooms` (every room if nil), newest first.
    func chatReports(rooms: [String]?, limit: Int) async throws -> [ChatReport]

    /// Makes `blocker` block `blocked` (or no longer); false if nothing changed.
    func setChatBlock(blocker: AccountID, blocked: AccountID, _ blocking: Bool) async throws -> Bool
    /// Who `blocker` blocks.
    func chatBlocks(of blocker: AccountID) async throws -> [AccountID]
    /// Who blocks `blocked`.
    func chatBlockers(of blocked: AccountID) async throws -> [AccountID]

    /// Makes `account` an admin of the house (or no longer); false if nothing changed.
    func setAdmin(_ account: AccountID, _ admin: Bool) async throws -> Bool
    /// Whether `account` is an admin.
    func isAdmin(_ account: AccountID) async throws -> Bool
}
