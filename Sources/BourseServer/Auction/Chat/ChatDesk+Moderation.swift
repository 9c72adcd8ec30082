import BourseCore
import BourseStore
import BourseWire
import Foundation

// Chat moderation (issue #19): who moderates a room, and deleting, muting, banning, room rules, reports
// and blocks. The rules themselves are pure (`ChatRules`); this is where they meet the store and the socket.
//
// Who may do what:
// - a message's author deletes it, anywhere;
// - an item's seller moderates its public thread (deletes, sets its rules, sees its reports) and mutes or
//   bans on all the item's rooms; a private room's messages are deleted and its reports seen by admins only,
//   since the seller is a party to it;
// - an admin (`bourse user admin NAME`) does all of that in every room, sets the house's words, and mutes or
//   bans house-wide.
extension ChatDesk {
    /// The longest slow mode, in seconds.
    static let maximumSlowModeSeconds = 3_600
    /// The longest timed sanction, in minutes (a year); without `minutes` a sanction holds for good.
    static let maximumSanctionMinutes = 525_600
    /// The reasons a report may give.
    static let reportReasons = ["spam", "scam", "abuse", "off_topic", "other"]
    /// The longest reason text of a sanction or comment of a report, in characters.
    static let maximumNoteCharacters = 500
    /// The room whose rules hold the house's words.
    static let houseRoom = "*"

    /// What `user` is to `room` of `item`.
    struct Role {
        var admin: Bool
        var seller: Bool
        /// Deletes others' messages, sets the room's rules, sees its reports.
        var moderatesRoom: Bool
    }

    func role(of user: AuctionUser, in room: ChatRoom, of item: AuctionItem) async throws -> Role {
        let admin = try await controller.store.isAdmin(user.account.id)
        let seller = user.account.id == item.terms.seller
        return Role(admin: admin, seller: seller, moderatesRoom: admin || (seller && room.buyer == nil))
    }

    // MARK: - Posting's checks

    /// Checks `text` from `user` against their sanctions, the private room's blocks and the room's and house's
    /// rules (counting it for slow mode if it may go); returns who blocks `user`, to leave out of delivery.
    func admit(
        _ text: String, in room: ChatRoom, of item: AuctionItem, by user: AuctionUser
    ) async throws
        -> Set<AccountID>
    {
        let store = controller.store
        let role = try await role(of: user, in: room, of: item)
        let sanctions = try await store.chatSanctions(
            scopes: role.seller ? [0] : [0, item.id.rawValue], account: user.account.id)
        let rules = try await store.chatRoomRules(room.name)
        let house = try await store.chatRoomRules(Self.houseRoom)
        let now = controller.clock()
        let blockers = Set(try await store.chatBlockers(of: user.account.id))
        if let buyer = room.buyer {
            let other = role.seller ? try await store.account(named: buyer)?.id : item.terms.seller
            if let other, blockers.contains(other) {
                throw AuctionError(
                    status: .forbidden, name: "blocked",
                    message: "This person has blocked you; you cannot write to them.")
            }
        }
        let refusal = feed.admit(user.account.id, in: room.name, at: now, counts: (rules?.slowModeSeconds ?? 0) > 0) {
            last in
            ChatRules.refusal(
                of: text,
                by: ChatRules.Poster(moderates: role.admin || role.seller, sanctions: sanctions, lastPostedAt: last),
                rules: rules, house: house, at: now)
        }
        if let refusal { throw Self.error(refusal) }
        return blockers
    }

    /// Whom `user` (nil: not signed in) blocks, whose messages a history for them hides; throws if they are
    /// banned from `item`'s rooms or the house (they may not join its rooms on the socket).
    func hidden(for user: AuctionUser?, joining room: ChatRoom, of item: AuctionItem) async throws -> Set<AccountID> {
        guard let user else { return [] }
        let store = controller.store
        let scopes: [UInt64] = user.account.id == item.terms.seller ? [0] : [0, item.id.rawValue]
        let bans = try await store.chatSanctions(scopes: scopes, account: user.account.id)
            .filter { $0.kind == .ban && $0.isActive(at: controller.clock()) }
        if let ban = ChatRules.latest(bans) { throw Self.error(.banned(until: ban.until)) }
        return try await hidden(for: user)
    }

