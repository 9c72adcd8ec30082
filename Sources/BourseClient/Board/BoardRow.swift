/// One row of a published board: a market, its latest ticker, and whether it is a favourite.
public struct BoardRow: Hashable, Sendable, Identifiable {
    /// The listed market the row shows (code and names).
    public var market: BoardMarket
    /// Its latest ticker; `nil` until the first one arrives.
    public var ticker: TickerUpdate?
    /// `true` if the user marked it as a favourite.
    public var isFavourite: Bool

    /// The market code: rows are identified by it.
    public var id: String { market.code }

    /// Builds it from exactly these parts; nothing is checked or derived here.
    public init(market: BoardMarket, ticker: TickerUpdate?, isFavourite: Bool) {
        self.market = market
        self.ticker = ticker
        self.isFavourite = isFavourite
    }
}
