import Foundation

/// A frame the auction socket sends, sorted by what the stream does with it: a reply goes to the request
/// with its `id`, an event to the readers.
enum AuctionStreamFrame: Sendable {
    /// The answer to request `id`: its `type` (`subscribed`, `bid.accepted`, `pong`, …) and the whole frame,
    /// for the request to decode what it expects.
    case reply(id: Int, type: String, body: Data)
    /// The refusal of request `id`, or of no request (`id` is `nil`: the transport's rate limit, or a
    /// message the server could not read).
    case refusal(id: Int?, AuctionClientError)
    /// An event of an item.
    case event(AuctionStream.Event)
    /// A chat message in a room the connection joined.
    case chat(ChatMessage)
    /// A message of a joined room was deleted (`chat.deleted`).
    case chatDeleted(room: String, messageID: Int64, seq: Int64)
    /// A new entry of the user's inbox, or their marking some read.
    case notification(NotificationUpdate)
    /// The inbox resumed after a sign-in: `last` is the newest entry's id (where the next resume starts).
    case inboxResumed(last: Int64)
    /// Someone in a joined room read it up to a message (`chat.read`).
    case chatRead(ChatReadReceipt)
    /// A frame this SDK does not read: an event type of a newer server, or a reply to an id it never sent.
    case other(type: String?)

    /// Decodes one frame's JSON.
    static func decode(_ bytes: Data) throws -> AuctionStreamFrame {
        let head = try JSONDecoder().decode(Head.self, from: bytes)
        if let error = head.error {
            return .refusal(
                id: head.id, .named(error.name, message: error.message, status: 0, retryAfter: nil))
        }
        guard let type = head.type else { return .other(type: nil) }
        // Replies carry the request's `id`; of the events, only the `item` snapshot has an `id`: the item's.
        if head.hasID, type != "item" {
            guard let id = head.id else { return .other(type: type) }
            return .reply(id: id, type: type, body: bytes)
        }
        if type == "chat.message" { return .chat(try JSONDecoder().decode(ChatMessage.self, from: bytes)) }
        if type == "notification" {
            let pushed = try JSONDecoder().decode(PushedNotification.self, from: bytes)
            return .notification(.added(pushed.notification, unread: pushed.unread))
        }
        if type == "chat.read" {
            return .chatRead(try JSONDecoder().decode(ChatReadReceipt.self, from: bytes))
        }
        if type == "notifications.resumed" {
            struct Resumed: Decodable { var last: Int64 }
            return .inboxResumed(last: try JSONDecoder().decode(Resumed.self, from: bytes).last)
        }
        if type == "notifications.read" {
            return .notification(
                .read(unread: try JSONDecoder().decode(PushedNotification.Count.self, from: bytes).unread))
        }
        if type == "chat.deleted" {
            let deleted = try JSONDecoder().decode(ChatDeleted.self, from: bytes)
            return .chatDeleted(room: deleted.room ?? "", messageID: deleted.messageID, seq: deleted.seq)
        }
        let event = try JSONDecoder().decode(EventFrame.self, from: bytes).event
        return event.map { .event($0) } ?? .other(type: type)
    }

    /// The server's clock in the frame, for ``ServerClock``: an event's, or a `pong`'s.
    var serverTime: Date? {
        switch self {
        case .event(let event): event.serverTime
        case .reply(_, "pong", let body): (try? JSONDecoder().decode(Pong.self, from: body))?.serverTime
        default: nil
        }
    }

    /// A `notification` event: the entry's fields, and the user's unread count with it.
    private struct PushedNotification: Decodable {
        struct Count: Decodable { var unread: Int }
        var notification: AuctionNotification
        var unread: Int

        init(from decoder: any Decoder) throws {
            notification = try AuctionNotification(from: decoder)
            unread = try Count(from: decoder).unread
        }
    }

    /// What every frame has: `type`, and an `id` (replies only) or an `error` (refusals).
    private struct Head: Decodable {
        struct Failure: Decodable {
            var name: String
            var message: String?
        }
        var type: String?
        /// Whether the frame has an `id` at all: a reply, even to an id that is not ours.
        var hasID: Bool
        /// The id, when it is one of ours (the SDK numbers its requests).
        var id: Int?
        var error: Failure?

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: WireKey.self)
            type = try c.optionalValue("type")
            hasID = c.contains(WireKey("id"))
            id = try? c.optionalValue("id", as: Int.self)
            error = try c.optionalValue("error")
        }
    }

    /// An event frame: its type, then the fields that type has.
    private struct EventFrame: Decodable {
        var event: AuctionStream.Event?

        init(from decoder: any Decoder) throws {
            let type: String = try decoder.container(keyedBy: WireKey.self).value("type")
            event = try AuctionStream.Event(type: type, from: decoder)
        }
    }

    /// A `chat.joined` reply: the room and its messages after the `since` sent, oldest first.
    struct ChatJoined: Decodable {
        var room: String
        var messages: [ChatMessage]
        var gap: Bool
        /// With `since`: the messages up to it deleted while the client was away.
        var deleted: [ChatDeleted]?
        /// How far the room's readers have read (no `room` in each: it is this one).
        var read: [ChatReadReceipt]?
    }

    /// A `subscribed` reply: the ids of the items the connection follows now.
    struct Subscribed: Decodable {
        var items: [Int64]
    }

    /// A `pong` reply.
    struct Pong: Decodable {
        var serverTime: Date

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: WireKey.self)
            serverTime = AuctionTime.date(try c.value("server_time"))
        }
    }

    /// A `chat.deleted` event, or an entry of a join's `deleted` (no `room`).
    struct ChatDeleted: Decodable {
        var room: String?
        var messageID: Int64
        var seq: Int64

        private enum CodingKeys: String, CodingKey {
            case room, seq
            case messageID = "message_id"
        }
    }
}
