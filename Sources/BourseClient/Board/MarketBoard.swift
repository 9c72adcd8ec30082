/// The live market board: every listed market's latest ticker, the user's favourites and choices, and
/// published snapshots (sorted, filtered rows with a minimal diff from the previous snapshot).
///
/// It is a value: absorbing a ticker is a dictionary look-up and a store, so a feed can pour every
/// message in (``apply(_:)``), and a UI takes a ``snapshot()`` at the rate it can draw (see
/// ``BoardFeed``). What a search or tab matches is computed when the settings change, not per snapshot.
public struct MarketBoard: Sendable {
    /// The listed markets, in the exchange's order.
    public private(set) var markets: [BoardMarket] = []
    /// The markets the user marked as favourites, by code (kept for unlisted markets too).
    public private(set) var favourites: Set<String>
    /// What the board shows and in which order. Changing it re-sorts at the next snapshot.
    public var settings: BoardSettings {
        didSet {
            if settings.tab != oldValue.tab || settings.query != oldValue.query { matching = nil }
            if settings != oldValue { needsResort = true }
        }
    }
    /// Ticker updates absorbed so far (unknown markets not counted).
    public private(set) var updatesAbsorbed = 0

    var slots: [String: Int] = [:]
    var searchKeys: [MarketSearchKey] = []
    var tickers: [TickerUpdate?] = []
    /// Rank of each market by Korean and by English name.
    var koreanRank: [Int32] = []
    var englishRank: [Int32] = []
    /// Markets whose row changed since the last snapshot.
    var changed: [Bool] = []
    var changedList: [Int] = []
    /// The markets the tab and search match, in listing order; `nil` when they must be recomputed.
    var matching: [Int]?
    /// The last snapshot's markets, in order.
    var shown: [Int] = []
    /// The codes of delisted markets still in `shown` (their slots run from `markets.count` on).
    var ghostCodes: [String] = []
    var hasPublished = false
    var needsResort = true

    /// A board of `markets` (in listing order) with `favourites` marked.
    public init(markets: [BoardMarket], favourites: Set<String> = [], settings: BoardSettings = BoardSettings()) {
        self.favourites = favourites
        self.settings = settings
        relist(markets)
    }

    // MARK: - Inputs

    /// Replaces the listing (a new `market/all`): markets still listed keep their tickers; rows of markets
    /// gone are removed at the next snapshot.
    public mutating func relist(_ markets: [BoardMarket]) {
        let previousTickers = Dictionary(
            zip(self.markets.map(\.code), tickers).compactMap { code, ticker in ticker.map { (code, $0) } },
            uniquingKeysWith: { first, _ in first })
        let previousShown = shown.map { slot in
            slot < self.markets.count ? self.markets[slot].code : ghostCodes[slot - self.markets.count]
        }
        self.markets = markets
        slots = Dictionary(markets.enumerated().map { ($1.code, $0) }, uniquingKeysWith: { first, _ in first })
        searchKeys = markets.map {
            MarketSearchKey(code: $0.code, koreanName: $0.koreanName, englishName: $0.englishName)
        }
        tickers = markets.map { previousTickers[$0.code] }
        koreanRank = Self.ranks(markets.map(\.koreanName))
        englishRank = Self.ranks(markets.map { $0.englishName.lowercased() })
        changed = Array(repeating: false, count: markets.count)
        changedList = []
        // Rows of delisted markets stay in `shown` as slots past the listing, so the next diff removes them.
        ghostCodes = []
        shown = previousShown.map { code in
            if let slot = slots[code] { return slot }
            defer { ghostCodes.append(code) }
            return markets.count + ghostCodes.count
        }
        matching = nil
        needsResort = true
    }

    /// Absorbs one ticker; `false` if its market is not listed.
    @discardableResult
    public mutating func apply(_ update: TickerUpdate) -> Bool {
        guard let slot = slots[update.code] else { return false }
        tickers[slot] = update
        updatesAbsorbed &+= 1
        markChanged(slot)
        return true
    }

    /// Marks or unmarks `code` as a favourite.
    public mutating func setFavourite(_ code: String, _ isFavourite: Bool) {
        guard favourites.contains(code) != isFavourite else { return }
        if isFavourite { favourites.insert(code) } else { favourites.remove(code) }
        if let slot = slots[code] { markChanged(slot) }
        if settings.tab == .favourites { matching = nil }
    }

    /// Flips `code`'s favourite mark; returns the new one.
    @discardableResult
    public mutating func toggleFavourite(_ code: String) -> Bool {
        let now = !favourites.contains(code)
        setFavourite(code, now)
        return now
    }

    /// In stable-order mode, sorts again at the next snapshot (a "refresh order" button).
    public mutating func resort() { needsResort = true }

    /// `true` if a snapshot now would differ from the last one (or none was taken).
    public var hasChanges: Bool { !hasPublished || !changedList.isEmpty || needsResort || matching == nil }

    private mutating func markChanged(_ slot: Int) {
        if !changed[slot] {
            changed[slot] = true
            changedList.append(slot)
        }
    }

    private static func ranks(_ names: [String]) -> [Int32] {
        var ranks = [Int32](repeating: 0, count: names.count)
        for (rank, index) in names.indices.sorted(by: { names[$0] < names[$1] }).enumerated() {
            ranks[index] = Int32(rank)
        }
        return ranks
    }
}
