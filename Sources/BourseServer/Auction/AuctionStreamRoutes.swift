import BourseAuth
import BourseCore
import BourseStore
import BourseWire
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// `/auction/v1/stream` (auction-api.md §3): one WebSocket per client, JSON text frames, requests with the
/// client's `id` answered with the same `id`, and the events of the items the client follows.
///
/// The transport is the market streams' (``MarketFeed`` registers the connection for keepalive, idle and
/// shutdown; ``StreamRoutes/serve`` reads with the message-rate limit and closes slow clients); only the
/// protocol is the auction's. Requests are handled in order by a task of the connection, bids also on the
/// event loop when nothing earlier is waiting (``WebSocketFastLane``); a bid or a purchase is queued on the
/// writer at once and answered when durable, so a client may keep many in flight.
struct AuctionStreamRoutes: Sendable {
    let feed: MarketFeed
    let auctions: AuctionFeed
    let controller: AuctionController
    /// Whether the server serves https: then a page of plain http is another origin.
    var secure = false

    /// Requests a connection may have waiting behind the one being handled.
    static let queuedRequests = 64

    /// Who the connection is signed in as.
    struct Session {
        var user: AuctionUser?
    }

    func add(to router: Router<BourseRequestContext>) {
        router.ws("/auction/v1/stream") { inbound, outbound, context in
            context.requestContext.releaseWebSocketHook()
            let connection = feed.connect()
            auctions.open(connection)
            defer {
                auctions.sockets.remove(connection)
                auctions.remove(connection)
                feed.disconnect(connection)
            }
            let lane = AuctionBidLane()
            do {
                try await StreamFrameWriter.install(for: connection, on: context.requestContext.channel)
                try await WebSocketFastLane.attach(
                    to: context.requestContext.channel, handled: lane.handled, take: take(lane, on: connection))
            } catch {
                return
            }
            var session = Session()
            // A session's cookie (from this server's pages) or bearer signs the socket in at the handshake.
            if let token = SessionCheck.socketToken(of: context.request, secure: secure),
                let user = try? await user(for: token)
            {
                session.user = user
                auctions.signIn(connection, as: user.account.id)
                auctions.sockets.add(connection, session: token)
                // A sign-out between the check and the registering closed the sockets it knew: not this one.
                if (try? await self.user(for: token)) == nil { connection.close(.sessionEnded) }
                // Last: the lane may place bids from now on, and the session's end must be able to close this.
                lane.user.withLock { $0 = user }
            }
            // Requests wait here while an earlier one is handled (a subscription reading the store, say;
            // bids do not wait for their commit); past 64 the newest is refused with an answer rather than
            // dropped unanswered.
            let (messages, continuation) = AsyncStream.makeStream(
                of: [UInt8].self, bufferingPolicy: .bufferingOldest(Self.queuedRequests))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { [session] in
                    var session = session
                    for await message in messages {
                        // Closed by the server (a session ended) or left: what is still queued could not be
                        // answered, so it is not done either.
                        if connection.isOpen { await handle(message, on: connection, session: &session) }
                        lane.user.withLock { $0 = session.user }
                        lane.handled.one()
                    }
                }
                defer { continuation.finish() }
                try await StreamRoutes.serve(
                    connection, feed: feed, inbound: inbound, outbound: outbound, context: context,
                    refuse: { bytes in
                        refuse(bytes, on: connection, "Too many messages a second on this connection; slow down.")
                        lane.handled.one()
                    }
                ) { bytes in
                    connection.touch(at: controller.clock())
                    if case .dropped(let refused) = continuation.yield(bytes) {
                        refuse(
                            refused, on: connection,
                            "Too many requests waiting on this connection; wait for the answers.")
                        lane.handled.one()
                    }
                }
                continuation.finish()
                try await group.waitForAll()
            }
        }
    }

    // MARK: - Requests

    private func handle(_ bytes: [UInt8], on connection: StreamConnection, session: inout Session) async {
        guard let message = try? JSONValue(parsing: bytes), message.members != nil else {
            return reply(
                nil, on: connection,
                error: AuctionError.invalidParameter("A message is a JSON object with an id and a type."))
        }
        let id = message["id"]
        guard let id, id.stringValue != nil || id.numberText != nil else {
            return reply(
                nil, on: connection,
                error: AuctionError.invalidParameter("Every message needs an id (a number or a string)."))
        }
        do {
            switch message["type"]?.stringValue {
            case "auth":
                guard let text = message["token"]?.stringValue, let token = SessionToken(text),
                    let user = try await user(for: token)
                else { throw AuctionError.unauthorized }
                let inbox = try Self.inboxResume(message["notifications_since"])
                session.user = user
                // Rooms joined as someone else are not this user's to read.
                auctions.leaveAllRooms(connection)
                // Resuming after an id, the inbox is held from the sign-in until the resume is sent, so no entry
                // comes twice or out of order; from "latest" nothing is replayed, so nothing needs holding.
                var held = false
                if case .after = inbox { held = true }
                let signIn = auctions.signIn(connection, as: user.account.id, holdingInbox: held)
                auctions.sockets.add(connection, session: token)
                // A sign-out between the check and the registering closed the sockets it knew: not this one.
                if try await self.user(for: token) == nil { connection.close(.sessionEnded) }
                reply(id, "authenticated", on: connection) { writer in
                    writer.key("user")
                    AuctionJSON.writeUser(user.account, into: &writer)
                }
                if let inbox { auctions.resumeInbox(connection, of: user.account.id, after: inbox, signIn: signIn) }
            case "ping":
                reply(id, "pong", on: connection) { writer in
                    writer.key("server_time")
                    writer.integer(controller.clock().milliseconds)
                }
            case "subscribe":
                try await subscribe(message, id: id, on: connection)
            case "bid":
                try bid(message, id: id, user: signedIn(session), on: connection)
            case "buy_now":
                let user = try signedIn(session)
                let item = try itemID(message)
                controller.buyNow(item, account: user.account.id) { result in
                    answer(id, "bought", result, on: connection) { ended, writer in
                        writer.key("item")
                        writer.integer(Int64(item.rawValue))
                        writer.key("price")
                        writer.string(AuctionMoney.text(ended.price))
                    }
                }
            case "watch", "unwatch":
                let user = try signedIn(session)
                let item = try itemID(message)
                _ = try await controller.watch(item, user, message["type"]?.stringValue == "watch")
                reply(id, "ok", on: connection) { _ in }
            case "chat.join", "chat.leave", "chat.send", "chat.typing", "chat.read", "chat.delete":
                try await chat(message, id: id, on: connection, session: session)
            default:
                throw AuctionError.invalidParameter(
                    "type must be auth, ping, subscribe, bid, buy_now, watch, unwatch, chat.join, chat.leave, "
                        + "chat.send, chat.typing, chat.read or chat.delete.")
            }
        } catch {
            reply(id, on: connection, error: error)
        }
    }

    /// Queues the bid `message` (`item`, `max`) of `user` on the writer and answers it once durable.
    ///
    /// Not awaited: the next request is read while this one waits for its commit (replies may overtake one
    /// another; the writer applies the bids in the order they came).
    private func bid(_ message: JSONValue, id: JSONValue, user: AuctionUser, on connection: StreamConnection) throws {
        guard let maximum = try AuctionMoney.funds("max", in: message) else {
            throw AuctionError.invalidParameter("max is missing: the most you will pay, in won (\"25000\").")
        }
        let item = try itemID(message)
        controller.placeBid(item, account: user.account.id, maximum: maximum) { result in
            answer(id, "bid.accepted", result, on: connection) { accepted, writer in
                AuctionController.writeFields(of: accepted, maximum: maximum, into: &writer)
            }
        }
    }

    /// What `connection`'s ``WebSocketFastLane`` takes on the event loop: its bids, within the message rate.
    private func take(_ lane: AuctionBidLane, on connection: StreamConnection) -> WebSocketFastLane.Take {
        { bytes in
            // Once the server closed the socket (a session ended, shutdown) the library still reads until the
            // close handshake ends; no bid may be placed then (its answer could not be sent).
            guard connection.isOpen, let (message, id, user) = lane.bid(in: bytes),
                connection.admitMessage(at: feed.clock(), perSecond: feed.options.messagesPerSecond)
            else { return false }
            connection.touch(at: controller.clock())
            auctions.laneBids.add(1, ordering: .relaxed)
            do { try bid(message, id: id, user: user, on: connection) } catch {
                reply(id, on: connection, error: error)
            }
            return true
        }
    }

    /// `pages: N` follows the items of the default list's first N pages; `items: [...]` those items, and
    /// `since: {"<item>": seq}` resumes each from its sequence number. Each subscribe replaces the last.
    private func subscribe(_ message: JSONValue, id: JSONValue, on connection: StreamConnection) async throws {
        try await controller.catalog.load()
        var items: [ItemID]
        if let pages = message["pages"]?.numberText {
            guard let count = Int(pages), (1...20).contains(count) else {
                throw AuctionError.invalidParameter("pages must be 1 to 20.")
            }
            items = controller.exchange.withState { state in
                state.exchange.auctions.items.values.filter { $0.state == .live || $0.state == .scheduled }
                    .sorted { ($0.effectiveEndsAt, $0.id) < ($1.effectiveEndsAt, $1.id) }
                    .prefix(count * AuctionController.pageSize).map(\.id)
            }
        } else if let list = message["items"]?.arrayValue {
            items = try list.map { value in
                guard let text = value.numberText ?? value.stringValue, let raw = UInt64(text), raw > 0 else {
                    throw AuctionError.invalidParameter("items must be item ids.")
                }
                return ItemID(raw)
            }
            guard items.count <= 500 else { throw AuctionError.invalidParameter("At most 500 items.") }
        } else {
            throw AuctionError.invalidParameter("Give pages or items.")
        }
        let known = items.compactMap { id in controller.exchange.withState { $0.exchange.auctions.item(id) } }
        try await auctions.loadAliases(known.map(\.id))
        auctions.follow(connection, Set(known.map(\.id)))
        reply(id, "subscribed", on: connection) { writer in
            writer.key("items")
            writer.beginArray()
            for item in known { writer.integer(Int64(item.id.rawValue)) }
            writer.endArray()
        }
        let since = message["since"]?.members ?? []
        let now = controller.clock()
        for item in known {
            if let member = since.first(where: { $0.key == String(item.id.rawValue) }),
                let text = member.value.numberText ?? member.value.stringValue, let sequence = UInt64(text),
                let missed = auctions.events(of: item.id, after: sequence, current: item.sequence)
            {
                for frame in missed { _ = connection.enqueue(frame) }
                continue
            }
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("type")
            writer.string("item")
            writer.key("item")
            writer.integer(Int64(item.id.rawValue))
            try await controller.view(item).writeFields(into: &writer, now: now)
            writer.endObject()
            _ = connection.enqueue(StreamFrame(text: writer.bytes))
        }
    }

    // MARK: - Helpers

    private func user(for token: SessionToken) async throws -> AuctionUser? {
        guard let account = try await SessionCheck.account(of: token, in: controller.store, at: controller.clock())
        else { return nil }
        return AuctionUser(account: account, token: token, viaCookie: false)
    }

    func signedIn(_ session: Session) throws -> AuctionUser {
        guard let user = session.user else { throw AuctionError.unauthorized }
        return user
    }

    private func itemID(_ message: JSONValue) throws -> ItemID {
        guard let text = message["item"]?.numberText ?? message["item"]?.stringValue, let raw = UInt64(text), raw > 0
        else { throw AuctionError.invalidParameter("item must be an item id.") }
        return ItemID(raw)
    }

    func reply(
        _ id: JSONValue?, _ type: String, on connection: StreamConnection, _ body: (inout JSONWriter) -> Void
    ) {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("id")
        writer.requestID(id)
        writer.key("type")
        writer.string(type)
        body(&writer)
        writer.endObject()
        _ = connection.enqueue(StreamFrame(text: writer.bytes), urgent: true)
    }

    /// `too_many_requests` for the message `bytes`, with its `id` so the client can match it.
    private func refuse(_ bytes: [UInt8], on connection: StreamConnection, _ message: String) {
        reply(
            (try? JSONValue(parsing: bytes))?["id"], on: connection,
            error: AuctionError(status: .tooManyRequests, name: "too_many_requests", message: message))
    }

    /// The reply to a queued bid or purchase once durable: `type` (`bid.accepted` or `bought`) with what
    /// `body` writes, or its error.
    private func answer<Value>(
        _ id: JSONValue?, _ type: String, _ result: Result<Value, any Error>, on connection: StreamConnection,
        _ body: (Value, inout JSONWriter) -> Void
    ) {
        switch result {
        case .success(let value): reply(id, type, on: connection) { body(value, &$0) }
        case .failure(let error): reply(id, on: connection, error: error)
        }
    }

    /// The error reply: a refusal by its contract name, anything else as `server_error`.
    func reply(_ id: JSONValue?, on connection: StreamConnection, error: any Error) {
        let error = error as? AuctionError ?? .serverError
        reply(id, "error", on: connection) { writer in
            writer.key("error")
            error.write(into: &writer)
        }
    }

}

extension AuctionStreamRoutes {
    /// `notifications_since` of an `auth`: a notification id (the entries after it are sent, then the live
    /// ones), or `"latest"` (nothing sent, but the resume message says where the inbox stands, for the next
    /// time); nil when absent.
    static func inboxResume(_ value: JSONValue?) throws -> Notifier.InboxResume? {
        guard let value, value != .null else { return nil }
        if value.stringValue == "latest" { return .latest }
        guard let text = value.numberText, let id = UInt64(text) else {
            throw AuctionError.invalidParameter("notifications_since must be a notification id from 0, or \"latest\".")
        }
        return .after(id)
    }
}
