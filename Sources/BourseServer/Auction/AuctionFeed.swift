public import BourseCore
public import BourseStore
import BourseWire
import Synchronization

/// The publisher of `/auction/v1/stream` (auction-api.md §3): each durable auction event encoded once as a
/// JSON text frame and queued on the connections interested in its item; `outbid`, `won`, `lost` and
/// `sold` only to the connections of the account concerned.
///
/// It watches the same durable commits as the market feeds (the exchange's observer hands it each one),
/// so nothing is pushed before it is durable. The last ``retainedEvents`` public events of each item are
/// kept, so a client that reconnects with `since` gets exactly what it missed, or a fresh snapshot if that
/// is older than what is kept. It also holds the routes' ``AuctionCatalog``, so the REST routes and the
/// socket see the same listings and watchers.
public final class AuctionFeed: Sendable {
    struct Subscriber {
        var connection: StreamConnection
        var account: AccountID?
        var items: Set<ItemID> = []
        /// The chat rooms it joined, by name.
        var rooms: Set<String> = []
        /// When it last sent `chat.typing` (epoch milliseconds): at most one a second goes out.
        var typedAt: Int64 = 0
        /// Whether its inbox entries wait for its resume (``signIn(_:as:holdingInbox:)``).
        var inboxHeld = false
        /// Which sign-in the hold belongs to: a later `auth` makes an earlier resume's answer stale.
        var signIns: UInt64 = 0
    }

    struct State {
        var subscribers: [Int: Subscriber] = [:]
        /// Per chat room, its members' connections by id: the index of ``Subscriber/rooms``, so a message is
        /// queued to a room's members without looking at every connection (5,000 members at 100 messages a
        /// second made that scan the busiest code under the feed's lock). Change rooms with ``setRooms(_:of:)``.
        var members: [String: [Int: StreamConnection]] = [:]
        /// Per signed-in account, its connections by id: the index of ``Subscriber/account``, so a message to
        /// one user (a notification, an outbid) does not look at every connection.
        var byAccount: [AccountID: [Int: StreamConnection]] = [:]
        /// Per item, its recent public frames, oldest first: the first and last change each covers (the
        /// same for one event; a conflated `price` covers several) and the frame.
        var recent: [ItemID: [(first: UInt64, sequence: UInt64, frame: StreamFrame)]] = [:]
        /// Per item, the bids and extensions waiting for the item's next flush (see ``PriceRun``).
        var runs: [ItemID: PriceRun] = [:]
        /// Per item, when its last run went out (the feed's clock, epoch milliseconds).
        var flushed: [ItemID: Int64] = [:]
        /// Per item, how many connections follow it (what its conflation interval scales with).
        var followers: [ItemID: Int] = [:]
        /// Whether a task is already waiting to flush runs held back by the conflation interval.
        var flushScheduled = false
        /// Per item, each bidder's alias number, in the order of first bids; nil until loaded or first bid.
        var aliases: [ItemID: [AccountID: Int]] = [:]
        /// Per item, the effective end and the `ending_soon` thresholds already announced for it (an
        /// extension moves the end and the announcements start again).
        var announced: [ItemID: (end: Timestamp, seconds: Set<Int64>)] = [:]
        /// Items whose watchers' inboxes heard they were extended.
        var extensionNotified: Set<ItemID> = []
        /// Items whose watchers' inboxes heard they end soon.
        var endingSoonNotified: Set<ItemID> = []
    }

    /// Seconds before the effective end at which `ending_soon` is sent.
    static let endingSoonSeconds: [Int64] = [300, 60]

    static let retainedEvents = 256

    let clock: @Sendable () -> Timestamp
    let store: any Store
    /// The sockets each sign-in session or API key opened, closed when it ends (this feed is what the
    /// sign-out route and both sockets share).
    public let sockets = CredentialSockets()
    let catalog: AuctionCatalog
    /// Users' inboxes: what the events below leave for those not looking.
    let notifier: Notifier
    /// Users' alerts: fired into the inboxes above.
    let alerts: AlertDesk
    let state = Mutex(State())
    /// Held while frames of item changes are queued, so they reach every connection in sequence order
    /// whichever thread sends them (the writer's observer, or the conflation timer).
    let flushing = Mutex(())
    /// Bids taken on an event loop by a socket's ``WebSocketFastLane`` rather than by its request tasks.
    let laneBids = Atomic<Int>(0)
    /// How many bids ``laneBids`` counted (what tests check to know that path is used).
    public var bidsTakenOnEventLoops: Int { laneBids.load(ordering: .relaxed) }
    /// Durable commits the journal loop handed over, waiting to be published (``observer``).
    let handOff = CommitHandOff()
    /// Chat's posts, deletions and joins, one at a time (posts that queue together are stored in one
    /// transaction), so every member sees a room's messages in their order.
    let chatQueue: ChatQueue
    /// Chat posts waiting in ``chatQueue`` or being stored: past ``ChatDesk/maximumWaiting`` the next is
    /// refused rather than queued behind a slow store.
    let chatWaiting = Mutex(0)
    /// Per account, when its recent chat messages were posted (epoch milliseconds): the rate limit's window.
    let chatRate = Mutex<[AccountID: [Int64]]>([:])
    /// Per room, when each member last posted there (epoch milliseconds): what slow mode counts from.
    let chatLastPost = Mutex<[String: [AccountID: Int64]]>([:])

