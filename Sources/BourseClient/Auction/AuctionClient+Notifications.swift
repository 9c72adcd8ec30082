public import Foundation

/// One entry of the signed-in user's inbox: something that happened to them (outbid, won, sold, a message
/// in their private room, …), kept after they read it.
public struct AuctionNotification: Hashable, Sendable, Decodable {
    /// The server's id for it: what ``AuctionClient/markNotificationsRead(ids:)`` takes.
    public var id: Int64
    /// What happened: `outbid`, `won`, `lost`, `sold`, `unsold`, `reserve_met`, `extended`, `ending_soon`,
    /// `chat`, `fill` (an exchange order filled), or a kind a newer server adds.
    public var kind: String
    /// The item it is about, if any.
    public var item: Int64?
    /// The chat room it is about (`chat`), to open.
    public var room: String?
    /// The server's sentence for it, in English.
    public var text: String
    /// The same sentence in Korean (nil from a server before it wrote one, or for an entry stored then).
    public var koreanText: String?
    /// When it happened.
    public var at: Date
    /// Whether it was marked read.
    public var read: Bool

    /// Reads the server's notification, `at` from epoch milliseconds.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: WireKey.self)
        id = try c.value("notification_id")
        kind = try c.value("kind")
        item = try c.decodeIfPresent(Int64.self, forKey: WireKey("item"))
        room = try c.decodeIfPresent(String.self, forKey: WireKey("room"))
        text = try c.value("text")
        koreanText = try c.decodeIfPresent(String.self, forKey: WireKey("text_ko"))
        at = AuctionTime.date(try c.value("at"))
        read = try c.value("read")
    }
}

/// A page of the inbox, newest first.
public struct NotificationPage: Hashable, Sendable, Decodable {
    /// The entries.
    public var notifications: [AuctionNotification]
    /// How many of the user's notifications are unread (all of them, not only this page's).
    public var unread: Int
    /// What to pass as `before` for the next page; nil on the last.
    public var nextBefore: Int64?

    private enum CodingKeys: String, CodingKey {
        case notifications, unread
        case nextBefore = "next_before"
    }
}

extension AuctionClient {
    /// A page of the signed-in user's inbox, newest first: entries before id `before` (the newest if nil),
    /// only unread ones if `unreadOnly`, at most `limit` (1–200).
    public func notifications(
        unreadOnly: Bool = false, before: Int64? = nil, limit: Int = 50
    ) async throws
        -> NotificationPage
    {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if unreadOnly { query.append(URLQueryItem(name: "unread", value: "true")) }
        if let before { query.append(URLQueryItem(name: "before", value: String(before))) }
        return try await send("GET", "/me/notifications", query: query)
    }

    /// Marks the notifications `ids` read; returns how many stay unread. The user's sockets hear the count.
    @discardableResult
    public func markNotificationsRead(ids: [Int64]) async throws -> Int {
        try await markRead(["ids": ids])
    }

    /// Marks every notification up to id `through` read (all of them if nil); returns how many stay unread.
    @discardableResult
    public func markNotificationsRead(through: Int64? = nil) async throws -> Int {
        try await markRead(through.map { ["through": $0] } ?? [:])
    }

    private func markRead(_ body: [String: any Sendable]) async throws -> Int {
        struct Unread: Decodable { var unread: Int }
        let answer: Unread = try await send("POST", "/me/notifications/read", object: body)
        return answer.unread
    }
}
