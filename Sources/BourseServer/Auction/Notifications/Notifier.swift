import BourseCore
import BourseStore
import BourseToolkit
import BourseWire
import Logging
import Synchronization

/// Users' inboxes (issue #19): adds notifications to the store and pushes each to its user's auction
/// sockets as a `notification` event with their unread count.
///
/// Notifications are made where durable changes are published (the writer's observer, the chat queue),
/// which must not wait for a store, so ``notify(_:)`` only queues them; one task stores whatever queued
/// meanwhile in one transaction (as chat and the journal do) and then pushes. Accounts that cannot sign
/// in (no password: the demo's traders and bidders, bots with API keys) have no inbox to read, so nothing
/// is stored for them.
final class Notifier: Sendable {
    /// Notifications stored in one transaction at most.
    static let maximumBatch = 1_000
    /// The most entries one inbox resume sends; a client further behind is told to read the list.
    static let maximumResumed = 200
    /// Notifications waiting past which new ones are dropped (a stalled store must not grow the heap).
    static let maximumWaiting = 100_000
    /// How long an account found without a password is believed to have none.
    static let nonUserMilliseconds: Int64 = 60_000
    /// The least time between two warnings of notifications dropped (a stalled store drops many a second).
    static let dropWarningMilliseconds: Int64 = 10_000

    /// One job of the queue.
    private enum Entry: Sendable {
        /// A notification to store and push.
        case notification(StoredNotification)
        /// A user marking entries read (``markRead(of:ids:through:)``): in the same queue, so the count it
        /// pushes and those of the notifications around it come in the order they were true.
        case markRead(AccountID, ids: [UInt64]?, through: UInt64?, CheckedContinuation<Int, any Error>)
        /// Alerts ending (``end(_:then:)``): stored with their notifications, which are then pushed like any.
        case alerts([AlertEnding], @Sendable ([AlertEnding]?) -> Void)
        /// A socket resuming an inbox (``resume(_:after:send:)``).
        case resume(AccountID, InboxResume, @Sendable ([[UInt8]]) -> Void)
    }

    /// Where a socket's inbox resumes.
    enum InboxResume: Sendable {
        /// After this notification id.
        case after(UInt64)
        /// From now: nothing is replayed, the answer only says the newest id.
        case latest
    }

    private struct State {
        /// Whether each account can sign in, and (for those that cannot) when that was checked.
        var users: [AccountID: (user: Bool, checked: Int64)] = [:]
        /// Notifications dropped since the last warning about it, and when that was (epoch milliseconds).
        var dropped = 0
        var droppedWarnedAt: Int64 = 0
        /// Unread counts of the accounts notified since start: read from the store once, then kept here (a
        /// count per account per batch would scan every unread entry of every bidder in a storm). Changed only
        /// by the drain, which also runs the markings, so it cannot race them. (Two servers on one PostgreSQL
        /// database each keep their own; a pushed count can then be off until the user reads the list.)
        var unread: [AccountID: Int] = [:]
    }

    private let store: any Store
    private let clock: @Sendable () -> Timestamp
    /// Store errors and drops are said here: an inbox that silently stops filling is a bug report waiting.
    private let logger: Logger
    private let state = Mutex(State())
    private let queue = BatchQueue<Entry>()
    /// Queues a frame on `account`'s sockets; set once by the feed that owns this notifier.
    private let push = Mutex<(@Sendable (AccountID, [UInt8]) -> Void)?>(nil)

