public import BourseCore

/// How far one member has read a room (a read receipt): the furthest message they marked read, and when.
public struct ChatReceipt: Hashable, Sendable {
    /// The room, by name.
    public var room: String
    /// The reader.
    public var account: AccountID
    /// The furthest message read (ids grow with time in every room).
    public var messageID: UInt64
    /// When it was marked.
    public var at: Timestamp

    /// A receipt.
    public init(room: String, account: AccountID, messageID: UInt64, at: Timestamp) {
        self.room = room
        self.account = account
        self.messageID = messageID
        self.at = at
    }
}

/// Where read receipts live (a part of ``ChatStore``): one per member and room, only ever moved forward,
/// so a reconnecting client learns what the other side read while it was away.
public protocol ChatReceiptStore: Sendable {
    /// Keeps `receipt` unless its reader's receipt in that room is at that message or further; true if it
    /// moved.
    func saveChatReceipt(_ receipt: ChatReceipt) async throws -> Bool
    /// Every member's receipt in `room`.
    func chatReceipts(in room: String) async throws -> [ChatReceipt]
}
