/// Which rows a board shows, in what order: the user's choices.
public struct BoardSettings: Hashable, Sendable {
    /// The quote tab.
    public var tab: QuoteTab = .krw
    /// The sort; `nil` keeps the exchange's listing order ("off").
    public var sort: BoardSort?
    /// The search text (code, English or Korean name, 초성, or Korean typed on an English layout).
    public var query: String = ""
    /// Rows whose 24 h traded value is below this are hidden; 0 shows all (the liquidity filter).
    public var minimumTradedValue: Double = 0
    /// The names sorting by name uses (and a UI would show).
    public var names: NameLanguage = .korean
    /// Keep rows where they are as their values change: the order is recomputed only when the settings
    /// change (or ``MarketBoard/resort()`` is called); rows that appear are added at the end.
    public var stableOrder = false

    /// The default board: the KRW tab, listing order, no search, no filter.
    public init(
        tab: QuoteTab = .krw, sort: BoardSort? = nil, query: String = "", minimumTradedValue: Double = 0,
        names: NameLanguage = .korean, stableOrder: Bool = false
    ) {
        self.tab = tab
        self.sort = sort
        self.query = query
        self.minimumTradedValue = minimumTradedValue
        self.names = names
        self.stableOrder = stableOrder
    }
}

/// A quote tab of the board.
public enum QuoteTab: Hashable, Sendable {
    /// The markets quoted in a currency (`KRW`, `BTC`, `USDT`).
    case quote(String)
    /// The user's favourites, whatever their quote.
    case favourites

    /// Markets quoted in won.
    public static let krw = QuoteTab.quote("KRW")
    /// Markets quoted in bitcoin.
    public static let btc = QuoteTab.quote("BTC")
    /// Markets quoted in tether.
    public static let usdt = QuoteTab.quote("USDT")
}

/// A sort of the board.
public struct BoardSort: Hashable, Sendable {
    /// What rows are sorted by.
    public var key: BoardSortKey
    /// Which way.
    public var direction: SortDirection

    /// Sort by `key`, `direction` first.
    public init(_ key: BoardSortKey, _ direction: SortDirection) {
        self.key = key
        self.direction = direction
    }
}

/// What a board can be sorted by.
public enum BoardSortKey: String, Hashable, Sendable, CaseIterable {
    /// The last trade price.
    case price
    /// The change rate against the previous close.
    case changeRate
    /// The 24 h traded value.
    case tradedValue
    /// The name, in ``BoardSettings/names``.
    case name
}

/// A sort direction.
public enum SortDirection: Hashable, Sendable {
    /// Smallest first.
    case ascending
    /// Largest first.
    case descending
}

/// Korean or English names.
public enum NameLanguage: Hashable, Sendable {
    /// 비트코인.
    case korean
    /// Bitcoin.
    case english
}
