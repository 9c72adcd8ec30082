import Foundation

extension AuctionStream {
    /// A caller waiting for the answer to its request: the whole reply frame, or the error to throw.
    typealias Waiter = CheckedContinuation<Data, any Error>

    /// The stream's state under one lock: the interest, the sequence bookkeeping, the requests in flight,
    /// the live connection's outbox, and the readers and watchers.
    ///
    /// Every frame goes out through ``outbox`` while the lock is held, so the order of requests is the
    /// order they were made in, and the connection's opening (sign-in, resubscription) precedes them all.
    /// Continuations are handed back to be resumed outside the lock.
    struct Registry {
        /// A request made while no connection was open, sent when one is.
        struct Unsent {
            var id: Int
            var text: String
            var waiter: Waiter
            /// Whether it is a subscription (which makes the opening's own unnecessary).
            var subscribes: Bool
        }

        private var nextID = 1
        private(set) var interest: Interest?
        private(set) var sequences = AuctionSequences()
        /// Requests sent on the live connection, by id: a caller's, or `nil` for the stream's own.
        private var pending: [Int: Waiter?] = [:]
        private var unsent: [Unsent] = []
        /// Ids whose callers gave up before their request was queued.
        private var withdrawn: Set<Int> = []
        /// The live connection's frames to write; `nil` while none is open.
        private var outbox: AsyncStream<String>.Continuation?
        /// While a resume replays kept events (whose `server_time` is when they first happened), the id of
        /// the `ping` sent after it: the clock learns nothing from changes until its `pong`.
        private var replayingUntil: Int?
        private(set) var stopped = false
        private(set) var state = ConnectionState.connecting(attempt: 1)
        /// Connections opened so far.
        private(set) var connections = 0
        /// Frames received over all connections.
        private(set) var frames = 0
        private var nextListener = 0
        private var readers: [Int: AsyncStream<Event>.Continuation] = [:]
        private var chatReaders: [Int: AsyncStream<ChatMessage>.Continuation] = [:]
        private var notificationReaders: [Int: AsyncStream<NotificationUpdate>.Continuation] = [:]
        private var readReaders: [Int: AsyncStream<ChatReadReceipt>.Continuation] = [:]
        /// The newest inbox entry delivered (or that the server said it had at a sign-in): each sign-in on a
        /// new connection resumes the inbox after it, and an entry at or below it is not delivered again.
        private(set) var lastNotification: Int64?
        /// The chat rooms joined, with the last `seq` delivered of each (0 before any): every reconnect joins
        /// them again from there.
        private(set) var chatRooms: [String: Int64] = [:]
        private var watchers: [Int: AsyncStream<ConnectionState>.Continuation] = [:]

        // MARK: - Requests

        mutating func takeID() -> Int {
            defer { nextID += 1 }
            return nextID
        }

        /// Sends a caller's request, or queues it until a connection opens; returns the error to throw at once
        /// instead (the caller gave up already, or the stream has stopped).
        mutating func submit(_ request: AuctionStreamRequest, _ waiter: Waiter) -> (any Error)? {
            let (id, text) = (request.id, request.text())
            if withdrawn.remove(id) != nil { return CancellationError() }
            if stopped { return AuctionClientError.transport("the auction stream is not running") }
            if let outbox {
                pending[id] = waiter
                outbox.yield(text)
            } else {
                unsent.append(Unsent(id: id, text: text, waiter: waiter, subscribes: request.type == "subscribe"))
            }
            return nil
        }

        /// Takes back request `id`, whose caller was cancelled or timed out: its waiter, to resume.
        mutating func withdraw(_ id: Int) -> Waiter? {
            if let waiter = pending.removeValue(forKey: id) { return waiter }
            if let index = unsent.firstIndex(where: { $0.id == id }) { return unsent.remove(at: index).waiter }
            withdrawn.insert(id)
            return nil
        }

        /// What the stream followed, and how far its readers had got: kept while a subscription is pending,
        /// to go back to if the server refuses it.
        struct Following {
            var interest: Interest?
            var sequences: AuctionSequences
        }

        /// A subscription the app asked for: it replaces the interest at once, so a reconnect follows it
        /// even if the answer never came. The app asks for the items' current state, so the bookkeeping
        /// starts again from their snapshots. Returns what it replaced.
        mutating func follow(_ interest: Interest) -> Following {
            defer {
                self.interest = interest
                sequences = AuctionSequences()
            }
            return Following(interest: self.interest, sequences: sequences)
        }

