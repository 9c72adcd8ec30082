import BourseCore
import BourseStore
import BourseWire

extension ChatDesk {
    /// Mutes or bans `name` as `user`: on `room`'s item (its seller or an admin), or the whole house
    /// (`house`, admins only); for `minutes` or for good. Tells the sanctioned user's connections
    /// (`chat.sanctioned`), and a ban takes them out of the rooms it covers.
    func sanction(
        _ kind: ChatSanction.Kind, _ name: String, in room: ChatRoom, by user: AuctionUser, minutes: Int?,
        reason: String, house: Bool
    ) async throws -> ChatSanction {
        let (item, scope, admin) = try await sanctionScope(room, user, house: house)
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
        try await refuseIfAdmins(kind, of: target.id, in: scope, unless: admin)
        let now = controller.clock()
        let sanction = ChatSanction(
            scope: scope, account: target.id, kind: kind,
            until: minutes.map { Timestamp(milliseconds: now.milliseconds + Int64($0) * 60_000) },
            setBy: user.account.id, reason: try Self.note(reason, "reason"), setAt: now)
        try await controller.store.saveChatSanction(sanction)
        if kind == .ban {
            feed.leaveRooms(of: target.id) { name in
                guard let joined = ChatRoom(name) else { return false }
                return scope == 0 || joined.item.rawValue == scope
            }
        }
        feed.send(to: target.id, sanctionEvent(sanction, user: target.name, lifted: false))
        return sanction
    }

    /// Lifts `name`'s sanction of `kind` on `room`'s item or the house; false if there was none.
    func lift(
        _ kind: ChatSanction.Kind, _ name: String, in room: ChatRoom, by user: AuctionUser, house: Bool
    ) async throws -> Bool {
        let (_, scope, admin) = try await sanctionScope(room, user, house: house)
        let target = try await account(named: name)
        try await refuseIfAdmins(kind, of: target.id, in: scope, unless: admin)
        guard try await controller.store.removeChatSanction(scope: scope, account: target.id, kind: kind) else {
            return false
        }
        let lifted = ChatSanction(
            scope: scope, account: target.id, kind: kind, until: nil, setBy: user.account.id, reason: "",
            setAt: controller.clock())
        feed.send(to: target.id, sanctionEvent(lifted, user: target.name, lifted: true))
        return true
    }

    /// The sanctions in force on `room`'s item: all of them for its seller and admins (and, for admins, the
    /// house's), a member's own for anyone else (so an app shows "muted until …" before they type).
    func sanctions(in room: ChatRoom, by user: AuctionUser) async throws -> [ChatSanction] {
        let item = try await readable(room, by: user)
        let role = try await role(of: user, in: room, of: item)
        let now = controller.clock()
        let scopes: [UInt64] = role.seller && !role.admin ? [item.id.rawValue] : [0, item.id.rawValue]
        return try await controller.store.chatSanctions(
            scopes: scopes, account: role.admin || role.seller ? nil : user.account.id
        ).filter { $0.isActive(at: now) }
    }

    /// The item and the scope a sanction of `user` on `room` covers, if `user` may set it, and whether they
    /// are an admin.
    private func sanctionScope(
        _ room: ChatRoom, _ user: AuctionUser, house: Bool
    ) async throws -> (AuctionItem, UInt64, admin: Bool) {
        let item = try await readable(room, by: user)
        let role = try await role(of: user, in: room, of: item)
        if house {
            guard role.admin else { throw Self.forbidden("Only admins mute or ban house-wide.") }
            return (item, 0, true)
        }
        guard role.admin || role.seller else { throw Self.forbidden("Only the item's seller or an admin does that.") }
        return (item, item.id.rawValue, role.admin)
    }

    /// Refuses a seller's change to a sanction an admin set: a seller may not lift or shorten it.
    private func refuseIfAdmins(
        _ kind: ChatSanction.Kind, of account: AccountID, in scope: UInt64, unless admin: Bool
    ) async throws {
        guard !admin else { return }
        let store = controller.store
        for existing in try await store.chatSanctions(scopes: [scope], account: account) where existing.kind == kind {
            if try await store.isAdmin(existing.setBy) {
                throw Self.forbidden("An admin set this \(kind.rawValue); only an admin changes it.")
            }
        }
    }

    private func sanctionEvent(_ sanction: ChatSanction, user: String, lifted: Bool) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string("chat.sanctioned")
        ChatJSON.fields(of: sanction, user: user, into: &writer)
        writer.key("lifted")
        writer.bool(lifted)
        writer.endObject()
        return writer.bytes
    }
}
