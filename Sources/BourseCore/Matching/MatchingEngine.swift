/// The matching engine of one market: its rules, its book and its trade counter.
///
/// Price-time priority: the best price trades first and, within a price, the oldest order. Trades happen
/// at the resting (maker) order's price. The engine is pure: time comes in with each call, and outcomes
/// are appended to an event buffer. It moves funds in the exchange's shared ``Ledger``, which the
/// ``Exchange`` passes in; the exchange owns one engine per market and is the only writer of all.
public struct MatchingEngine: Sendable, Equatable, Codable {
    /// The market's rules.
    public internal(set) var market: Market
    /// How many trades this market has had; the last trade's ``Trade/sequence``.
    public internal(set) var tradeCount: UInt64 = 0
    let slot: Int32
    let base: Int32
    let quote: Int32
    var book = OrderBook()

    init(market: Market, slot: Int32, ledger: inout Ledger) {
        self.market = market
        self.slot = slot
        self.base = ledger.currency(market.code.base)
        self.quote = ledger.currency(market.code.quote)
    }

    /// Why matching stopped.
    enum Stop {
        /// Nothing left to fill.
        case filled
        /// No opposite order at an acceptable price.
        case exhausted
        /// A budget order's leftover cannot buy one unit at the next price.
        case dust
        /// `cancel_taker` self-trade prevention.
        case cancelTaker
    }

    /// Packs a book slot with the market slot for the exchange's order index.
    @inline(__always) func location(_ bookSlot: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: slot)) << 32 | UInt64(UInt32(bitPattern: bookSlot))
    }

    /// The currency an order of `side` locks.
    @inline(__always) func lockCurrency(_ side: Side) -> Int32 { side == .bid ? quote : base }

    /// `true` when a taker limited at `limit` may trade with a resting order at `price`.
    @inline(__always) static func crosses(_ side: Side, limit: Int64, _ price: Int64) -> Bool {
        side == .bid ? price <= limit : price >= limit
    }
}
