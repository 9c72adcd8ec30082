import BourseCore
import BourseStore
import BourseWire
import Foundation

// Chat moderation (issue #19): who moderates a room, and what posting, joining and typing are checked
// against. The rules themselves are pure (`ChatRules` in the core); this is where they meet the store, the
// clock and the socket. Deleting, sanctions, rules, reports and blocks are in the files beside this one.
//
// Who may do what:
// - a message's author deletes it, anywhere;
// - an item's seller moderates its public thread (deletes, sets its rules, sees its reports, without the
//   reporters' names) and mutes or bans on all the item's rooms, but does not lift or shorten an admin's;
// - an admin (`bourse user admin NAME`) does all of that in every room, reads (never writes in) private
//   rooms, sets the house's words, and mutes or bans house-wide. A private room's messages are deleted
//   and its reports seen by admins only, since the seller is a party to it.
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

    /// What a user is to a room, which decides what they may do in it.
    struct Role {
        var admin: Bool
        var seller: Bool
        /// Deletes others' messages, sets the room's rules, sees its reports, posts links where they are off
        /// and is never slowed: an admin, or the seller in the item's public thread (in a private room the
        /// seller is a party, held to the rules an admin set there).
        var moderatesRoom: Bool
    }

    func role(of user: AuctionUser, in room: ChatRoom, of item: AuctionItem) async throws -> Role {
        let admin = try await controller.store.isAdmin(user.account.id)
        let seller = user.account.id == item.terms.seller
        return Role(admin: admin, seller: seller, moderatesRoom: admin || (seller && room.buyer == nil))
    }

    /// The sanction scopes that hold `account` in `item`'s rooms: the house's, and the item's unless they
    /// sell it (a seller is not sanctioned on their own item).
    static func scopes(of account: AccountID, in item: AuctionItem) -> [UInt64] {
        account == item.terms.seller ? [0] : [0, item.id.rawValue]
    }

    // MARK: - Posting's checks

    /// What ``admit(_:in:of:by:)`` learnt, for slow mode and delivery.
    struct Admission {
        /// Who blocks the poster, to leave out of delivery.
        var blockers: Set<AccountID>
        var rules: ChatRoomRules?
        var moderates: Bool
    }

    /// Checks `text` from `user` against their sanctions, the private room's blocks and the room's and
    /// house's rules; slow mode is ``admitPastSlowMode(_:of:in:)``, after the rate limit, since it counts.
    func admit(
        _ text: String, in room: ChatRoom, of item: AuctionItem, by user: AuctionUser
    ) async throws -> Admission {
        let store = controller.store
        let role = try await role(of: user, in: room, of: item)
        let sanctions = try await store.chatSanctions(
            scopes: Self.scopes(of: user.account.id, in: item), account: user.account.id)
        let rules = try await store.chatRoomRules(room.name)
        let house = try await store.chatRoomRules(Self.houseRoom)
        let now = controller.clock()
        if let refusal = ChatRules.refusal(
            of: text, moderates: role.moderatesRoom, sanctions: sanctions, rules: rules, house: house, at: now)
        {
            throw Self.error(refusal)
        }
        let blockers = Set(try await store.chatBlockers(of: user.account.id))
        if let buyer = room.buyer {
            let other = role.seller ? try await store.account(named: buyer)?.id : item.terms.seller
            if let other, blockers.contains(other) {
                throw AuctionError(
                    status: .forbidden, name: "blocked",
                    message: "This person has blocked you; you cannot write to them.")
            }
        }
        return Admission(blockers: blockers, rules: rules, moderates: role.moderatesRoom)
    }

    /// Refuses a post in slow mode if `user` posted in `room` too recently; counts it otherwise.
    func admitPastSlowMode(_ admission: Admission, of user: AuctionUser, in room: ChatRoom) throws {
        let now = controller.clock()
        let counts = (admission.rules?.slowModeSeconds ?? 0) > 0
        if let refusal = feed.admit(
            user.account.id, in: room.name, at: now, counts: counts,
            { last in
                ChatRules.slowModeWait(
                    lastPostedAt: last, rules: admission.rules, moderates: admission.moderates, at: now)
            })
        {
            throw Self.error(refusal)
        }
    }

    /// Throws `banned` if `user` is banned from `item`'s rooms or the house: they may neither join them on
    /// the socket nor read them.
    func refuseIfBanned(_ user: AuctionUser?, in item: AuctionItem) async throws {
        guard let user else { return }
        let now = controller.clock()
        let bans = try await controller.store.chatSanctions(
            scopes: Self.scopes(of: user.account.id, in: item), account: user.account.id
        ).filter { $0.kind == .ban && $0.isActive(at: now) }
        if let ban = ChatRules.longest(bans) { throw Self.error(.banned(until: ban.until)) }
    }

    /// Whom `user` (nil: not signed in) blocks: a history for them hides those messages' text.
    func hidden(for user: AuctionUser?) async throws -> Set<AccountID> {
        guard let user else { return [] }
        return Set(try await controller.store.chatBlocks(of: user.account.id))
    }

    /// For a typing indicator or read receipt of `user` in `room`: whether it goes out (only from a party to
    /// a private room, an admin reading it included; never from a muted or banned member typing), and who
    /// blocks `user` (it does not reach them).
    func ephemeral(
        from user: AuctionUser, in room: ChatRoom, typing: Bool
    ) async throws -> (goes: Bool, except: Set<AccountID>) {
        let store = controller.store
        let item = try await readable(room, by: user)
        if let buyer = room.buyer, user.account.id != item.terms.seller, user.account.name != buyer {
            return (false, [])
        }
        if typing {
            let now = controller.clock()
            let sanctions = try await store.chatSanctions(
                scopes: Self.scopes(of: user.account.id, in: item), account: user.account.id)
            if sanctions.contains(where: { $0.isActive(at: now) }) { return (false, []) }
        }
        return (true, Set(try await store.chatBlockers(of: user.account.id)))
    }

    /// The contract's error for a refusal: `until` and `retry_after` as fields too, so a client counts down
    /// without reading the message. A blocked word is not named: the house's list is the admins' only.
    static func error(_ refusal: ChatRules.Refusal) -> AuctionError {
        func until(_ time: Timestamp?) -> String {
            guard let time else { return "" }
            let date = Date(timeIntervalSince1970: Double(time.milliseconds) / 1_000)
            return " until \(ISO8601DateFormatter().string(from: date))"
        }
        switch refusal {
        case .banned(let time):
            return AuctionError(
                status: .forbidden, name: "banned", message: "You are banned from this chat\(until(time)).",
                until: time)
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
        case .blockedWord:
            return AuctionError(
                status: .badRequest, name: "blocked_word", message: "The message holds a word this chat does not allow."
            )
        }
    }

    /// `404 not_found` for message `id` of `room`.
    static func noMessage(_ id: UInt64, in room: ChatRoom) -> AuctionError {
        AuctionError(status: .notFound, name: "not_found", message: "No message \(id) in \(room.name).")
    }

    /// The usernames of `accounts`, each looked up once.
    func names(of accounts: [AccountID]) async throws -> [AccountID: String] {
        var names: [AccountID: String] = [:]
        for account in accounts where names[account] == nil {
            names[account] = try await controller.catalog.name(of: account)
        }
        return names
    }
}
