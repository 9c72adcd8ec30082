/// The active alerts, indexed by what they watch, and the pure rule of which ones a change fires.
///
/// The server keeps one, loaded from the store at start; each commit's tickers and each clock tick's live
/// items go through it. An alert leaves the book the moment it fires or expires, so the caller gets it
/// once and stores that; nothing here reads a clock or a store. Each change looks only at the alerts on
/// its own market or item (a linear pass: a market carries tens or hundreds of alerts, not millions).
public struct AlertBook: Sendable {
    private var byMarket: [MarketCode: [Alert]] = [:]
    private var byItem: [ItemID: [Alert]] = [:]

    /// An empty book.
    public init() {}

    /// The markets with an active alert (what the market feed snapshots tickers for).
    public var markets: Set<MarketCode> { Set(byMarket.keys) }

    /// The items with an active alert.
    public var items: Set<ItemID> { Set(byItem.keys) }

    /// How many alerts the book holds.
    public var count: Int {
        byMarket.values.reduce(0) { $0 + $1.count } + byItem.values.reduce(0) { $0 + $1.count }
    }

    /// Adds an active alert (others are ignored: they are history).
    public mutating func add(_ alert: Alert) {
        guard alert.state == .active else { return }
        if let market = alert.condition.market {
            byMarket[market, default: []].append(alert)
        } else if let item = alert.condition.item {
            byItem[item, default: []].append(alert)
        }
    }

    /// Removes the alert with `id` (its owner deleted it); nil if the book does not hold it.
    @discardableResult
    public mutating func remove(_ id: UInt64) -> Alert? {
        for (market, alerts) in byMarket {
            if let index = alerts.firstIndex(where: { $0.id == id }) {
                return Self.take(index, of: market, from: &byMarket)
            }
        }
        for (item, alerts) in byItem {
            if let index = alerts.firstIndex(where: { $0.id == id }) {
                return Self.take(index, of: item, from: &byItem)
            }
        }
        return nil
    }

    /// Removes and returns the alerts of `ticker`'s market that it meets, in the order they were added.
    public mutating func fired(by ticker: TickerSnapshot) -> [Alert] {
        guard let alerts = byMarket[ticker.market] else { return [] }
        let (met, rest) = Self.split(alerts) { $0.condition.isMet(by: ticker) }
        byMarket[ticker.market] = rest.isEmpty ? nil : rest
        return met
    }

    /// Removes and returns the alerts on `item` that it meets at `now` (`fired`), or that it no longer can
    /// because its sale is over (`expired`).
    public mutating func changed(_ item: AuctionItem, at now: Timestamp) -> (fired: [Alert], expired: [Alert]) {
        guard let alerts = byItem[item.id] else { return ([], []) }
        if AlertCondition.isOver(item) {
            byItem[item.id] = nil
            return ([], alerts)
        }
        let (met, rest) = Self.split(alerts) { $0.condition.isMet(by: item, at: now) }
        byItem[item.id] = rest.isEmpty ? nil : rest
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

    private static func take<Key: Hashable>(_ index: Int, of key: Key, from table: inout [Key: [Alert]]) -> Alert {
        let alert = table[key]!.remove(at: index)
        if table[key]!.isEmpty { table[key] = nil }
        return alert
    }
}

extension AlertBook {
    /// Whether an alert watches `market` (a look-up, no copy: the market feed asks after every commit).
    public func watches(_ market: MarketCode) -> Bool { byMarket[market] != nil }
}
