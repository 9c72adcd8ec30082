import BourseCore
import BourseStore
import Synchronization

/// Users' alerts while the server runs (issue #19): the active ones in an ``AlertBook``, checked against each
/// durable commit's tickers (the market feed hands them over) and each clock tick's watched items, and
/// ended once, through the notifier, into the owner's inbox, auction sockets and (`myAlert`) private
/// exchange sockets.
///
/// The book is the store's active alerts, loaded at start; the routes add and delete through here, so
/// the two agree. An alert leaves the book when it fires; the store ends it in the same transaction as
/// its notification, and refuses to end it twice.
final class AlertDesk: Sendable {
    /// Active alerts one user may hold.
    static let maximumActive = 50
    /// Ended alerts a list shows after the active ones.
    static let listedEnded = 50
    /// Ended alerts kept per user (older ones are deleted when the next is set).
    static let keptEnded = 100
    /// Alerts one user may set a minute: one already met fires at once, and each leaves an inbox entry.
    static let creationsPerMinute = 30

    let store: any Store
    let notifier: Notifier
    let catalog: AuctionCatalog
    let clock: @Sendable () -> Timestamp
    private let book = Mutex(AlertBook())
    /// Per user, when their recent alerts were set (epoch milliseconds): the creation limit's window.
    private let creations = Mutex<[AccountID: [Int64]]>([:])
    /// Where a fired alert goes besides the inbox (the private exchange socket's `myAlert`).
    private let firedHandler = Mutex<(@Sendable (Alert, StoredNotification) -> Void)?>(nil)

    init(store: any Store, notifier: Notifier, catalog: AuctionCatalog, clock: @escaping @Sendable () -> Timestamp) {
        self.store = store
        self.notifier = notifier
        self.catalog = catalog
        self.clock = clock
    }

    /// Reads the store's active alerts into the book (at start; those added meanwhile are kept, and an alert
    /// held already is replaced, not doubled).
    func load() async throws {
        let active = try await store.activeAlerts()
        book.withLock { book in
            for alert in active { book.add(alert) }
        }
    }

    /// ``load()`` until it succeeds (a database still starting), waiting 1, 2, 4 … up to 30 s between tries.
    func loadRetrying() async {
        var wait = 1
        while !Task.isCancelled {
            do {
                try await load()
                return
            } catch {
                try? await Task.sleep(for: .seconds(wait))
                wait = min(30, wait * 2)
            }
        }
    }

    /// Counts one alert set by `account` at `now`; the seconds to wait if that passes
    /// ``creationsPerMinute``, nil if it is admitted.
    func admitCreation(by account: AccountID, at now: Timestamp) -> Int? {
        creations.withLock { creations in
            let recent = (creations[account] ?? []).filter { now.milliseconds - $0 < 60_000 }
            guard recent.count < Self.creationsPerMinute else {
                creations[account] = recent
                return Int((recent[0] + 60_000 - now.milliseconds + 999) / 1_000)
            }
            creations[account] = recent + [now.milliseconds]
            return nil
        }
    }

    /// Also hands each fired alert with its stored notification to `handler`.
    func onFired(_ handler: @escaping @Sendable (Alert, StoredNotification) -> Void) {
        firedHandler.withLock { $0 = handler }
    }

    /// Starts watching `alert` (just stored).
    func watch(_ alert: Alert) {
        book.withLock { $0.add(alert) }
    }

    /// Stops watching alert `id` (its owner deleted it).
    func forget(_ id: UInt64) {
        _ = book.withLock { $0.remove(id) }
    }

    /// The items some alert watches (what the auction clock reads for ``observe(_:at:)``).
    var items: Set<ItemID> { book.withLock { $0.items } }

    // MARK: - Changes in

    /// Fires the alerts `tickers` meet (each the durable ticker of its market after a commit).
    func observe(_ tickers: [TickerSnapshot]) {
        var fired: [(Alert, TickerSnapshot)] = []
        book.withLock { book in
            for ticker in tickers {
                for alert in book.fired(by: ticker) { fired.append((alert, ticker)) }
            }
        }
        guard !fired.isEmpty else { return }
        let now = clock()
        end(
            fired.map { alert, ticker in
                AlertEnding(
                    id: alert.id, state: .fired, at: now,
                    notification: StoredNotification(
                        account: alert.account, kind: "alert", words: AlertText.firedWords(alert.condition, ticker),
                        at: now))
            }, alerts: fired.map(\.0))
    }

    /// Fires the alerts on `items` that they meet at `now`, and expires those whose sale is over.
    func observe(_ items: [AuctionItem], at now: Timestamp) {
        var fired: [(Alert, AuctionItem)] = []
        var expired: [Alert] = []
        book.withLock { book in
            for item in items {
                let changed = book.changed(item, at: now)
                fired += changed.fired.map { ($0, item) }
                expired += changed.expired
            }
        }
        guard !fired.isEmpty || !expired.isEmpty else { return }
        let endings =
            fired.map { alert, item in
                AlertEnding(
                    id: alert.id, state: .fired, at: now,
                    notification: StoredNotification(
                        account: alert.account, kind: "alert", item: item.id,
                        words: AlertText.firedWords(
                            alert.condition, item, title: catalog.listing(item.id)?.title, at: now),
                        at: now))
            } + expired.map { AlertEnding(id: $0.id, state: .expired, at: now, notification: nil) }
        end(endings, alerts: fired.map(\.0) + expired)
    }

    /// Ends `alerts` through the notifier (after the notifications queued before them), then hands the fired
    /// ones that took effect to the private sockets. If the store fails, they go back into the book: still
    /// active there, they fire at the next change that meets them.
    private func end(_ endings: [AlertEnding], alerts: [Alert]) {
        let byID = Dictionary(alerts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let handler = firedHandler.withLock { $0 }
        notifier.end(endings) { [weak self] ended in
            guard let ended else {
                for alert in alerts { self?.watch(alert) }
                return
            }
            guard let handler else { return }
            for ending in ended {
                guard let notification = ending.notification, var alert = byID[ending.id] else { continue }
                alert.state = ending.state
                alert.endedAt = ending.at
                handler(alert, notification)
            }
        }
    }
}

extension AlertDesk: TickerObserver {
    /// Whether an alert watches `market` (so the feed snapshots its ticker only then).
    func watches(_ market: MarketCode) -> Bool { book.withLock { $0.watches(market) } }
}
