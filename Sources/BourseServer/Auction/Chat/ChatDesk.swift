import BourseCore
import BourseStore
import BourseWire
import Foundation

/// Chat's rules (auction-api.md §4), shared by the REST routes and the socket: who may read and write which
/// room, what a message may hold, how often one may post; posting stores, then delivers to the room.
///
/// An item's public thread is read by anyone and written by anyone signed in; a private room
/// (`dm:{item}:{buyer}`) is the seller's and that buyer's only (admins read it to moderate), and the buyer
/// may write first only after bidding on the item (the seller may open it at any time). Messages are stored
/// before they are acknowledged or delivered (ADR 0014), in the order they are numbered (``ChatQueue``, which
/// stores the posts that queue together in one transaction), so members see a room in its order.
struct ChatDesk: Sendable {
    let controller: AuctionController

    /// The longest message, in characters (and four times that in UTF-8 bytes).
    static let maximumCharacters = 1_000
    /// How many messages one account may post in ``rateWindowMilliseconds``.
    static let rateLimit = 5
    static let rateWindowMilliseconds: Int64 = 10_000
    /// Posts waiting to be stored, server-wide, past which the next is refused (a stalled store).
    static let maximumWaiting = 1_000
    /// A page of history: its default and greatest length.
    static let defaultPage = 50
    static let maximumPage = 200

    var feed: AuctionFeed { controller.feed }

    // MARK: - Access

    /// The item of `room`, if `user` (nil: not signed in) may read it.
    func readable(_ room: ChatRoom, by user: AuctionUser?) async throws -> AuctionItem {
        let item = try item(of: room)
        guard let buyer = room.buyer else { return item }
        guard let user else { throw AuctionError.unauthorized }
        let party = user.account.id == item.terms.seller || user.account.name == buyer
        guard try await party ? true : controller.store.isAdmin(user.account.id) else {
            throw Self.forbidden("This room is the seller's and \(buyer)'s only.")
        }
        return item
    }

    /// The item of `room`, if `user` may write in it.
    func writable(_ room: ChatRoom, by user: AuctionUser) async throws -> AuctionItem {
        let item = try await readable(room, by: user)
        guard let buyer = room.buyer else { return item }
        if user.account.id == item.terms.seller {
            guard buyer != user.account.name else {
                throw AuctionError.invalidParameter("A private room is between the seller and a buyer, not yourself.")
            }
            guard try await controller.store.account(named: buyer) != nil else {
                throw AuctionError(status: .notFound, name: "not_found", message: "No user is named \(buyer).")
            }
            return item
        }
        guard user.account.name == buyer else {
            throw Self.forbidden(
                "Admins read private rooms to moderate them; only the seller and \(buyer) write there.")
        }
        let bid = try await controller.store.auctionBids(of: item.id).contains { $0.bidder == user.account.id }
        let opened = try await !controller.store.chatMessages(in: room.name, before: nil, limit: 1).isEmpty
        guard bid || opened else {
            throw Self.forbidden(
                "You may write to the seller here once you have bid on the item, or the seller has written to you; "
                    + "ask in the item's public thread (item:\(item.id.rawValue)) meanwhile.")
        }
        return item
    }

    func item(of room: ChatRoom) throws -> AuctionItem {
        guard let item = controller.exchange.withState({ $0.exchange.auctions.item(room.item) }) else {
            throw AuctionError(status: .notFound, name: "not_found", message: "No such item.")
        }
        return item
    }

    static func forbidden(_ message: String) -> AuctionError {
        AuctionError(status: .forbidden, name: "forbidden", message: message)
    }

    // MARK: - Posting

    /// Stores `text` from `user` in `room` and delivers it to the room's members; with `clientID` already
    /// used by `user` in the room, the message it posted then, not posted again (`posted` false), and not
    /// counted against the rate: a resend after a reconnect always gets its answer.
    func post(
        _ text: String, in room: ChatRoom, by user: AuctionUser, clientID: String?
    ) async throws -> (message: StoredChatMessage, posted: Bool, fromSeller: Bool) {
        let item = try await writable(room, by: user)
        let text = try Self.checked(text)
        let clientID = try clientID.map(Self.checkedClientID) ?? UUID().uuidString
        if let earlier = try await controller.store.chatMessage(
            in: room.name, author: user.account.id, clientID: clientID)
        {
            return (earlier, false, user.account.id == item.terms.seller)
        }
        // Sanctions and the text's rules first: a muted member retrying is told so, not rate-limited.
        let admission = try await admit(text, in: room, of: item, by: user)
        let blockers = admission.blockers
        if let wait = feed.chatWait(
            of: user.account.id, at: controller.clock(), limit: Self.rateLimit, window: Self.rateWindowMilliseconds)
        {
            let seconds = (wait + 999) / 1_000
            throw AuctionError(
                status: .tooManyRequests, name: "too_many_requests",
                message: "At most \(Self.rateLimit) messages in \(Self.rateWindowMilliseconds / 1_000) seconds; "
                    + "wait \(seconds) s.",
                retryAfter: Int(seconds))
        }
        try admitPastSlowMode(admission, of: user, in: room)
        let clock = controller.clock
        let feed = feed
        let draft = StoredChatMessage(
            id: 0, room: room.name, sequence: 0, author: user.account.id, text: text, clientID: clientID,
            postedAt: clock())
        let from = user.account.name
        let fromSeller = user.account.id == item.terms.seller
        let admitted = feed.chatWaiting.withLock { waiting in
            guard waiting < Self.maximumWaiting else { return false }
            waiting += 1
            return true
        }
        guard admitted else {
            throw AuctionError(
                status: .tooManyRequests, name: "too_many_requests", message: "Chat is busy; send again in a moment.",
                retryAfter: 1)
        }
        defer { feed.chatWaiting.withLock { $0 -= 1 } }
        let result = try await feed.chatQueue.post(draft) { stored in
            feed.deliver(
                toRoom: room.name, ChatJSON.event(stored.message, from: from, fromSeller: fromSeller),
                exceptAccounts: blockers)
        }
        if result.posted {
            // Not awaited: the post is answered now, whatever its inbox entries need to read first.
            // Who was in the room when it was delivered, taken now: the inbox is for the others.
            let present = feed.accountsInRoom(room.name)
            let desk = self
            Task {
                try? await desk.notifyAbout(
                    result.message, in: room, of: item, from: user, except: blockers.union(present))
            }
        }
        return (result.message, result.posted, fromSeller)
    }