    /// A feed with no connections, for the auction house whose catalog is in `store`.
    public init(store: any Store, clock: @escaping @Sendable () -> Timestamp) {
        self.store = store
        self.clock = clock
        catalog = AuctionCatalog(store: store)
        chatQueue = ChatQueue(store: store)
        notifier = Notifier(store: store, clock: clock)
        alerts = AlertDesk(store: store, notifier: notifier, catalog: catalog, clock: clock)
        notifier.pushing { [weak self] account, bytes in self?.send(to: account, bytes, inbox: true) }
        // The inboxes need titles, sellers and watchers from the first commit on, not from the first request,
        // and the alerts must be watched from the start.
        let (catalog, alerts) = (catalog, alerts)
        Task { try? await catalog.load() }
        Task { await alerts.loadRetrying() }
    }

    /// Reads the users' active alerts from the store: `bourse serve` waits for this before the writer starts,
    /// so no commit passes unwatched (the feed also loads them by itself, retrying, for other hosts).
    public func loadAlerts() async throws {
        try await alerts.load()
    }

    /// The observer to hand to ``DurableExchange`` beside the market feeds': queues each durable commit for
    /// publishing, in order.
    ///
    /// The observer runs on the journal loop before the commit's submitters are answered, and publishing
    /// a crowded item's flush queues a frame on each of its thousands of followers (milliseconds), so it
    /// happens on a task of its own: otherwise every bid of the commit, and every commit behind it, would
    /// wait for the crowd (`bench auction`).
    public var observer: DurableExchange.DurableObserver {
        { [weak self] batch in self?.handOver(batch) }
    }

    /// Hands `batch` to the publishing task (``CommitHandOff``).
    ///
    /// New bidders get their aliases here, before the commit's submitters are answered: a bidder who
    /// reads the item or their bids right after the answer must find themselves named (cheap: a lookup per
    /// accepted bid).
    private func handOver(_ batch: DurableExchange.DurableBatch) {
        state.withLock { state in
            for result in batch.results {
                for case .auction(.bidAccepted(let bid)) in result.events {
                    Self.name(bid.bidder, on: bid.item, in: &state)
                }
            }
        }
        handOff.handOver(batch) { [weak self] in self?.publish($0) }
    }

    // MARK: - Connections

    func open(_ connection: StreamConnection) {
        state.withLock { $0.subscribers[connection.id] = Subscriber(connection: connection) }
    }

    /// Signs `connection` in as `account`; with `holdingInbox`, its inbox entries wait for
    /// ``resumeInbox(_:of:after:signIn:)`` (set under the same lock as the sign-in, so no push slips between).
    /// Returns the sign-in's number, which that resume must still match.
    @discardableResult
    func signIn(_ connection: StreamConnection, as account: AccountID, holdingInbox: Bool = false) -> UInt64 {
        state.withLock { state in
            guard var subscriber = state.subscribers[connection.id] else { return 0 }
            if let before = subscriber.account { state.byAccount[before]?[connection.id] = nil }
            subscriber.account = account
            subscriber.signIns += 1
            subscriber.inboxHeld = holdingInbox
            state.subscribers[connection.id] = subscriber
            state.byAccount[account, default: [:]][connection.id] = connection
            return subscriber.signIns
        }
    }

    /// Replaces the items `connection` follows.
    func follow(_ connection: StreamConnection, _ items: Set<ItemID>) {
        state.withLock { state in
            guard let before = state.subscribers[connection.id]?.items else { return }
            for item in before.subtracting(items) { state.followers[item, default: 1] -= 1 }
            for item in items.subtracting(before) { state.followers[item, default: 0] += 1 }
            state.subscribers[connection.id]?.items = items
        }
    }

    func remove(_ connection: StreamConnection) {
        state.withLock { state in
            state.setRooms([], of: connection.id)
            guard let gone = state.subscribers.removeValue(forKey: connection.id) else { return }
            if let account = gone.account {
                state.byAccount[account]?[connection.id] = nil
                if state.byAccount[account]?.isEmpty == true { state.byAccount[account] = nil }
            }
            for item in gone.items { state.followers[item, default: 1] -= 1 }
        }
    }

