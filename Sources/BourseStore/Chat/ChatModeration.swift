public import BourseCore

/// A room's own rules, set by the item's seller or an admin (issue #19): a slow mode, whether links may be
/// posted, and words no message may hold. The room `*` holds the house's words, which apply everywhere.
public struct ChatRoomRules: Hashable, Sendable {
    /// The room (`item:{id}`, `dm:{id}:{buyer}`), or `*` for the whole house.
    public var room: String
    /// Seconds one member must wait between two messages in the room; 0 for none. The seller and admins are
    /// never slowed.
    public var slowModeSeconds: Int
    /// Whether a message may hold a link (`http://`, `www.`, a domain name).
    public var linksAllowed: Bool
    /// Words (folded to lower case) that no message may hold.
    public var blockedWords: [String]
    /// Who set them last.
    public var setBy: AccountID
    /// When they were set.
    public var setAt: Timestamp

    /// Rules as stored.
    public init(
        room: String, slowModeSeconds: Int = 0, linksAllowed: Bool = true, blockedWords: [String] = [],
        setBy: AccountID, setAt: Timestamp
    ) {
        self.room = room
        self.slowModeSeconds = slowModeSeconds
        self.linksAllowed = linksAllowed
        self.blockedWords = blockedWords
        self.setBy = setBy
        self.setAt = setAt
    }
}

/// A mute (may read, may not write) or a ban (may neither) of one account, on one item's rooms or on the
/// whole house, until a time or for good.
public struct ChatSanction: Hashable, Sendable {
    /// What the account may no longer do.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case mute
        case ban
    }

    /// The item whose rooms it covers; 0 for every room of the house (admins only).
    public var scope: UInt64
    /// Who is sanctioned.
    public var account: AccountID
    /// A mute or a ban.
    public var kind: Kind
    /// When it ends; nil for good.
    public var until: Timestamp?
    /// Who set it.
    public var setBy: AccountID
    /// Why, in the moderator's words (possibly empty); shown to the sanctioned user.
    public var reason: String
    /// When it was set.
    public var setAt: Timestamp

    /// A sanction as stored.
    public init(
        scope: UInt64, account: AccountID, kind: Kind, until: Timestamp?, setBy: AccountID, reason: String,
        setAt: Timestamp
    ) {
        self.scope = scope
        self.account = account
        self.kind = kind
        self.until = until
        self.setBy = setBy
        self.reason = reason
        self.setAt = setAt
    }

    /// Whether it still holds at `time`.
    public func isActive(at time: Timestamp) -> Bool { until.map { $0 > time } ?? true }
}

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
    /// shown again) and returns it; nil if there is no such message. A message deleted before is returned
    /// as it was, unchanged.
    func deleteChatMessage(id: UInt64, by moderator: AccountID, at time: Timestamp) async throws -> StoredChatMessage?

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