    /// For a typing indicator or read receipt of `user` in `room`: whether it goes out (a muted or banned
    /// member does not type), and who blocks `user` (it does not reach them).
    func ephemeral(
        from user: AuctionUser, in room: ChatRoom, typing: Bool
    ) async throws
        -> (goes: Bool, except: Set<AccountID>)
    {
        let store = controller.store
        let item = try await readable(room, by: user)
        if typing {
            let scopes: [UInt64] = user.account.id == item.terms.seller ? [0] : [0, item.id.rawValue]
            let now = controller.clock()
            let sanctions = try await store.chatSanctions(scopes: scopes, account: user.account.id)
            if sanctions.contains(where: { $0.isActive(at: now) }) { return (false, []) }
        }
        return (true, Set(try await store.chatBlockers(of: user.account.id)))
    }

    /// Whom `user` (nil: not signed in) blocks: a history for them hides those messages' text.
    func hidden(for user: AuctionUser?) async throws -> Set<AccountID> {
        guard let user else { return [] }
        return Set(try await controller.store.chatBlocks(of: user.account.id))
    }

    /// The contract's error for a refusal.
    static func error(_ refusal: ChatRules.Refusal) -> AuctionError {
        func until(_ time: Timestamp?) -> String {
            time.map {
                " until \(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double($0.milliseconds) / 1_000)))"
            }
                ?? ""
        }
        switch refusal {
        case .banned(let time):
            return AuctionError(
                status: .forbidden, name: "banned", message: "You are banned from this chat\(until(time)).", until: time
            )
        case .muted(let time):
            return AuctionError(
                status: .forbidden, name: "muted", message: "You are muted here\(until(time)).", until: time)
        case .slowMode(let wait):
            let seconds = Int((wait + 999) / 1_000)
            return AuctionError(
                status: .tooManyRequests, name: "slow_mode",
                message: "This room is in slow mode: you may write again in \(seconds) s.", retryAfter: seconds)
        case .link:
            return AuctionError(
                status: .badRequest, name: "links_not_allowed",
                message: "Links are not allowed in this room; keep the deal here.")
        case .blockedWord(let word):
            return AuctionError(
                status: .badRequest, name: "blocked_word", message: "The message holds a blocked word (\(word)).")
        }
    }

    // MARK: - Deleting

    /// Deletes message `id` of `room` as `user` (its author, or a moderator of the room) and tells the room's
    /// members (`chat.deleted`), once.
    func delete(_ id: UInt64, in room: ChatRoom, by user: AuctionUser) async throws -> StoredChatMessage {
        let item = try await readable(room, by: user)
        let store = controller.store
        guard let message = try await store.chatMessage(id: id), message.room == room.name else {
            throw AuctionError(status: .notFound, name: "not_found", message: "No message \(id) in \(room.name).")
        }
        if message.author != user.account.id {
            guard try await role(of: user, in: room, of: item).moderatesRoom else {
                throw Self.forbidden("Only its author or the room's moderators delete a message.")
            }
        }
        let feed = controller.feed
        let now = controller.clock()
        return try await feed.chatPosts.run {
            guard let deleted = try await store.deleteChatMessage(id: id, by: user.account.id, at: now) else {
                throw AuctionError(status: .notFound, name: "not_found", message: "No message \(id) in \(room.name).")
            }
            if message.deletedAt == nil && deleted.deletedBy == user.account.id && deleted.deletedAt == now {
                var writer = JSONWriter()
                writer.beginObject()
                writer.key("type")
                writer.string("chat.deleted")
                writer.key("room")
                writer.string(room.name)
                writer.key("message_id")
                writer.integer(Int64(deleted.id))
                writer.key("seq")
                writer.integer(Int64(deleted.sequence))
                writer.endObject()
                feed.deliver(toRoom: room.name, writer.bytes)
            }
            return deleted
        }
    }

    // MARK: - Mutes and bans

