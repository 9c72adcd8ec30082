public import Foundation

extension AuctionStream {
    /// Follows the items of the first `pages` pages (1–20) of the default list: open items, ending soonest
    /// first. Replaces what the stream followed; each item's snapshot follows as an event. Returns the ids.
    @discardableResult
    public func subscribe(pages: Int) async throws -> [Int64] {
        try await subscribe(to: .pages(pages))
    }

    /// Follows these items (at most 500), replacing what the stream followed; each one's snapshot follows
    /// as an event. Returns the ids the server knows.
    @discardableResult
    public func subscribe(items: some Sequence<Int64>) async throws -> [Int64] {
        try await subscribe(to: .items(Array(items)))
    }

    /// Bids up to `maximum` on `item`, as ``AuctionClient/bid(item:maximum:)`` does over HTTP. The proxy bids
    /// for you up to it; the receipt says where the price went and whether you lead. The connection dropping
    /// before the answer throws ``AuctionClientError/transport(_:)``: the bid may have been taken, so look
    /// (``AuctionClient/myBids()``) before bidding again.
    public func bid(item: Int64, maximum: Won) async throws -> BidReceipt {
        var request = AuctionStreamRequest(id: 0, type: "bid")
        request.item = item
        request.max = maximum.description
        return try await send(request)
    }

    /// Buys `item` at its buy-now price, ending the sale.
    public func buyNow(item: Int64) async throws -> Purchase {
        var request = AuctionStreamRequest(id: 0, type: "buy_now")
        request.item = item
        return try await send(request)
    }

    /// Adds `item` to the signed-in user's watchlist.
    public func watch(item: Int64) async throws {
        var request = AuctionStreamRequest(id: 0, type: "watch")
        request.item = item
        let _: Reply = try await send(request)
    }

    /// Takes `item` off the signed-in user's watchlist.
    public func unwatch(item: Int64) async throws {
        var request = AuctionStreamRequest(id: 0, type: "unwatch")
        request.item = item
        let _: Reply = try await send(request)
    }

    /// Asks the server's time (which also refines the client's clock) and returns it.
    @discardableResult
    public func ping() async throws -> Date {
        let pong: AuctionStreamFrame.Pong = try await send(AuctionStreamRequest(id: 0, type: "ping"))
        return pong.serverTime
    }

    /// Signs the connection in with the client's current token: after a sign-in made while the stream ran
    /// (later connections sign in by themselves). Returns the signed-in user.
    @discardableResult
    public func authenticate() async throws -> AuctionUser {
        struct Authenticated: Decodable { var user: AuctionUser }
        guard let token = client.token else { throw AuctionClientError.unauthorized("The client is not signed in.") }
        var request = AuctionStreamRequest(id: 0, type: "auth")
        request.token = token
        let answer: Authenticated = try await send(request)
        return answer.user
    }

    // MARK: - Sending

    /// An answer whose only news is that it came (`ok`).
    private struct Reply: Decodable {}

    private func subscribe(to interest: Interest) async throws -> [Int64] {
        let previous = registry.withLock { $0.follow(interest) }
        do {
            let answer: AuctionStreamFrame.Subscribed = try await send(
                AuctionStreamRequest(id: 0, subscribing: interest))
            return answer.items
        } catch let error as AuctionClientError where error.name != nil {
            registry.withLock { $0.restore(previous, after: interest) }
            throw error
        }
    }

    /// Sends `request` under a fresh id and decodes its answer; throws the server's refusal, or
    /// ``AuctionClientError/transport(_:)`` when the connection drops first or no answer comes within
    /// ``Options/requestTimeout``.
    private func send<Answer: Decodable>(_ request: AuctionStreamRequest) async throws -> Answer {
        var request = request
        request.id = registry.withLock { $0.takeID() }
        let body = try await answer(request)
        do {
            return try JSONDecoder().decode(Answer.self, from: body)
        } catch {
            throw AuctionClientError.undecodable(path: "/auction/v1/stream", error: String(describing: error))
        }
    }

    /// The reply to `request`, racing the timeout.
    private func answer(_ request: AuctionStreamRequest) async throws -> Data {
        let timeout = options.requestTimeout
        return try await withThrowingTaskGroup(of: Data.self) { group in
            group.addTask { try await self.reply(to: request) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw AuctionClientError.transport("no answer from the auction stream within \(timeout)")
            }
            defer { group.cancelAll() }
            // The first child to finish wins: the answer, or the timeout's error.
            guard let body = try await group.next() else { throw CancellationError() }
            return body
        }
    }

    /// Queues `request` and waits for its reply; cancelling the wait withdraws the request.
    private func reply(to request: AuctionStreamRequest) async throws -> Data {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: Waiter) in
                if let failure = registry.withLock({ $0.submit(request, waiter) }) { waiter.resume(throwing: failure) }
            }
        } onCancel: {
            registry.withLock { $0.withdraw(request.id) }?.resume(throwing: CancellationError())
        }
    }
}

// MARK: - Chat

/// The answer to a chat message sent on the socket.
public struct ChatReceipt: Hashable, Sendable, Decodable {
    /// The room.
    public var room: String
    /// The stored message's id.
    public var messageID: Int64
    /// Its number in the room.
    public var seq: Int64
    /// Whether this send stored it (false: the client id was used before, and this is that message).
    public var posted: Bool