    /// Sends `connection` the inbox entries of `account` after `resume`, then lets the live ones through: in
    /// the notifier's queue, between its pushes, so the two meet with nothing doubled or lost. Dropped if the
    /// connection signed in again meanwhile (`signIn` is no longer its latest): that sign-in resumes its own.
    func resumeInbox(
        _ connection: StreamConnection, of account: AccountID, after resume: Notifier.InboxResume, signIn: UInt64
    ) {
        notifier.resume(account, after: resume) { [weak self] frames in
            guard let self else { return }
            let current = state.withLock { state in
                state.subscribers[connection.id].map { $0.signIns == signIn && $0.account == account } ?? false
            }
            guard current else { return }
            for frame in frames { _ = connection.enqueue(StreamFrame(text: frame)) }
            state.withLock { state in
                if state.subscribers[connection.id]?.signIns == signIn {
                    state.subscribers[connection.id]?.inboxHeld = false
                }
            }
        }
    }

    /// The events of `item` after `sequence`, if all of them are still kept.
    func events(of item: ItemID, after sequence: UInt64, current: UInt64) -> [StreamFrame]? {
        if sequence >= current { return [] }
        return state.withLock { state in
            guard let recent = state.recent[item], let first = recent.first, first.first <= sequence + 1 else {
                return nil
            }
            return recent.filter { $0.sequence > sequence }.map(\.frame)
        }
    }

    // MARK: - Publishing

    /// Sends `ending_soon` (`seconds_left` 300, then 60) to the followers of each live item whose effective
    /// end is that close, once per threshold and end. Not journaled: it is the clock read, not a change.
    func announceEndingSoon(_ items: [AuctionItem], at now: Timestamp) {
        for item in items where item.state == .live {
            let left = item.effectiveEndsAt.milliseconds - now.milliseconds
            guard left > 0,
                let threshold = Self.endingSoonSeconds.filter({ left <= $0 * 1_000 }).min()
            else { continue }
            let fresh = state.withLock { state -> Bool in
                var entry = state.announced[item.id] ?? (item.effectiveEndsAt, [])
                if entry.end != item.effectiveEndsAt { entry = (item.effectiveEndsAt, []) }
                guard !entry.seconds.contains(threshold) else { return false }
                entry.seconds.formUnion(Self.endingSoonSeconds.filter { $0 >= threshold })
                state.announced[item.id] = entry
                return true
            }
            guard fresh else { continue }
            notifier.notify(endingSoonNotifications(item, at: now))
            deliver(
                item.id,
                AuctionStreamJSON.event("ending_soon", item.id, item.sequence, now) { writer in
                    writer.key("seconds_left")
                    writer.integer(threshold)
                })
        }
    }

    /// Sends `watchers` with the item's new count to its followers.
    func watchersChanged(_ item: ItemID, count: Int, sequence: UInt64) {
        deliver(
            item,
            AuctionStreamJSON.event("watchers", item, sequence, clock()) { writer in
                writer.key("count")
                writer.integer(count)
            })
    }

    /// Queues `bytes` on `item`'s followers without keeping it for resumes (it is not a change of the item).
    private func deliver(_ item: ItemID, _ bytes: [UInt8]) {
        let frame = StreamFrame(text: bytes)
        let targets = state.withLock { $0.subscribers.values.filter { $0.items.contains(item) }.map(\.connection) }
        for connection in targets { _ = connection.enqueue(frame) }
    }

    func publish(_ batch: DurableExchange.DurableBatch) {
        // Under the flush lock: the conflation timer's flush must not interleave its frames with these.
        let (events, filled) = flushing.withLock { _ -> ([AuctionEvent], [OrderDone]) in
            var touched: Set<ItemID> = []
            var events: [AuctionEvent] = []
            var filled: [OrderDone] = []
            for result in batch.results {
                for event in result.events {
                    switch event {
                    case .auction(let auction):
                        publish(auction, touched: &touched)
                        events.append(auction)
                    case .done(let done):
                        filled.append(done)
                    default:
                        continue
                    }
                }
            }
            if !touched.isEmpty { flushRuns(touched) }
            return (events, filled)
        }
        if !events.isEmpty || !filled.isEmpty {
            let now = clock()
            notifier.notify(notifications(for: events, at: now) + fillNotifications(filled, at: now))
        }
    }

