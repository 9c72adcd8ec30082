public import Foundation

/// Why a message is reported.
public enum ChatReportReason: String, Sendable, CaseIterable, Codable {
    case spam, scam, abuse
    case offTopic = "off_topic"
    case other
}

/// A report of a chat message, as the room's moderators see it.
public struct ChatReport: Hashable, Sendable, Decodable {
    /// The server's id for it.
    public var id: Int64
    /// The reported message.
    public var messageID: Int64
    /// Its room.
    public var room: String
    /// Who reported it (a username), shown to admins only: a seller who knew could take it out on them.
    public var reporter: String?
    /// Why.
    public var reason: ChatReportReason
    /// The reporter's words, possibly empty.
    public var comment: String
    /// When.
    public var at: Date

    /// Reads the server's report, `at` from epoch milliseconds.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: WireKey.self)
        id = try c.value("report_id")
        messageID = try c.value("message_id")
        room = try c.value("room")
        reporter = try c.decodeIfPresent(String.self, forKey: WireKey("reporter"))
        reason = ChatReportReason(rawValue: try c.value("reason")) ?? .other
        comment = try c.value("comment")
        at = AuctionTime.date(try c.value("at"))
    }
}

/// A mute (may read, not write) or ban (may not join either) of a user, on one item's rooms or house-wide.
public struct ChatSanction: Hashable, Sendable, Decodable {
    /// A mute or a ban.
    public enum Kind: String, Sendable, Codable {
        case mute, ban
    }

    /// `item:{id}`, or `house` for every room.
    public var scope: String
    /// Who (a username).
    public var user: String
    /// A mute or a ban.
    public var kind: Kind
    /// When it ends; nil for good.
    public var until: Date?
    /// The moderator's words, possibly empty.
    public var reason: String

    /// Reads the server's sanction, `until` from epoch milliseconds.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: WireKey.self)
        scope = try c.value("scope")
        user = try c.value("user")
        kind = try c.value("kind")
        until = try c.decodeIfPresent(Int64.self, forKey: WireKey("until")).map(AuctionTime.date)
        reason = try c.value("reason")
    }
}

/// A room's rules: slow mode, links, blocked words.
public struct ChatRoomRules: Hashable, Sendable, Decodable {
    /// The room, or `*` for the house.
    public var room: String
    /// Seconds a member waits between two messages; 0 for none (the seller and admins never wait).
    public var slowModeSeconds: Int
    /// Whether messages may hold links.
    public var linksAllowed: Bool
    /// Words no message may hold (lower case).
    public var blockedWords: [String]

    private enum CodingKeys: String, CodingKey {
        case room
        case slowModeSeconds = "slow_mode_seconds"
        case linksAllowed = "links_allowed"
        case blockedWords = "blocked_words"
    }
}

extension AuctionClient {
    /// Deletes message `messageID` of `room`: one's own, or any as the room's moderator (the item's seller
    /// in its public thread, an admin anywhere). Deleting it again is not an error.
    public func deleteChatMessage(room: String, messageID: Int64) async throws {
        let _: Empty = try await send("DELETE", "/rooms/\(room)/messages/\(messageID)")
    }

    /// Reports message `messageID` of `room` to its moderators; once per message (a second report returns
    /// the first).
    @discardableResult
    public func reportChatMessage(
        room: String, messageID: Int64, reason: ChatReportReason, comment: String = ""
    ) async throws -> ChatReport {
        try await send(
            "POST", "/rooms/\(room)/reports",
            object: ["message_id": messageID, "reason": reason.rawValue, "comment": comment])
    }

    /// Reports the caller may see, newest first: of `room` (its moderators), or of every room they moderate.
    public func chatReports(room: String? = nil, limit: Int = 50) async throws -> [ChatReport] {
        struct Page: Decodable { var reports: [ChatReport] }
        let path = room.map { "/rooms/\($0)/reports" } ?? "/chat/reports"
        let page: Page = try await send("GET", path, query: [URLQueryItem(name: "limit", value: String(limit))])
        return page.reports
    }

    /// Mutes or bans `user` on `room`'s item (its seller or an admin) or, with `houseWide`, everywhere (an
    /// admin); for `minutes`, or for good if nil.
    @discardableResult
    public func sanction(
        _ kind: ChatSanction.Kind, user: String, room: String, minutes: Int? = nil, reason: String = "",
        houseWide: Bool = false
    ) async throws -> ChatSanction {
        var body: [String: any Sendable] = ["user": user, "reason": reason, "house": houseWide]
        if let minutes { body["minutes"] = minutes }
        return try await send("POST", "/rooms/\(room)/\(kind == .mute ? "mutes" : "bans")", object: body)
    }

    /// Lifts `user`'s mute or ban on `room`'s item (or house-wide); false if there was none.
    public func liftSanction(
        _ kind: ChatSanction.Kind, user: String, room: String, houseWide: Bool = false
    )
        async throws -> Bool
    {
        struct Lifted: Decodable { var lifted: Bool }
        let answer: Lifted = try await send(
            "DELETE", "/rooms/\(room)/\(kind == .mute ? "mutes" : "bans")/\(user)",
            query: houseWide ? [URLQueryItem(name: "house", value: "true")] : [])
        return answer.lifted
    }

    /// The mutes and bans in force on `room`'s item and the house (its seller and admins).
    public func chatSanctions(room: String) async throws -> [ChatSanction] {
        struct List: Decodable { var sanctions: [ChatSanction] }
        let list: List = try await send("GET", "/rooms/\(room)/sanctions")
        return list.sanctions
    }

    /// The rules of `room` (`*`: the house's, admins only).
    public func chatRules(room: String) async throws -> ChatRoomRules {
        try await send("GET", room == "*" ? "/chat/rules" : "/rooms/\(room)/rules")
    }

    /// Changes `room`'s rules (the seller of an item's public thread, or an admin); what is nil stays.
    @discardableResult
    public func setChatRules(
        room: String, slowModeSeconds: Int? = nil, linksAllowed: Bool? = nil, blockedWords: [String]? = nil
    ) async throws -> ChatRoomRules {
        var body: [String: any Sendable] = [:]
        if let slowModeSeconds { body["slow_mode_seconds"] = slowModeSeconds }
        if let linksAllowed { body["links_allowed"] = linksAllowed }
        if let blockedWords { body["blocked_words"] = blockedWords }
        return try await send("PUT", room == "*" ? "/chat/rules" : "/rooms/\(room)/rules", object: body)
    }

    /// Blocks `user`: their messages reach the caller no more (history shows them hidden), and they cannot
    /// write to the caller in a private room.
    public func block(user: String) async throws {
        let _: Empty = try await send("POST", "/me/blocks", json: ["user": user])
    }

    /// Unblocks `user`.
    public func unblock(user: String) async throws {
        let _: Empty = try await send("DELETE", "/me/blocks/\(user)")
    }

    /// Whom the caller blocks.
    public func blockedUsers() async throws -> [String] {
        struct List: Decodable { var blocks: [String] }
        let list: List = try await send("GET", "/me/blocks")
        return list.blocks
    }

    /// Sends `object` as a JSON body (numbers, booleans and arrays, not only strings).
    func send<Response: Decodable>(
        _ method: String, _ path: String, query: [URLQueryItem] = [], object: [String: any Sendable]
    ) async throws
        -> Response
    {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return try await send(method, path, query: query, body: ("application/json", data))
    }
}
