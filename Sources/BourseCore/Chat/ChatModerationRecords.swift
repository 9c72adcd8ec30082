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
    /// Who set them last: rules are the moderator's word, and a change of them names who made it.
    public var setBy: AccountID
    /// When they were last set.
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
    /// The account it holds back.
    public var account: AccountID
    /// What it holds them back from.
    public var kind: Kind
    /// When it ends; nil for good.
    public var until: Timestamp?
    /// Who set it: a seller may not lift or shorten an admin's.
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