    /// Mutes or bans `name` as `user`: on `room`'s item (its seller or an admin), or the whole house
    /// (`house`, admins only); for `minutes` or for good. Tells the sanctioned user's connections
    /// (`chat.sanctioned`), and a ban takes them out of the rooms it covers.
    func sanction(
        _ kind: ChatSanction.Kind, _ name: String, in room: ChatRoom, by user: AuctionUser, minutes: Int?,
        reason: String, house: Bool
    ) async throws -> ChatSanction {
        let (item, scope) = try await sanctionScope(room, user, house: house)
        let target = try await account(named: name)
        guard target.id != user.account.id else {
            throw AuctionError.invalidParameter("You cannot \(kind.rawValue) yourself.")
        }
        guard house || target.id != item.terms.seller else {
            throw AuctionError.invalidParameter(
                "The seller cannot be sanctioned on their own item; an admin can house-wide.")
        }
        guard try await !controller.store.isAdmin(target.id) else {
            throw Self.forbidden("Admins are not muted or banned; take their admin role first.")
        }
        if let minutes, !(1...Self.maximumSanctionMinutes).contains(minutes) {
            throw AuctionError.invalidParameter(
                "minutes must be 1 to \(Self.maximumSanctionMinutes), or left out for good.")
        }
        let now = controller.clock()
        let sanction = ChatSanction(
            scope: scope, account: target.id, kind: kind,
            until: minutes.map { Timestamp(milliseconds: now.milliseconds + Int64($0) * 60_000) },
            setBy: user.account.id,
            reason: try Self.note(reason, "reason"), setAt: now)
        try await controller.store.saveChatSanction(sanction)
        if kind == .ban {
            feed.leaveRooms(of: target.id) { name in
                guard let joined = ChatRoom(name) else { return false }
                return scope == 0 || joined.item.rawValue == scope
            }
        }
        feed.send(to: target.id, try await sanctionEvent(sanction, lifted: false))
        return sanction
    }

    /// Lifts `name`'s sanction of `kind` on `room`'s item or the house; false if there was none.
    func lift(
        _ kind: ChatSanction.Kind, _ name: String, in room: ChatRoom, by user: AuctionUser, house: Bool
    )
        async throws -> Bool
    {
        let (_, scope) = try await sanctionScope(room, user, house: house)
        let target = try await account(named: name)
        guard try await controller.store.removeChatSanction(scope: scope, account: target.id, kind: kind) else {
            return false
        }
        let lifted = ChatSanction(
            scope: scope, account: target.id, kind: kind, until: nil, setBy: user.account.id, reason: "",
            setAt: controller.clock())
        feed.send(to: target.id, try await sanctionEvent(lifted, lifted: true))
        return true
    }

    /// The sanctions in force on `room`'s item and the house: all of them for its seller and admins, a
    /// member's own for anyone else (so an app shows "muted until …" before they type).
    func sanctions(in room: ChatRoom, by user: AuctionUser) async throws -> [ChatSanction] {
        let item = try await readable(room, by: user)
        let role = try await role(of: user, in: room, of: item)
        let moderates = role.seller || role.admin
        let now = controller.clock()
        return try await controller.store.chatSanctions(
            scopes: [0, room.item.rawValue], account: moderates ? nil : user.account.id
        ).filter { $0.isActive(at: now) }
    }

    /// The item and the scope a sanction of `user` on `room` covers, if `user` may set it.
    private func sanctionScope(
        _ room: ChatRoom, _ user: AuctionUser, house: Bool
    ) async throws
        -> (AuctionItem, UInt64)
    {
        let item = try await readable(room, by: user)
        let role = try await role(of: user, in: room, of: item)
        if house {
            guard role.admin else { throw Self.forbidden("Only admins mute or ban house-wide.") }
            return (item, 0)
        }
        guard role.admin || role.seller else { throw Self.forbidden("Only the item's seller or an admin does that.") }
        return (item, item.id.rawValue)
    }