        /// The server refused `refused` (and kept following what it followed): the stream goes back to
        /// `previous`, unless another subscription replaced it meanwhile, and resumes it from where its
        /// readers were, since changes that came meanwhile were held for snapshots that will not come.
        mutating func restore(_ previous: Following, after refused: Interest) {
            guard interest == refused else { return }
            interest = previous.interest
            sequences = previous.sequences
            resubscribe()
        }

        // MARK: - Connections

        /// A connection opened with `outbox`: signs in with `token`, follows the interest again from where the
        /// readers are, then sends the requests that waited.
        mutating func open(_ outbox: AsyncStream<String>.Continuation, token: String?) {
            connections += 1
            self.outbox = outbox
            if let token {
                var auth = AuctionStreamRequest(id: takeID(), type: "auth")
                auth.token = token
                auth.notificationsSince = lastNotification.map { .after($0) } ?? .latest
                send(auth)
            }
            // A subscription the app made meanwhile replaces the interest and asks for snapshots anyway.
            if !unsent.contains(where: \.subscribes) { resubscribe() }
            for (room, last) in chatRooms.sorted(by: { $0.key < $1.key }) {
                send(Self.join(room, since: last, id: takeID()))
            }
            ping()
            for request in unsent {
                pending[request.id] = request.waiter
                outbox.yield(request.text)
            }
            unsent = []
            enter(.connected)
        }

        /// Subscribes again to the interest with `since`, then pings: the server replays what the readers
        /// missed (or sends snapshots), and the `pong` marks the end of the replay.
        mutating func resubscribe() {
            guard outbox != nil, let interest else { return }
            send(AuctionStreamRequest(id: takeID(), subscribing: interest, since: sequences.since))
            replayingUntil = ping()
        }

        /// Sends the stream's own `ping` (a fresh sample of the server's clock); returns its id.
        @discardableResult
        mutating func ping() -> Int? {
            guard outbox != nil else { return nil }
            let id = takeID()
            send(AuctionStreamRequest(id: id, type: "ping"))
            return id
        }

        /// The connection closed: the requests sent on it will get no answer; their waiters, to fail.
        mutating func close() -> [Waiter] {
            outbox?.finish()
            outbox = nil
            replayingUntil = nil
            defer { pending = [:] }
            return pending.values.compactMap { $0 }
        }

        /// ``AuctionStream/run()`` returned: every waiting request fails, every reader and watcher finishes.
        /// The continuations come back to be finished outside the lock: finishing one runs its termination
        /// handler, which takes the lock again.
        mutating func stop() -> (waiters: [Waiter], finishers: [@Sendable () -> Void]) {
            stopped = true
            let waiters = close() + unsent.map(\.waiter)
            unsent = []
            defer {
                readers = [:]
                watchers = [:]
                chatReaders = [:]
                notificationReaders = [:]
                readReaders = [:]
            }
            let finishers: [[@Sendable () -> Void]] = [
                readers.values.map { reader in { reader.finish() } },
                watchers.values.map { watcher in { watcher.finish() } },
                chatReaders.values.map { reader in { reader.finish() } },
                notificationReaders.values.map { reader in { reader.finish() } },
                readReaders.values.map { reader in { reader.finish() } },
            ]
            return (waiters, finishers.flatMap { $0 })
        }

        /// ``AuctionStream/run()`` started (again).
        mutating func start() { stopped = false }

        private mutating func send(_ request: AuctionStreamRequest) {
            pending[request.id] = .some(nil)
            outbox?.yield(request.text())
        }

        // MARK: - Frames

        /// Handles a frame: answers its request, or delivers its events. Returns the waiters to resume, and
        /// the server time the clock may learn from (not a replayed change's: that is when it happened).
        mutating func receive(
            _ frame: AuctionStreamFrame
        ) -> (answers: [(Waiter, Result<Data, any Error>)], serverTime: Date?) {
            frames += 1
            switch frame {
            case .reply(let id, let type, let body):
                if type == "chat.joined",
                    let joined = try? JSONDecoder().decode(AuctionStreamFrame.ChatJoined.self, from: body)
                {
                    for gone in joined.deleted ?? [] { deliverDeletion(joined.room, gone.messageID, gone.seq) }
                    for message in joined.messages { deliver(message) }
                    for var receipt in joined.read ?? [] {
                        receipt.room = joined.room
                        for reader in readReaders.values { reader.yield(receipt) }
                    }
                }
                if type == "subscribed",
                    let subscribed = try? JSONDecoder().decode(AuctionStreamFrame.Subscribed.self, from: body)
                {
                    sequences.keep(only: Set(subscribed.items))
                }
                if id == replayingUntil { replayingUntil = nil }
                guard let waiter = pending.removeValue(forKey: id) ?? nil else { return ([], frame.serverTime) }
                return ([(waiter, .success(body))], frame.serverTime)
            case .refusal(let id?, let error):
                guard let waiter = pending.removeValue(forKey: id) ?? nil else { return ([], nil) }
                return ([(waiter, .failure(error))], nil)
            case .refusal(nil, _), .other:
                // A refusal of no request (the rate limit's) cannot be matched to one; it times out.
                return ([], nil)
            case .chat(let message):
                deliver(message)
                return ([], nil)
            case .chatDeleted(let room, let id, let seq):
                deliverDeletion(room, id, seq)
                return ([], nil)
            case .notification(let update):
                if case .added(let entry, _) = update {
                    if let last = lastNotification, entry.id <= last { return ([], nil) }
                    lastNotification = entry.id
                }
                for reader in notificationReaders.values { reader.yield(update) }
                return ([], nil)
            case .chatRead(let receipt):
                for reader in readReaders.values { reader.yield(receipt) }
                return ([], nil)
            case .inboxResumed(let last):
                lastNotification = max(lastNotification ?? 0, last)
                return ([], nil)
            case .event(let event):
                let outcome = sequences.accept(event)
                for delivered in outcome.deliver {
                    for reader in readers.values { reader.yield(delivered) }
                }
                if outcome.resume { resubscribe() }
                let replayed = replayingUntil != nil && event.ordering == .change
                return ([], replayed ? nil : event.serverTime)
            }
        }

