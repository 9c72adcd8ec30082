public import BourseCore
public import BourseStore
import GRDB

extension SQLiteStore {
    /// Stores chat messages, each as the next in its room, in one transaction with the checks for their client
    /// ids.
    public func postChatMessages(_ messages: [StoredChatMessage]) async throws -> [ChatPost] {
        try await pool.write { db in
            try messages.map { message in
                if let earlier = try Self.chatMessage(
                    db, in: message.room, author: message.author, clientID: message.clientID)
                {
                    return (earlier, false)
                }
                let last = try Int64.fetchOne(
                    db, sql: "SELECT MAX(sequence) FROM chat_messages WHERE room = ?", arguments: [message.room])
                var stored = message
                stored.sequence = UInt64((last ?? 0) + 1)
                try db.execute(
                    sql: """
                        INSERT INTO chat_messages (room, sequence, author_id, text, client_id, posted_ms)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        message.room, Int64(stored.sequence), Int64(message.author.rawValue), message.text,
                        message.clientID, message.postedAt.milliseconds,
                    ])
                stored.id = UInt64(db.lastInsertedRowID)
                return (stored, true)
            }
        }
    }

    /// The message `author` posted in `room` with `clientID`.
    public func chatMessage(in room: String, author: AccountID, clientID: String) async throws -> StoredChatMessage? {
        try await pool.read { db in try Self.chatMessage(db, in: room, author: author, clientID: clientID) }
    }

    private static func chatMessage(
        _ db: Database, in room: String, author: AccountID, clientID: String
    ) throws -> StoredChatMessage? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT \(messageColumns) FROM chat_messages
                WHERE room = ? AND author_id = ? AND client_id = ?
                """,
            arguments: [room, Int64(author.rawValue), clientID]
        ).map(message)
    }

    /// A room's messages before `before`, newest first.
    public func chatMessages(in room: String, before: UInt64?, limit: Int) async throws -> [StoredChatMessage] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.messageColumns) FROM chat_messages
                    WHERE room = ? AND sequence < ? ORDER BY sequence DESC LIMIT ?
                    """,
                arguments: [room, Int64(clamping: before ?? UInt64(Int64.max)), max(0, limit)]
            ).map(Self.message)
        }
    }

    /// The columns ``message(_:)`` reads, in its order.
    static let messageColumns = "id, room, sequence, author_id, text, client_id, posted_ms, deleted_ms, deleted_by"

    /// A message from a row of ``messageColumns``.
    static func message(_ row: Row) -> StoredChatMessage {
        StoredChatMessage(
            id: UInt64(row[0] as Int64), room: row[1], sequence: UInt64(row[2] as Int64),
            author: AccountID(UInt64(row[3] as Int64)), text: row[4], clientID: row[5],
            postedAt: Timestamp(milliseconds: row[6]), deletedAt: (row[7] as Int64?).map(Timestamp.init(milliseconds:)),
            deletedBy: (row[8] as Int64?).map { AccountID(UInt64($0)) })
    }
}