    private func sanctionEvent(_ sanction: ChatSanction, lifted: Bool) async throws -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string("chat.sanctioned")
        ChatJSON.fields(of: sanction, user: try await controller.catalog.name(of: sanction.account), into: &writer)
        writer.key("lifted")
        writer.bool(lifted)
        writer.endObject()
        return writer.bytes
    }

    // MARK: - Rules

    /// The rules in force in `room` (the defaults if none were set).
    func rules(of room: String) async throws -> ChatRoomRules {
        try await controller.store.chatRoomRules(room)
            ?? ChatRoomRules(room: room, setBy: AccountID(0), setAt: Timestamp(milliseconds: 0))
    }

    /// Sets `room`'s rules as `user` (a moderator of the room; the house's, `*`, admins only), keeping what
    /// is not given, and tells the room (`chat.rules`).
    func setRules(
        of roomName: String, by user: AuctionUser, slowModeSeconds: Int?, linksAllowed: Bool?, blockedWords: [String]?
    ) async throws -> ChatRoomRules {
        if roomName == Self.houseRoom {
            guard try await controller.store.isAdmin(user.account.id) else {
                throw Self.forbidden("Only admins set the house's rules.")
            }
        } else {
            guard let room = ChatRoom(roomName) else {
                throw AuctionError.invalidParameter("A room is item:{id} or dm:{id}:{buyer}.")
            }
            let item = try await readable(room, by: user)
            guard try await role(of: user, in: room, of: item).moderatesRoom else {
                throw Self.forbidden("Only the item's seller (of its public thread) or an admin sets a room's rules.")
            }
        }
        var rules = try await rules(of: roomName)
        if let slowModeSeconds {
            guard (0...Self.maximumSlowModeSeconds).contains(slowModeSeconds) else {
                throw AuctionError.invalidParameter("slow_mode_seconds must be 0 to \(Self.maximumSlowModeSeconds).")
            }
            rules.slowModeSeconds = slowModeSeconds
        }
        if let linksAllowed { rules.linksAllowed = linksAllowed }
        if let blockedWords {
            guard let words = ChatRules.checkedWords(blockedWords) else {
                throw AuctionError.invalidParameter(
                    "blocked_words is at most 200 words of 1–40 characters, without spaces or control characters.")
            }
            rules.blockedWords = words
        }
        rules.setBy = user.account.id
        rules.setAt = controller.clock()
        try await controller.store.saveChatRoomRules(rules)
        if roomName != Self.houseRoom {
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("type")
            writer.string("chat.rules")
            ChatJSON.fields(of: rules, into: &writer)
            writer.endObject()
            feed.deliver(toRoom: roomName, writer.bytes)
        }
        return rules
    }

    // MARK: - Reports

    /// Reports message `id` of `room` as `user` for `reason`, once; `saved` false if they had already.
    func report(
        _ id: UInt64, in room: ChatRoom, by user: AuctionUser, reason: String, comment: String
    ) async throws
        -> (report: ChatReport, saved: Bool)
    {
        _ = try await readable(room, by: user)
        guard let message = try await controller.store.chatMessage(id: id), message.room == room.name else {
            throw AuctionError(status: .notFound, name: "not_found", message: "No message \(id) in \(room.name).")
        }
        guard message.author != user.account.id else {
            throw AuctionError.invalidParameter("You cannot report your own message; delete it instead.")
        }
        guard Self.reportReasons.contains(reason) else {
            throw AuctionError.invalidParameter("reason must be one of \(Self.reportReasons.joined(separator: ", ")).")
        }
        return try await controller.store.saveChatReport(
            ChatReport(
                id: 0, messageID: id, room: room.name, reporter: user.account.id, reason: reason,
                comment: try Self.note(comment, "comment"), reportedAt: controller.clock()))
    }

    /// Reports `user` may see, newest first: of `room` if given (its moderators), else of every room they
    /// moderate (an admin: all; a seller: their items' public threads).
    func reports(in room: ChatRoom?, by user: AuctionUser, limit: Int) async throws -> [ChatReport] {
        guard (1...Self.maximumPage).contains(limit) else {
            throw AuctionError.invalidParameter("limit must be 1 to \(Self.maximumPage).")
        }
        let store = controller.store
        if let room {
            let item = try await readable(room, by: user)
            guard try await role(of: user, in: room, of: item).moderatesRoom else {
                throw Self.forbidden("Only the room's moderators see its reports.")
            }
            return try await store.chatReports(rooms: [room.name], limit: limit)
        }
        if try await store.isAdmin(user.account.id) { return try await store.chatReports(rooms: nil, limit: limit) }
        let rooms = controller.exchange.withState { state in
            state.exchange.auctions.items.values.filter { $0.terms.seller == user.account.id }.map {
                "item:\($0.id.rawValue)"
            }
        }
        return try await store.chatReports(rooms: rooms, limit: limit)
    }

    // MARK: - Blocks

    /// Makes `user` block `name` (or no longer): their messages reach `user` no more (in history their
    /// text is hidden) and they cannot write to `user` in a private room. False if nothing changed.
    func block(_ name: String, by user: AuctionUser, _ blocking: Bool) async throws -> Bool {
        let target = try await account(named: name)
        guard target.id != user.account.id else { throw AuctionError.invalidParameter("You cannot block yourself.") }
        return try await controller.store.setChatBlock(blocker: user.account.id, blocked: target.id, blocking)
    }

    /// The names of those `user` blocks.
    func blocks(of user: AuctionUser) async throws -> [String] {
        var names: [String] = []
        for id in try await controller.store.chatBlocks(of: user.account.id) {
            names.append(try await controller.catalog.name(of: id))
        }
        return names
    }

    // MARK: - Helpers

    private func account(named name: String) async throws -> AccountRecord {
        guard AccountRecord.isValidName(name), let account = try await controller.store.account(named: name) else {
            throw AuctionError(status: .notFound, name: "not_found", message: "No user is named \(name).")
        }
        return account
    }

    /// `text` trimmed, if it is a short note: at most ``maximumNoteCharacters`` with no control characters
    /// but line breaks.
    static func note(_ text: String, _ key: String) throws -> String {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count <= maximumNoteCharacters,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" })
        else {
            throw AuctionError.invalidParameter(
                "\(key) is at most \(maximumNoteCharacters) characters, with no control characters.")
        }
        return text
    }
}