        // MARK: - Chat

        /// The request that joins `room` after its message `since`; with 0 (nothing delivered yet) it asks
        /// for the room's latest messages instead, which is not a gap.
        static func join(_ room: String, since: Int64, id: Int) -> AuctionStreamRequest {
            var request = AuctionStreamRequest(id: id, type: "chat.join")
            request.room = room
            if since > 0 { request.chatSince = since }
            return request
        }

        /// `room` is followed from now on (from where its readers are, if it was before): the join to send,
        /// numbered when it is sent.
        mutating func joinChat(_ room: String) -> AuctionStreamRequest {
            let since = chatRooms[room] ?? 0
            chatRooms[room] = since
            return Self.join(room, since: since, id: 0)
        }

        mutating func leaveChat(_ room: String) { chatRooms[room] = nil }

        /// Tells the chat readers that message `id` of `room` was deleted, if they had it (one not delivered
        /// yet comes deleted in its replay).
        func deliverDeletion(_ room: String, _ id: Int64, _ seq: Int64) {
            guard let last = chatRooms[room], seq <= last else { return }
            let deleted = ChatMessage(
                id: id, room: room, seq: seq, from: "", fromSeller: false, text: "", at: Date(timeIntervalSince1970: 0),
                deleted: true)
            for reader in chatReaders.values { reader.yield(deleted) }
        }

        /// Gives `message` to the chat readers once: only for a room joined, and only past its last `seq`
        /// (a live message and a join's replay can carry the same one).
        private mutating func deliver(_ message: ChatMessage) {
            guard let last = chatRooms[message.room], message.seq > last else { return }
            chatRooms[message.room] = message.seq
            for reader in chatReaders.values { reader.yield(message) }
        }

        mutating func addChatReader(_ reader: AsyncStream<ChatMessage>.Continuation) -> Int {
            defer { nextListener += 1 }
            chatReaders[nextListener] = reader
            return nextListener
        }

        mutating func removeChatReader(_ id: Int) { chatReaders[id] = nil }

        mutating func addNotificationReader(_ reader: AsyncStream<NotificationUpdate>.Continuation) -> Int {
            defer { nextListener += 1 }
            notificationReaders[nextListener] = reader
            return nextListener
        }

        mutating func removeNotificationReader(_ id: Int) { notificationReaders[id] = nil }

        mutating func addReadReader(_ reader: AsyncStream<ChatReadReceipt>.Continuation) -> Int {
            defer { nextListener += 1 }
            readReaders[nextListener] = reader
            return nextListener
        }

        mutating func removeReadReader(_ id: Int) { readReaders[id] = nil }

        // MARK: - Readers and state

        mutating func enter(_ state: ConnectionState) {
            guard self.state != state else { return }
            self.state = state
            for watcher in watchers.values { watcher.yield(state) }
        }

        mutating func addReader(_ reader: AsyncStream<Event>.Continuation) -> Int {
            defer { nextListener += 1 }
            readers[nextListener] = reader
            return nextListener
        }

        mutating func removeReader(_ id: Int) { readers[id] = nil }

        mutating func addWatcher(_ watcher: AsyncStream<ConnectionState>.Continuation) -> Int {
            defer { nextListener += 1 }
            watchers[nextListener] = watcher
            return nextListener
        }

        mutating func removeWatcher(_ id: Int) { watchers[id] = nil }
    }
}