    private enum CodingKeys: String, CodingKey {
        case room, seq, posted
        case messageID = "message_id"
    }
}

/// How far one member has read a room: a read receipt.
public struct ChatReadReceipt: Hashable, Sendable, Decodable {
    /// The room.
    public var room: String
    /// The reader's username.
    public var user: String
    /// The furthest message they read.
    public var messageID: Int64
    /// When they marked it.
    public var at: Date

    /// Reads a `chat.read` event (`from`) or an entry of a join's `read` list (`user`, no `room`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: WireKey.self)
        room = try c.optionalValue("room") ?? ""
        user = try c.value("user", "from")
        messageID = try c.value("message_id")
        at = AuctionTime.date(try c.optionalValue("at") ?? 0)
    }
}

extension AuctionStream {
    /// Every chat message of the joined rooms from now on, each once and in its room's order across
    /// reconnects (a rejoin replays what was missed). Start reading before joining.
    ///
    /// A deletion arrives as the deleted message again: its `id` and `seq` with ``ChatMessage/deleted`` true
    /// and nothing else; replace the one shown.
    public func chatMessages() -> AsyncStream<ChatMessage> {
        let (stream, continuation) = AsyncStream.makeStream(of: ChatMessage.self, bufferingPolicy: .unbounded)
        let id = registry.withLock { $0.addChatReader(continuation) }
        continuation.onTermination = { [weak self] _ in self?.registry.withLock { $0.removeChatReader(id) } }
        return stream
    }

    /// Joins `room` (`item:{id}`, or `dm:{id}:{buyer}` for its two people): its latest messages, then each
    /// new one, arrive on ``chatMessages()``; every reconnect joins again from the last one delivered.
    public func joinChat(room: String) async throws {
        struct Joined: Decodable {}
        let request = registry.withLock { $0.joinChat(room) }
        do {
            let _: Joined = try await send(request)
        } catch let error as AuctionClientError where error.name != nil {
            registry.withLock { $0.leaveChat(room) }
            throw error
        }
    }

    /// Leaves `room`: no more of its messages, here or after a reconnect.
    public func leaveChat(room: String) async throws {
        struct Left: Decodable {}
        registry.withLock { $0.leaveChat(room) }
        var request = AuctionStreamRequest(id: 0, type: "chat.leave")
        request.room = room
        let _: Left = try await send(request)
    }

    /// Sends `text` to `room`, stored before the answer. Keep `clientID` for the same words until a call
    /// answers: a retry then returns the stored message (`posted` false) instead of posting twice.
    public func sendChat(room: String, text: String, clientID: String = UUID().uuidString) async throws -> ChatReceipt {
        var request = AuctionStreamRequest(id: 0, type: "chat.send")
        request.room = room
        request.words = text
        request.clientMessageID = clientID
        return try await send(request)
    }

    /// Marks `room` read up to message `messageID` (`chat.read`): a receipt the server keeps, only ever moved
    /// forward; the room's other members get it on ``chatReads()``, now or when they next join.
    public func markChatRead(room: String, messageID: Int64) async throws {
        struct Marked: Decodable {}
        var request = AuctionStreamRequest(id: 0, type: "chat.read")
        request.room = room
        request.messageID = messageID
        let _: Marked = try await send(request)
    }

    /// How far others have read the joined rooms: each join's receipts (what they read while this stream was
    /// away), then each new one.
    public func chatReads() -> AsyncStream<ChatReadReceipt> {
        let (stream, continuation) = AsyncStream.makeStream(of: ChatReadReceipt.self, bufferingPolicy: .unbounded)
        let id = registry.withLock { $0.addReadReader(continuation) }
        continuation.onTermination = { [weak self] _ in self?.registry.withLock { $0.removeReadReader(id) } }
        return stream
    }

    /// Deletes message `messageID` of `room` (`chat.delete`): its author's own, or any as the room's moderator
    /// (the item's seller in its public thread, or an admin). Every member, this stream too, then gets it
    /// back deleted on ``chatMessages()``.
    public func deleteChat(room: String, messageID: Int64) async throws {
        struct Deleted: Decodable {}
        var request = AuctionStreamRequest(id: 0, type: "chat.delete")
        request.room = room
        request.messageID = messageID
        let _: Deleted = try await send(request)
    }
}

/// What the auction socket says of the signed-in user's inbox.
public enum NotificationUpdate: Hashable, Sendable {
    /// A new entry, and how many are unread with it.
    case added(AuctionNotification, unread: Int)
    /// The user marked some read (on any device); `unread` is how many stay unread.
    case read(unread: Int)
}

extension AuctionStream {
    /// The signed-in user's new notifications and read markings, live, from now on (signed in with
    /// ``authenticate()``). What arrived while the stream was away is in ``AuctionClient/notifications(unreadOnly:before:limit:)``.
    public func notifications() -> AsyncStream<NotificationUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: NotificationUpdate.self, bufferingPolicy: .unbounded)
        let id = registry.withLock { $0.addNotificationReader(continuation) }
        continuation.onTermination = { [weak self] _ in self?.registry.withLock { $0.removeNotificationReader(id) } }
        return stream
    }
}
