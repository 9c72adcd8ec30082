public import BourseCore

/// A chat message as the store keeps it.
///
/// Chat is the auction house's conversation about an item (auction-api.md §4): a public thread per item and
/// a private room per item and buyer. It moves no money and no engine state reads it, so it is kept in the
/// store directly, not journaled through the exchange's writer (ADR 0014); a message is acknowledged once
/// its insert has committed.
public struct StoredChatMessage: Hashable, Sendable {
    /// The store's id (from 1 up across every room): what clients name a message by.
    public var id: UInt64
    /// The room: `item:{id}` or `dm:{id}:{buyer}`.
    public var room: String
    /// The message's number in its room, 1, 2, …: what a client resumes after.
    public var sequence: UInt64
    /// Who wrote it.
    public var author: AccountID
    /// The words, as sent (checked by the server before they reach the store).
    public var text: String
    /// The sender's own id for it, unique per author and room, so a resend after a reconnect posts once.
    public var clientID: String
    /// When it was posted.
    public var postedAt: Timestamp
    /// When a moderator (or its author) deleted it; nil while it stands. A deleted message keeps its number
    /// in the room, so clients page and resume past it, but its text is never shown again.
    public var deletedAt: Timestamp?
    /// Who deleted it.
    public var deletedBy: AccountID?

    /// A stored message.
    public init(
        id: UInt64, room: String, sequence: UInt64, author: AccountID, text: String, clientID: String,
        postedAt: Timestamp, deletedAt: Timestamp? = nil, deletedBy: AccountID? = nil
    ) {
        self.id = id
        self.room = room
        self.sequence = sequence
        self.author = author
        self.text = text
        self.clientID = clientID
        self.postedAt = postedAt
        self.deletedAt = deletedAt
        self.deletedBy = deletedBy
    }
}

/// A message as ``ChatStore/postChatMessages(_:)`` stored it: numbered, and whether this call posted it
/// (false: its author had already posted it with the same client id, and this is that message).
public typealias ChatPost = (message: StoredChatMessage, posted: Bool)

/// Where chat messages live. Every ``Store`` is one.
public protocol ChatStore: ChatModerationStore, ChatReceiptStore {
    /// Stores each of `messages`, in order and in one transaction, as the next in its room (their
    /// ``StoredChatMessage/id`` and ``StoredChatMessage/sequence`` are ignored) and returns them numbered, with
    /// `posted` true, in the same order. If a message's author already posted one with the same client id in
    /// that room (earlier, or earlier in `messages`), nothing is stored for it and that message is returned
    /// with `posted` false. All are stored or, on an error, none: one commit for many posts is what lets a
    /// busy room go faster than one `fsync` a message.
    func postChatMessages(_ messages: [StoredChatMessage]) async throws -> [ChatPost]
    /// The message `author` posted in `room` with `clientID`, if any.
    func chatMessage(in room: String, author: AccountID, clientID: String) async throws -> StoredChatMessage?
    /// Up to `limit` messages of `room` with a sequence below `before` (all if nil), newest first.
    func chatMessages(in room: String, before: UInt64?, limit: Int) async throws -> [StoredChatMessage]
}

extension ChatStore {
    /// Stores one message (see ``postChatMessages(_:)``).
    public func postChatMessage(_ message: StoredChatMessage) async throws -> ChatPost {
        guard let post = try await postChatMessages([message]).first else {
            throw StoreError.corrupt("postChatMessages returned no message for one posted")
        }
        return post
    }
}