    private func publish(_ event: AuctionEvent, touched: inout Set<ItemID>) {
        let now = clock()
        switch event {
        case .bidAccepted(let bid):
            state.withLock { state in
                // Every bidder of the commit was named when it was handed over (``observer``).
                let leader = state.aliases[bid.item]?[bid.leader].map(Self.aliasName)
                state.runs[bid.item, default: PriceRun()].add(
                    bid, leader: leader,
                    frame: AuctionStreamJSON.event("price", bid.item, bid.sequence, now) { writer in
                        AuctionStreamJSON.price(bid, leader: leader, into: &writer)
                    }, at: now)
            }
            touched.insert(bid.item)
            return
        case .extended(let extended):
            state.withLock { state in
                state.runs[extended.item, default: PriceRun()].add(
                    extended,
                    frame: AuctionStreamJSON.event("extended", extended.item, extended.sequence, now) { writer in
                        writer.key("effective_ends_at")
                        writer.integer(extended.effectiveEndsAt.milliseconds)
                        writer.key("previous_ends_at")
                        writer.integer(extended.previousEndsAt.milliseconds)
                    }, at: now)
            }
            touched.insert(extended.item)
            return
        case .started, .reserveMet, .ended, .cancelled:
            // A public change goes out after the item's held changes, never before them.
            flushRun(of: event.item, at: now.milliseconds)
        case .listed, .rejected, .outbid:
            break
        }
        switch event {
        case .listed, .rejected:
            return
        case .started(let item, let sequence):
            broadcast(item, sequence, AuctionStreamJSON.event("started", item, sequence, now) { _ in })
        case .outbid(let outbid):
            send(
                to: outbid.account,
                AuctionStreamJSON.event("outbid", outbid.item, outbid.sequence, now) { writer in
                    writer.key("price")
                    writer.string(AuctionMoney.text(outbid.price))
                    writer.key("your_max")
                    writer.string(AuctionMoney.text(outbid.maximum))
                })
        case .reserveMet(let item, let sequence):
            broadcast(item, sequence, AuctionStreamJSON.event("reserve_met", item, sequence, now) { _ in })
        case .bidAccepted, .extended:
            return
        case .ended(let ended):
            let winner = ended.state == .sold ? alias(ended.leader, on: ended.item) : nil
            broadcast(
                ended.item, ended.sequence,
                AuctionStreamJSON.event("ended", ended.item, ended.sequence, now) { writer in
                    writer.key("state")
                    writer.string(ended.state.rawValue)
                    writer.key("price")
                    writer.string(AuctionMoney.text(ended.price))
                    writer.key("winner")
                    if let winner { writer.string(winner) } else { writer.null() }
                })
            notifyEnd(ended, now)
        case .cancelled(let item, let sequence):
            broadcast(
                item, sequence,
                AuctionStreamJSON.event("ended", item, sequence, now) { writer in
                    writer.key("state")
                    writer.string("cancelled")
                })
        }
    }

    /// `won` to the winner, `lost` to every other bidder, `sold` to the seller.
    private func notifyEnd(_ ended: AuctionEnded, _ now: Timestamp) {
        let bidders = state.withLock { Array(($0.aliases[ended.item] ?? [:]).keys) }
        func body(_ writer: inout JSONWriter) {
            writer.key("state")
            writer.string(ended.state.rawValue)
            writer.key("price")
            writer.string(AuctionMoney.text(ended.price))
        }
        if ended.state == .sold, let winner = ended.leader {
            send(to: winner, AuctionStreamJSON.event("won", ended.item, ended.sequence, now, body))
            send(to: ended.seller, AuctionStreamJSON.event("sold", ended.item, ended.sequence, now, body))
        }
        let lost = AuctionStreamJSON.event("lost", ended.item, ended.sequence, now, body)
        for bidder in bidders where bidder != ended.leader || ended.state != .sold { send(to: bidder, lost) }
    }

    func broadcast(_ item: ItemID, _ sequence: UInt64, _ bytes: [UInt8], first: UInt64? = nil) {
        let frame = StreamFrame(text: bytes)
        let targets = state.withLock { state -> [StreamConnection] in
            var recent = state.recent[item] ?? []
            recent.append((first ?? sequence, sequence, frame))
            if recent.count > Self.retainedEvents { recent.removeFirst(recent.count - Self.retainedEvents) }
            state.recent[item] = recent
            return state.subscribers.values.filter { $0.items.contains(item) }.map(\.connection)
        }
        for connection in targets { _ = connection.enqueue(frame) }
    }

    /// Queues `bytes` on `account`'s connections; an `inbox` frame skips those whose inbox is held for a resume.
    func send(to account: AccountID, _ bytes: [UInt8], inbox: Bool = false) {
        let targets = state.withLock { state -> [StreamConnection] in
            guard let connections = state.byAccount[account] else { return [] }
            guard inbox else { return Array(connections.values) }
            return connections.filter { state.subscribers[$0.key]?.inboxHeld != true }.map(\.value)
        }
        guard !targets.isEmpty else { return }
        let frame = StreamFrame(text: bytes)
        for connection in targets { _ = connection.enqueue(frame) }
    }
}
