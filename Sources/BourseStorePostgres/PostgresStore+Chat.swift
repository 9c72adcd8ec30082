public import BourseCore
public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// Stores chat messages, each as the next in its room, in one transaction. It holds each room's advisory
    /// lock, so two servers (or two pool connections) posting to one room take turns for its next number, and
    /// a client id (unique per room and author) is checked and stored under the same lock. The locks (one
    /// per distinct hash of the rooms' names) are taken in the order of their keys, so two batches never
    /// wait on each other's locks.
    public func postChatMessages(_ messages: [StoredChatMessage]) async throws -> [ChatPost] {
        guard !messages.isEmpty else { return [] }
        let rooms = Array(Set(messages.map(\.room)))
        return try await transaction { connection in
            try await connection.query(
                """
                SELECT pg_advisory_xact_lock(key)
                FROM (SELECT DISTINCT hashtext(room) AS key FROM unnest(\(rooms)::text[]) AS room) AS keys
                ORDER BY key
                """,
                logger: logger)
            var posts: [ChatPost] = []
            for message in messages {
                posts.append(try await Self.post(message, on: connection, logger: logger))
            }
            return posts
        }
    }

    /// Stores `message` as the next in its room, or returns the author's earlier one with its client id; the
    /// caller holds the room's lock.
    private static func post(
        _ message: StoredChatMessage, on connection: PostgresConnection, logger: Logger
    ) async throws -> ChatPost {
        if let earlier = try await chatMessage(
            connection, in: message.room, author: message.author, clientID: message.clientID, logger: logger)
        {
            return (earlier, false)
        }
        let rows = try await connection.query(
            """
            INSERT INTO chat_messages (room, sequence, author_id, text, client_id, posted_ms)
            SELECT \(message.room), COALESCE(MAX(sequence), 0) + 1, \(Int64(message.author.rawValue)),
                   \(message.text), \(message.clientID), \(message.postedAt.milliseconds)
            FROM chat_messages WHERE room = \(message.room)
            RETURNING id, sequence
            """,
            logger: logger)
        for try await (id, sequence) in rows.decode((Int64, Int64).self) {
            var stored = message
            stored.id = UInt64(id)
            stored.sequence = UInt64(sequence)
            return (stored, true)
        }
        throw StoreError.corrupt("INSERT INTO chat_messages returned no row")
    }

    /// The message `author` posted in `room` with `clientID`.
    public func chatMessage(in room: String, author: AccountID, clientID: String) async throws -> StoredChatMessage? {
        try await withClient { client in
            try await client.withConnection { connection in
                try await Self.chatMessage(connection, in: room, author: author, clientID: clientID, logger: logger)
            }
        }
    }

    private static func chatMessage(
        _ connection: PostgresConnection, in room: String, author: AccountID, clientID: String, logger: Logger
    ) async throws -> StoredChatMessage? {
        let rows = try await connection.query(
            """
            SELECT id, room, sequence, author_id, text, client_id, posted_ms, deleted_ms, deleted_by FROM chat_messages
            WHERE room = \(room) AND author_id = \(Int64(author.rawValue)) AND client_id = \(clientID)
            """,
            logger: logger)
        return try await messages(rows).first
    }

    /// A room's messages before `before`, newest first.
    public func chatMessages(in room: String, before: UInt64?, limit: Int) async throws -> [StoredChatMessage] {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT id, room, sequence, author_id, text, client_id, posted_ms, deleted_ms, deleted_by
                FROM chat_messages
                WHERE room = \(room) AND sequence < \(Int64(clamping: before ?? UInt64(Int64.max)))
                ORDER BY sequence DESC LIMIT \(Int64(max(0, limit)))
                """,
                logger: logger)
            return try await Self.messages(rows)
        }
    }

    /// Messages from rows of `id, room, sequence, author_id, text, client_id, posted_ms, deleted_ms, deleted_by`.
    static func messages(_ rows: PostgresRowSequence) async throws -> [StoredChatMessage] {
        var messages: [StoredChatMessage] = []
        for try await (id, room, sequence, author, text, client, posted, deleted, deletedBy) in rows.decode(
            (Int64, String, Int64, Int64, String, String, Int64, Int64?, Int64?).self)
        {
            messages.append(
                StoredChatMessage(
                    id: UInt64(id), room: room, sequence: UInt64(sequence), author: AccountID(UInt64(author)),
                    text: text, clientID: client, postedAt: Timestamp(milliseconds: posted),
                    deletedAt: deleted.map(Timestamp.init(milliseconds:)),
                    deletedBy: deletedBy.map { AccountID(UInt64($0)) }))
        }
        return messages
    }
}
