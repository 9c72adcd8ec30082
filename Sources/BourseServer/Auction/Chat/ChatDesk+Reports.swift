import BourseCore
import BourseStore
import Foundation

extension ChatDesk {
    /// Reports message `id` of `room` as `user` for `reason`, once; `saved` false if they had already.
    func report(
        _ id: UInt64, in room: ChatRoom, by user: AuctionUser, reason: String, comment: String
    ) async throws -> (report: ChatReport, saved: Bool) {
        _ = try await readable(room, by: user)
        guard let message = try await controller.store.chatMessage(id: id), message.room == room.name else {
            throw Self.noMessage(id, in: room)
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

    /// Reports `user` may see, newest first, and whether they may see who reported (admins only: a seller
    /// who knew could take it out on the reporter): of `room` if given (its moderators), else of every room
    /// they moderate (an admin: all; a seller: their items' public threads).
    func reports(
        in room: ChatRoom?, by user: AuctionUser, limit: Int
    ) async throws -> (reports: [ChatReport], reporters: Bool) {
        guard (1...Self.maximumPage).contains(limit) else {
            throw AuctionError.invalidParameter("limit must be 1 to \(Self.maximumPage).")
        }
        let store = controller.store
        if let room {
            let item = try await readable(room, by: user)
            let role = try await role(of: user, in: room, of: item)
            guard role.moderatesRoom else { throw Self.forbidden("Only the room's moderators see its reports.") }
            return (try await store.chatReports(rooms: [room.name], limit: limit), role.admin)
        }
        if try await store.isAdmin(user.account.id) {
            return (try await store.chatReports(rooms: nil, limit: limit), true)
        }
        let rooms = controller.exchange.withState { state in
            state.exchange.auctions.items.values.filter { $0.terms.seller == user.account.id }.map {
                "item:\($0.id.rawValue)"
            }
        }
        return (try await store.chatReports(rooms: rooms, limit: limit), false)
    }

    /// Makes `user` block `name` (or no longer): their messages, typing and read receipts reach `user` no
    /// more (in history their text is hidden) and they cannot write to `user` in a private room. False if
    /// nothing changed.
    func block(_ name: String, by user: AuctionUser, _ blocking: Bool) async throws -> Bool {
        let target = try await account(named: name)
        guard target.id != user.account.id else { throw AuctionError.invalidParameter("You cannot block yourself.") }
        return try await controller.store.setChatBlock(blocker: user.account.id, blocked: target.id, blocking)
    }

    /// The names of those `user` blocks.
    func blocks(of user: AuctionUser) async throws -> [String] {
        let blocked = try await controller.store.chatBlocks(of: user.account.id)
        let names = try await names(of: blocked)
        return blocked.compactMap { names[$0] }
    }

    func account(named name: String) async throws -> AccountRecord {
        guard AccountRecord.isValidName(name), let account = try await controller.store.account(named: name) else {
            throw AuctionError(status: .notFound, name: "not_found", message: "No user is named \(name).")
        }
        return account
    }

    /// `text` trimmed, if it is a short note: at most ``maximumNoteCharacters``, and nothing ``UserText``
    /// refuses but line breaks (a sanction's reason is shown to the sanctioned).
    static func note(_ text: String, _ key: String) throws -> String {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count <= maximumNoteCharacters else {
            throw AuctionError.invalidParameter("\(key) is at most \(maximumNoteCharacters) characters.")
        }
        if let problem = UserText.problem(in: text, key, lineBreaks: true) {
            throw AuctionError.invalidParameter(problem)
        }
        return text
    }
}
