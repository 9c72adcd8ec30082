import BourseCore
import BourseStore
import BourseWire

// Chat on the auction socket (auction-api.md §4): join and leave rooms, send, typing and read receipts.
extension AuctionStreamRoutes {
    /// The most rooms one connection may join.
    static let maximumRooms = 50
    /// Messages a join replays after its `since`, at most; past that the reply says `gap`.
    static let replayedMessages = 200

    func chat(_ message: JSONValue, id: JSONValue, on connection: StreamConnection, session: Session) async throws {
        let desk = ChatDesk(controller: controller)
        guard let name = message["room"]?.stringValue, let room = ChatRoom(name) else {
            throw AuctionError.invalidParameter("room must be item:{id} or dm:{id}:{buyer}.")
        }
        switch message["type"]?.stringValue {
        case "chat.join":
            try await join(room, message, id: id, on: connection, session: session, desk: desk)
        case "chat.delete":
            let user = try signedIn(session)
            let messageID = try Self.positive("message_id", in: message)
            let deleted = try await desk.delete(UInt64(messageID), in: room, by: user)
            reply(id, "chat.deleted", on: connection) { writer in
                ChatJSON.deletionFields(of: deleted, into: &writer)
            }
        case "chat.leave":
            auctions.leave(connection, room: room.name)
            reply(id, "ok", on: connection) { _ in }
        case "chat.send":
            let user = try signedIn(session)
            guard let text = message["text"]?.stringValue else {
                throw AuctionError.invalidParameter("text is missing: the message, as a string.")
            }
            if let value = message["client_msg_id"], value.stringValue == nil {
                throw AuctionError.invalidParameter("client_msg_id must be a string.")
            }
            let clientID = message["client_msg_id"]?.stringValue
            // Not awaited, like a bid: the connection's next request is read while this one is stored.
            Task {
                do {
                    let (sent, posted, _) = try await desk.post(text, in: room, by: user, clientID: clientID)
                    reply(id, "chat.sent", on: connection) { writer in
                        writer.key("room")
                        writer.string(room.name)
                        writer.key("message_id")
                        writer.integer(Int64(sent.id))
                        writer.key("seq")
                        writer.integer(Int64(sent.sequence))
                        writer.key("posted")
                        writer.bool(posted)
                    }
                } catch {
                    reply(id, on: connection, error: error)
                }
            }
        default:
            // chat.typing and chat.read: ephemeral, to the room's other members but those who blocked the
            // sender, from a member only; a muted member does not type.
            let user = try signedIn(session)
            guard auctions.hasJoined(connection, room: room.name) else {
                throw AuctionError.invalidParameter("Join \(room.name) first (chat.join).")
            }
            let read = message["type"]?.stringValue == "chat.read"
            let messageID = try read ? Self.positive("message_id", in: message) : nil
            let now = controller.clock()
            if let messageID {
                guard let marked = try await controller.store.chatMessage(id: UInt64(messageID)),
                    marked.room == room.name
                else { throw AuctionError.invalidParameter("message_id is not a message of \(room.name).") }
                // In a private room, the two parties' receipts are kept (only moving forward), so the one who
                // comes back learns what the other read. Nobody else's (an admin reading is not the other side
                // reading), and none in a public thread: who reads a seller's answers is nobody's business.
                if let buyer = room.buyer {
                    let item = try desk.item(of: room)
                    guard user.account.id == item.terms.seller || user.account.name == buyer else {
                        return reply(id, "ok", on: connection) { _ in }
                    }
                    let receipt = ChatReceipt(room: room.name, account: user.account.id, messageID: marked.id, at: now)
                    guard try await controller.store.saveChatReceipt(receipt) else {
                        return reply(id, "ok", on: connection) { _ in }
                    }
                }
            }
            if read || auctions.mayType(connection, at: now),
                case let (goes, blockers) = try await desk.ephemeral(from: user, in: room, typing: !read), goes
            {
                var writer = JSONWriter()
                writer.beginObject()
                writer.key("type")
                writer.string(read ? "chat.read" : "chat.typing")
                writer.key("room")
                writer.string(room.name)
                writer.key("from")
                writer.string(user.account.name)
                if let messageID {
                    writer.key("message_id")
                    writer.integer(messageID)
                    writer.key("at")
                    writer.integer(now.milliseconds)
                }
                writer.endObject()
                auctions.deliver(toRoom: room.name, writer.bytes, except: connection, exceptAccounts: blockers)
            }
            reply(id, "ok", on: connection) { _ in }
        }
    }