    /// `text` with surrounding white space removed and line breaks as `\n`, if it is a message: 1 to
    /// ``maximumCharacters`` characters, and nothing ``UserText`` refuses.
    static func checked(_ text: String) throws -> String {
        let trimmed = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw AuctionError.invalidParameter("text is empty: write something.") }
        guard trimmed.count <= maximumCharacters, trimmed.utf8.count <= maximumCharacters * 4 else {
            throw AuctionError.invalidParameter("A message is at most \(maximumCharacters) characters.")
        }
        if let problem = UserText.problem(in: trimmed, "A message", lineBreaks: true) {
            throw AuctionError.invalidParameter(problem)
        }
        return trimmed
    }

    /// `text`, if it is a client message id: 1–64 visible ASCII characters.
    static func checkedClientID(_ text: String) throws -> String {
        guard (1...64).contains(text.utf8.count), text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw AuctionError.invalidParameter("client_msg_id must be 1–64 visible ASCII characters (a UUID, say).")
        }
        return text
    }

    // MARK: - Reading

    /// Up to `limit` (``defaultPage`` if nil) of `room`'s messages before sequence `before`, newest first.
    func history(_ room: ChatRoom, before: UInt64?, limit: Int?) async throws -> [StoredChatMessage] {
        let limit = limit ?? Self.defaultPage
        guard (1...Self.maximumPage).contains(limit) else {
            throw AuctionError.invalidParameter("limit must be 1 to \(Self.maximumPage).")
        }
        return try await controller.store.chatMessages(in: room.name, before: before, limit: limit)
    }

    /// Writes `messages` as a JSON array, in the order given; the text of those by `hiding` (whom the reader
    /// blocked) is left out, as a deleted message's is.
    func write(
        _ messages: [StoredChatMessage], of item: AuctionItem, hiding: Set<AccountID> = [],
        into writer: inout JSONWriter
    ) async throws {
        let names = try await names(of: messages.map(\.author))
        writer.beginArray()
        for message in messages {
            writer.beginObject()
            ChatJSON.fields(
                of: message, from: names[message.author] ?? "", fromSeller: message.author == item.terms.seller,
                hidden: hiding.contains(message.author), into: &writer)
            writer.endObject()
        }
        writer.endArray()
    }
}

/// Chat's JSON: a message's fields, and the socket's `chat.message` event.
enum ChatJSON {
    /// `room`, `message_id`, `seq`, `from`, `from_seller`, `text`, `at` (epoch milliseconds); `deleted` true
    /// and an empty text once it is deleted, `hidden` true and an empty text if the reader blocked its
    /// author.
    static func fields(
        of message: StoredChatMessage, from: String, fromSeller: Bool, hidden: Bool = false,
        into writer: inout JSONWriter
    ) {
        writer.key("room")
        writer.string(message.room)
        writer.key("message_id")
        writer.integer(Int64(message.id))
        writer.key("seq")
        writer.integer(Int64(message.sequence))
        writer.key("from")
        writer.string(from)
        writer.key("from_seller")
        writer.bool(fromSeller)
        writer.key("text")
        writer.string(message.deletedAt != nil || hidden ? "" : message.text)
        writer.key("at")
        writer.integer(message.postedAt.milliseconds)
        if message.deletedAt != nil {
            writer.key("deleted")
            writer.bool(true)
        }
        if hidden {
            writer.key("hidden")
            writer.bool(true)
        }
    }

    /// `{"type":"chat.message",…}`, encoded once for every member of the room.
    static func event(_ message: StoredChatMessage, from: String, fromSeller: Bool) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string("chat.message")
        fields(of: message, from: from, fromSeller: fromSeller, into: &writer)
        writer.endObject()
        return writer.bytes
    }
}
