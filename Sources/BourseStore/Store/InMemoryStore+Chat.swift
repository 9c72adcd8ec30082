public import BourseCore

extension InMemoryStore {
    /// Stores chat messages, in order, each as the next in its room, or returns the author's earlier one with
    /// its client id.
    public func postChatMessages(_ messages: [StoredChatMessage]) async throws -> [ChatPost] {
        try write { contents in
            messages.map { message in
                if let earlier = contents.chat.first(where: {
                    $0.room == message.room && $0.author == message.author && $0.clientID == message.clientID
                }) {
                    return (earlier, false)
                }
                var stored = message
                stored.id = UInt64(contents.chat.count + 1)
                stored.sequence = (contents.chat.last { $0.room == message.room }?.sequence ?? 0) + 1
                contents.chat.append(stored)
                return (stored, true)
            }
        }
    }

    /// The message `author` posted in `room` with `clientID`.
    public func chatMessage(in room: String, author: AccountID, clientID: String) async throws -> StoredChatMessage? {
        try read { contents in
            contents.chat.first { $0.room == room && $0.author == author && $0.clientID == clientID }
        }
    }

    /// A room's messages before `before`, newest first.
    public func chatMessages(in room: String, before: UInt64?, limit: Int) async throws -> [StoredChatMessage] {
        try read { contents in
            Array(
                contents.chat.reversed().lazy.filter { $0.room == room && $0.sequence < (before ?? .max) }
                    .prefix(max(0, limit)))
        }
    }
}