    /// Joins `room` and replies `chat.joined` with its latest messages, or with `since` those after that
    /// sequence (resuming after a reconnect; `gap` if more were missed than are replayed) and `deleted`, the
    /// deleted messages up to `since` (of the latest ``replayedMessages``), for the client to blank.
    ///
    /// In the chat queue, between posts: every message stored before is in the reply, every one after is
    /// delivered after it, none twice.
    private func join(
        _ room: ChatRoom, _ message: JSONValue, id: JSONValue, on connection: StreamConnection, session: Session,
        desk: ChatDesk
    ) async throws {
        let item = try await desk.readable(room, by: session.user)
        let hiding = try await desk.hidden(for: session.user)
        let since = try message["since"] == nil ? nil : Self.positive("since", in: message, allowingZero: true)
        guard auctions.hasJoined(connection, room: room.name) || auctions.roomCount(of: connection) < Self.maximumRooms
        else {
            throw AuctionError.invalidParameter("At most \(Self.maximumRooms) rooms on one connection; leave one.")
        }
        let auctions = auctions
        let store = controller.store
        // Read, joined and answered in one job of the chat queue: the reply is on the connection before
        // any later message of the room, so a client never sees a live message ahead of the replay.
        try await auctions.chatQueue.run {
            // Checked here, between posts and sanctions' effects: a ban set while this join waited keeps
            // the user out, as it takes out those who had joined.
            try await desk.refuseIfBanned(session.user, in: item)
            let messages = try await store.chatMessages(
                in: room.name, before: nil, limit: since == nil ? ChatDesk.defaultPage : Self.replayedMessages)
            let missed = messages.filter { $0.sequence > UInt64(since ?? 0) }
            // Deletions of messages the client had (it resumes after them): those of the replayed window.
            let deleted = messages.filter { $0.sequence <= UInt64(since ?? 0) && $0.deletedAt != nil }.reversed()
            let gap = since.map { since in
                missed.count == messages.count && (missed.last?.sequence ?? 1) > UInt64(since) + 1
            }
            var writer = JSONWriter()
            try await desk.write(missed.reversed(), of: item, hiding: hiding, into: &writer)
            let list = writer.bytes
            let receipts = try await room.buyer == nil ? Array("[]".utf8) : Self.receipts(in: room.name, store: store)
            auctions.join(connection, room: room.name)
            reply(id, "chat.joined", on: connection) { writer in
                writer.key("room")
                writer.string(room.name)
                writer.key("seq")
                writer.integer(Int64(messages.first?.sequence ?? 0))
                writer.key("gap")
                writer.bool(gap ?? false)
                writer.key("messages")
                writer.raw(list)
                writer.key("read")
                writer.raw(receipts)
                if since != nil {
                    writer.key("deleted")
                    writer.beginArray()
                    for message in deleted {
                        writer.beginObject()
                        writer.key("message_id")
                        writer.integer(Int64(message.id))
                        writer.key("seq")
                        writer.integer(Int64(message.sequence))
                        writer.endObject()
                    }
                    writer.endArray()
                }
            }
        }
    }

    /// The whole number `key` of `message`, 1 up to Int64's maximum (0 too if `allowingZero`).
    private static func positive(_ key: String, in message: JSONValue, allowingZero: Bool = false) throws -> Int64 {
        guard let text = message[key]?.numberText ?? message[key]?.stringValue, let value = Int64(text),
            value >= (allowingZero ? 0 : 1)
        else { throw AuctionError.invalidParameter("\(key) must be a message's number.") }
        return value
    }

    /// The most receipts a join lists (a busy public thread has many readers; a private room has two).
    static let listedReceipts = 50

    /// `[{"user","message_id","at"}, …]`: how far a private room's two parties have read, the furthest first.
    static func receipts(in room: String, store: any Store) async throws -> [UInt8] {
        let receipts = try await store.chatReceipts(in: room).sorted { $0.messageID > $1.messageID }
            .prefix(listedReceipts)
        var writer = JSONWriter()
        writer.beginArray()
        for receipt in receipts {
            guard let reader = try await store.account(id: receipt.account) else { continue }
            writer.beginObject()
            writer.key("user")
            writer.string(reader.name)
            writer.key("message_id")
            writer.integer(Int64(receipt.messageID))
            writer.key("at")
            writer.integer(receipt.at.milliseconds)
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }
}
