import Foundation

/// A request on the auction socket (auction-api.md §3): `id`, `type`, and the fields of that type.
struct AuctionStreamRequest: Encodable, Sendable {
    var id: Int
    var type: String
    var token: String?
    var pages: Int?
    var items: [Int64]?
    /// Per item (its id as a string, as JSON keys are), the last `seq` the client has.
    var since: [String: Int64]?
    var item: Int64?
    /// The bid's maximum as the server reads money: whole won in a decimal string.
    var max: String?
    /// A chat room, a message's words (`text` on the wire) and its client id, and the last `seq` of the room
    /// a join resumes from (`since` on the wire).
    var room: String?
    var words: String?
    var clientMessageID: String?
    var chatSince: Int64?
    /// The message a `chat.delete` names.
    var messageID: Int64?
    /// Where an `auth` resumes the inbox: after this notification id, or (nil id) from the latest.
    var notificationsSince: InboxSince?

    /// An `auth`'s `notifications_since`.
    enum InboxSince: Sendable, Equatable {
        /// The entries after this id are sent first.
        case after(Int64)
        /// Nothing is sent; the answer says the newest id.
        case latest
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, token, pages, items, since, item, max, room
        case words = "text"
        case clientMessageID = "client_msg_id"
        case messageID = "message_id"
        case notificationsSince = "notifications_since"
    }

    /// `since` is the item map for a subscription and the room's number for a join: one key, two shapes.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(type, forKey: .type)
        try c.encodeIfPresent(token, forKey: .token)
        try c.encodeIfPresent(pages, forKey: .pages)
        try c.encodeIfPresent(items, forKey: .items)
        try c.encodeIfPresent(since, forKey: .since)
        try c.encodeIfPresent(chatSince, forKey: .since)
        try c.encodeIfPresent(item, forKey: .item)
        try c.encodeIfPresent(max, forKey: .max)
        try c.encodeIfPresent(room, forKey: .room)
        try c.encodeIfPresent(words, forKey: .words)
        try c.encodeIfPresent(clientMessageID, forKey: .clientMessageID)
        try c.encodeIfPresent(messageID, forKey: .messageID)
        switch notificationsSince {
        case .after(let id): try c.encode(id, forKey: .notificationsSince)
        case .latest: try c.encode("latest", forKey: .notificationsSince)
        case nil: break
        }
    }

    init(id: Int, type: String) {
        self.id = id
        self.type = type
    }

    /// A subscription to `interest`, resuming from `since` for the items in it.
    init(id: Int, subscribing interest: AuctionStream.Interest, since: [Int64: Int64] = [:]) {
        self.init(id: id, type: "subscribe")
        switch interest {
        case .pages(let count): pages = count
        case .items(let ids): items = ids
        }
        if !since.isEmpty { self.since = Dictionary(uniqueKeysWithValues: since.map { (String($0.key), $0.value) }) }
    }

    /// The request as a text frame: JSON with its keys sorted, so equal requests are equal text.
    func text() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and integers cannot fail.
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

extension AuctionStream {
    /// What the stream follows: each subscription replaces it, and every reconnect subscribes to it again.
    enum Interest: Hashable, Sendable {
        /// The items of the first N pages of the default list.
        case pages(Int)
        /// These items.
        case items([Int64])
    }
}
