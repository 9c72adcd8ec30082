public import Foundation

/// A message in an auction chat room: an item's public thread (`item:{id}`) or a buyer's private room with
/// the seller (`dm:{id}:{buyer}`).
public struct ChatMessage: Hashable, Sendable, Identifiable, Decodable {
    /// The server's id for it, unique across rooms.
    public var id: Int64
    /// The room it is in.
    public var room: String
    /// Its number in the room, 1, 2, …: what history pages and resumes by.
    public var seq: Int64
    /// Who wrote it (a username).
    public var from: String
    /// Whether the item's seller wrote it, so an app can mark the answers.
    public var fromSeller: Bool
    /// The words (line breaks as `\n`).
    public var text: String
    /// When the server stored it.
    public var at: Date
    /// Whether its author or a moderator deleted it: it keeps its place, with no text.
    public var deleted: Bool
    /// Whether this user blocked its author: it keeps its place, with no text.
    public var hidden: Bool

    /// A message as the server sends it.
    public init(
        id: Int64, room: String, seq: Int64, from: String, fromSeller: Bool, text: String, at: Date,
        deleted: Bool = false, hidden: Bool = false
    ) {
        self.id = id
        self.room = room
        self.seq = seq
        self.from = from
        self.fromSeller = fromSeller
        self.text = text
        self.at = at
        self.deleted = deleted
        self.hidden = hidden
    }

    /// Reads the server's message, `at` from epoch milliseconds.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: WireKey.self)
        id = try c.value("message_id")
        room = try c.value("room")
        seq = try c.value("seq")
        from = try c.value("from")
        fromSeller = try c.value("from_seller")
        text = try c.value("text")
        at = AuctionTime.date(try c.value("at"))
        deleted = try c.decodeIfPresent(Bool.self, forKey: WireKey("deleted")) ?? false
        hidden = try c.decodeIfPresent(Bool.self, forKey: WireKey("hidden")) ?? false
    }
}

/// A page of a room's history, newest first.
public struct ChatPage: Hashable, Sendable, Decodable {
    /// The room.
    public var room: String
    /// Its messages, newest first.
    public var messages: [ChatMessage]
    /// The `before` that reads the next (older) page; nil at the room's first message.
    public var nextBefore: Int64?

    private enum CodingKeys: String, CodingKey {
        case room, messages
        case nextBefore = "next_before"
    }
}

/// A posted message and whether this call posted it (false: the same client message id was posted before,
/// and this is that message).
public struct PostedChatMessage: Hashable, Sendable, Decodable {
    /// The message as stored.
    public var message: ChatMessage
    /// Whether this call stored it.
    public var posted: Bool

    /// Reads the server's answer: the message's fields and `posted`.
    public init(from decoder: any Decoder) throws {
        message = try ChatMessage(from: decoder)
        posted = try decoder.container(keyedBy: WireKey.self).value("posted")
    }
}

extension AuctionClient {
    /// A page of `room`'s messages before the message numbered `before` (the newest if nil), newest first
    /// (`GET /rooms/{room}/messages`). An item's public thread reads without signing in.
    public func chatMessages(room: String, before: Int64? = nil, limit: Int = 50) async throws -> ChatPage {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let before { query.append(URLQueryItem(name: "before", value: String(before))) }
        return try await send("GET", "/rooms/\(room)/messages", query: query)
    }

    /// Posts `text` in `room` (`POST /rooms/{room}/messages`). `clientID` makes a retry safe: the same id
    /// again returns the message it posted, and posts nothing. Keep it for the same words until one call
    /// answers.
    public func postChatMessage(
        room: String, text: String, clientID: String = UUID().uuidString
    ) async throws
        -> PostedChatMessage
    {
        try await send("POST", "/rooms/\(room)/messages", json: ["text": text, "client_msg_id": clientID])
    }
}
