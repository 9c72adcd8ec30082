/// The active alerts, indexed by what they watch, and the pure rule of which ones a change fires.
///
/// The server keeps one, loaded from the store at start; each commit's tickers and each clock tick's live
/// items go through it. An alert leaves the book the moment it fires or expires, so the caller gets it
/// once and stores that; nothing here reads a clock or a store. Each change looks only at the alerts on
/// its own market or item (a linear pass: a market carries tens or hundreds of alerts, not millions).
/// An alert is held at most once: adding one the book holds replaces it.
public struct AlertBook: Sendable {
    private var byMarket: [MarketCode: [Alert]] = [:]
    private var byItem: [ItemID: [Alert]] = [:]
    /// What each held alert watches, by id: where ``remove(_:)`` and ``add(_:)`` find it.
    private var watched: [UInt64: AlertCondition] = [:]

    /// An empty book.
    public init() {}

    /// The markets with an active alert (what the market feed snapshots tickers for).
    public var markets: Set<MarketCode> { Set(byMarket.keys) }

    /// The items with an active alert.
    public var items: Set<ItemID> { Set(byItem.keys) }

    /// How many alerts the book holds.
    public var count: Int { watched.count }

    /// Whether an alert watches `market` (a look-up, no copy: the market feed asks after every commit).
    public func watches(_ market: MarketCode) -> Bool { byMarket[market] != nil }

    /// Adds an active alert, replacing the one with its id if held (others are ignored: they are history).
    public mutating func add(_ alert: Alert) {
        guard alert.state == .active else { return }
        remove(alert.id)
        if let market = alert.condition.market {
            byMarket[market, default: []].append(alert)
        } else if let item = alert.condition.item {
            byItem[item, default: []].append(alert)
        } else {
            return
        }
        watched[alert.id] = alert.condition
    }

    /// Removes the alert with `id` (its owner deleted it); nil if the book does not hold it.
    @discardableResult
    public mutating func remove(_ id: UInt64) -> Alert? {
        guard let condition = watched.removeValue(forKey: id) else { return nil }
        if let market = condition.market {
            return Self.take(id, at: market, from: &byMarket)
        }
        return condition.item.flatMap { Self.take(id, at: $0, from: &byItem) }
    }

    /// Removes and returns the alerts of `ticker`'s market that it meets, in the order they were added.
    public mutating func fired(by ticker: TickerSnapshot) -> [Alert] {
        guard let alerts = byMarket[ticker.market] else { return [] }
        let (met, rest) = Self.split(alerts) { $0.condition.isMet(by: ticker) }
        byMarket[ticker.market] = rest.isEmpty ? nil : rest
        for alert in met { watched[alert.id] = nil }
        return met
    }

    /// Removes and returns the alerts on `item` that it meets at `now` (`fired`), or that it no longer can
    /// because its sale is over (`expired`).
    public mutating func changed(_ item: AuctionItem, at now: Timestamp) -> (fired: [Alert], expired: [Alert]) {
        guard let alerts = byItem[item.id] else { return ([], []) }
        if AlertCondition.isOver(item) {
            byItem[item.id] = nil
            for alert in alerts { watched[alert.id] = nil }
            return ([], alerts)
        }
        let (met, rest) = Self.split(alerts) { $0.condition.isMet(by: item, at: now) }
        byItem[item.id] = rest.isEmpty ? nil : rest
        for alert in met { watched[alert.id] = nil }
        return (met, [])
    }

    private static func split(_ alerts: [Alert], by isMet: (Alert) -> Bool) -> (met: [Alert], rest: [Alert]) {
        var met: [Alert] = []
        var rest: [Alert] = []
        for alert in alerts {
            if isMet(alert) { met.append(alert) } else { rest.append(alert) }
        }
        return (met, rest)
    }

    private static func take<Key: Hashable>(_ id: UInt64, at key: Key, from table: inout [Key: [Alert]]) -> Alert? {
        guard let index = table[key]?.firstIndex(where: { $0.id == id }) else { return nil }
        let alert = table[key]!.remove(at: index)
        if table[key]!.isEmpty { table[key] = nil }
        return alert
    }
}
