import BourseCore
import BourseStore
import BourseWire

extension ChatDesk {
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
                    "blocked_words is at most 200 words of 1–40 characters, without spaces, control or invisible "
                        + "characters.")
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
}