extension ChatJSON {
    /// A sanction's `scope` (`item:{id}` or `house`), `user`, `kind`, `until` (epoch milliseconds or null),
    /// `reason`.
    static func fields(of sanction: ChatSanction, user: String, into writer: inout JSONWriter) {
        writer.key("scope")
        writer.string(sanction.scope == 0 ? "house" : "item:\(sanction.scope)")
        writer.key("user")
        writer.string(user)
        writer.key("kind")
        writer.string(sanction.kind.rawValue)
        writer.key("until")
        if let until = sanction.until { writer.integer(until.milliseconds) } else { writer.null() }
        writer.key("reason")
        writer.string(sanction.reason)
    }

    /// A room's `room`, `slow_mode_seconds`, `links_allowed`, `blocked_words`.
    static func fields(of rules: ChatRoomRules, into writer: inout JSONWriter) {
        writer.key("room")
        writer.string(rules.room)
        writer.key("slow_mode_seconds")
        writer.integer(Int64(rules.slowModeSeconds))
        writer.key("links_allowed")
        writer.bool(rules.linksAllowed)
        writer.key("blocked_words")
        writer.beginArray()
        for word in rules.blockedWords { writer.string(word) }
        writer.endArray()
    }

    /// A report's `report_id`, `message_id`, `room`, `reporter`, `reason`, `comment`, `at`.
    static func fields(of report: ChatReport, reporter: String, into writer: inout JSONWriter) {
        writer.key("report_id")
        writer.integer(Int64(report.id))
        writer.key("message_id")
        writer.integer(Int64(report.messageID))
        writer.key("room")
        writer.string(report.room)
        writer.key("reporter")
        writer.string(reporter)
        writer.key("reason")
        writer.string(report.reason)
        writer.key("comment")
        writer.string(report.comment)
        writer.key("at")
        writer.integer(report.reportedAt.milliseconds)
    }
}