    init(
        store: any Store, clock: @escaping @Sendable () -> Timestamp,
        logger: Logger = Logger(label: "bourse.notifier")
    ) {
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    /// Where stored notifications are pushed.
    func pushing(with push: @escaping @Sendable (AccountID, [UInt8]) -> Void) {
        self.push.withLock { $0 = push }
    }

    /// Whether `account` was found lately to have no password (no inbox): a cheap test for those who make
    /// notifications in bulk, before they make any.
    func isKnownNonUser(_ account: AccountID) -> Bool {
        let now = clock().milliseconds
        return state.withLock { state in
            guard let known = state.users[account] else { return false }
            return !known.user && now - known.checked < Self.nonUserMilliseconds
        }
    }

    /// `account` signed in, so it has a password now: it gets notifications from here on, even if it was
    /// found without one lately (`bourse user password` gives an existing account one from another process,
    /// which this cache cannot hear of).
    func signedIn(_ account: AccountID) {
        let now = clock().milliseconds
        state.withLock { $0.users[account] = (true, now) }
    }

    /// Queues `notifications` for their inboxes; returns at once.
    func notify(_ notifications: [StoredNotification]) {
        guard !notifications.isEmpty else { return }
        let (added, start) = queue.add(notifications.map(Entry.notification), limit: Self.maximumWaiting)
        if start { Task { await drain() } }
        if added < notifications.count { warnDropped(notifications.count - added) }
    }

    /// Marks `account`'s notifications read (``NotificationStore/markNotificationsRead(of:ids:through:)``)
    /// after every notification queued before, pushes the new count to the user's sockets
    /// (`notifications.read`), and returns it.
    func markRead(of account: AccountID, ids: [UInt64]?, through: UInt64?) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            if queue.add([.markRead(account, ids: ids, through: through, continuation)]).start {
                Task { await drain() }
            }
        }
    }

    /// Ends alerts (``AlertStore/endAlerts(_:)``) after every notification queued before, pushes the
    /// notifications of those that fired, and hands `then` the endings that took effect (an alert already
    /// ended, by another server or before a restart, is not among them: it fires once), or nil if the store
    /// failed (none of them ended).
    func end(_ endings: [AlertEnding], then: @escaping @Sendable ([AlertEnding]?) -> Void) {
        guard !endings.isEmpty else { return }
        if queue.add([.alerts(endings, then)]).start { Task { await drain() } }
    }

    /// Reads `account`'s entries after `resume` and hands `send` their `notification` events (oldest first)
    /// and a `notifications.resumed` message, in the queue's order: every entry stored before is in it, every
    /// one stored after is pushed after it. On a store error, only the resumed message, saying it is not
    /// complete (the client reads the list).
    func resume(_ account: AccountID, after resume: InboxResume, send: @escaping @Sendable ([[UInt8]]) -> Void) {
        if queue.add([.resume(account, resume, send)]).start { Task { await drain() } }
    }

    private func drain() async {
        while let entries = queue.take() {
            var batch: [StoredNotification] = []
            for entry in entries {
                switch entry {
                case .notification(let notification):
                    batch.append(notification)
                    if batch.count == Self.maximumBatch {
                        await store(batch)
                        batch = []
                    }
                case .resume(let account, let resume, let send):
                    if !batch.isEmpty {
                        await store(batch)
                        batch = []
                    }
                    send(await resumed(account, after: resume))
                case .alerts(let endings, let then):
                    if !batch.isEmpty {
                        await store(batch)
                        batch = []
                    }
                    let ended: [AlertEnding]
                    do {
                        ended = try await store.endAlerts(endings)
                    } catch {
                        logger.warning("alerts not ended (they stay active and fire again): \(error)")
                        then(nil)
                        continue
                    }
                    try? await deliver(ended.compactMap(\.notification))
                    then(ended)
                case .markRead(let account, let ids, let through, let continuation):
                    if !batch.isEmpty {
                        await store(batch)
                        batch = []
                    }
                    do {
                        let unread = try await store.markNotificationsRead(of: account, ids: ids, through: through)
                        state.withLock { $0.unread[account] = unread }
                        push.withLock({ $0 })?(account, NotificationJSON.readEvent(unread: unread))
                        continuation.resume(returning: unread)
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
            if !batch.isEmpty { await store(batch) }
        }
    }

    /// The frames of an inbox resume: the entries after `resume`, oldest first, then `notifications.resumed`.
    private func resumed(_ account: AccountID, after resume: InboxResume) async -> [[UInt8]] {
        let since: UInt64?
        switch resume {
        case .after(let id): since = id
        case .latest: since = nil
        }
        do {
            let newest = try await store.notifications(
                of: account, unreadOnly: false, before: nil, limit: since == nil ? 1 : Self.maximumResumed + 1)
            let unread = try await store.unreadNotificationCount(of: account)
            state.withLock { $0.unread[account] = unread }
            let missed = since.map { since in newest.filter { $0.id > since } } ?? []
            let complete = missed.count <= Self.maximumResumed
            let sent = missed.prefix(Self.maximumResumed).reversed()
            return sent.map { NotificationJSON.event($0, unread: unread) }
                + [
                    NotificationJSON.resumedEvent(
                        since: since, replayed: sent.count, complete: complete, unread: unread,
                        last: max(newest.first?.id ?? 0, since ?? 0))
                ]
        } catch {
            logger.warning("an inbox resume could not read the store (the client is told to read the list): \(error)")
            return [
                NotificationJSON.resumedEvent(since: since, replayed: 0, complete: false, unread: nil, last: since ?? 0)
            ]
        }
    }

    /// Stores the batch's notifications of users and pushes each with its owner's unread count. A store
    /// error loses this batch (they are not money, and the next batch may succeed); it is not retried.
    private func store(_ batch: [StoredNotification]) async {
        do {
            let users = try await self.users(among: Set(batch.map(\.account)))
            try await deliver(try await store.addNotifications(batch.filter { users.contains($0.account) }))
        } catch {
            // Nothing to answer: the changes they follow are durable, and the inbox is a courtesy. Said, though.
            logger.warning("\(batch.count) notifications not stored: \(error)")
        }
    }

    /// Pushes `stored` (just added) to their owners' sockets, each with its owner's unread count.
    private func deliver(_ stored: [StoredNotification]) async throws {
        guard !stored.isEmpty else { return }
        let added = Dictionary(grouping: stored, by: \.account).mapValues(\.count)
        var before: [AccountID: Int] = [:]
        for (account, count) in added {
            if let known = state.withLock({ $0.unread[account] }),
                known + count <= StoredNotification.inboxCapacity
            {
                before[account] = known
                state.withLock { $0.unread[account] = known + count }
            } else {
                // Unknown, or an inbox the store may just have trimmed (it keeps the newest
                // ``StoredNotification/inboxCapacity``): counted again.
                // Read after the insert, so it counts this batch already.
                let total = try await store.unreadNotificationCount(of: account)
                before[account] = total - count
                state.withLock { $0.unread[account] = total }
            }
        }
        guard let push = push.withLock({ $0 }) else { return }
        // Each pushed notification carries the count with it and those before it in the batch.
        for notification in stored {
            let count = (before[notification.account] ?? 0) + 1
            before[notification.account] = count
            push(notification.account, NotificationJSON.event(notification, unread: count))
        }
    }

    /// Counts notifications dropped because the queue is full (a stalled store) and warns at most every
    /// ``dropWarningMilliseconds`` with how many went since the last warning.
    private func warnDropped(_ count: Int) {
        let now = clock().milliseconds
        let report = state.withLock { state -> Int? in
            state.dropped += count
            guard now - state.droppedWarnedAt >= Self.dropWarningMilliseconds else { return nil }
            defer { (state.dropped, state.droppedWarnedAt) = (0, now) }
            return state.dropped
        }
        if let report {
            logger.warning(
                "\(report) notifications dropped: \(Self.maximumWaiting) wait for a store that does not keep up")
        }
    }

    /// Which of `accounts` can sign in (have a password), from the cache where it is fresh.
    private func users(among accounts: Set<AccountID>) async throws -> Set<AccountID> {
        let now = clock().milliseconds
        var found: Set<AccountID> = []
        for account in accounts {
            let known = state.withLock { $0.users[account] }
            if let known, known.user || now - known.checked < Self.nonUserMilliseconds {
                if known.user { found.insert(account) }
                continue
            }
            let user = try await store.passwordHash(of: account) != nil
            // A sign-in that came while the store was read knows better (``signedIn(_:)``): never downgraded.
            state.withLock { $0.users[account] = ($0.users[account]?.user == true || user, now) }
            if user { found.insert(account) }
        }
        return found
    }
}
