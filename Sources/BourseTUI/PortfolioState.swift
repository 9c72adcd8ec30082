public import BourseClient

/// What the portfolio screen shows and what its keys did: the signed-in account's balances and open
/// orders, the selected order, the order being typed, the market's trade tape with the user's own fills,
/// and the last result.
///
/// Pure: keys in, an ``PortfolioAction`` out for the shell to perform, so every key is tested without a
/// server. Amounts stay the API's decimal strings; what is typed is checked as a decimal, never as a
/// floating-point number, because it is what the server is asked to trade.
public struct PortfolioState: Sendable {
    /// The order being typed.
    public struct Entry: Sendable, Equatable {
        /// Which box the typed characters go to.
        public enum Field: Sendable, Equatable { case price, volume }
        /// Buy (`bid`) or sell (`ask`).
        public var side: OrderSide
        /// The market the order goes to.
        public var market: String
        /// The limit price as typed.
        public var price = ""
        /// The amount as typed.
        public var volume = ""
        /// The box being typed in.
        public var field = Field.price

        /// A new order of `side` in `market`, starting from `price` (the last trade's, usually).
        public init(side: OrderSide, market: String, price: String = "") {
            self.side = side
            self.market = market
            self.price = price
        }
    }

    /// Who is signed in.
    public var user: String
    /// The market new orders go to (`--market`).
    public var market: String
    /// `GET /v1/accounts` as last loaded.
    public var balances: [AccountBalance] = []
    /// The open orders in every market, as last loaded.
    public var orders: [OrderSummary] = []
    /// The latest trades of ``market``, newest first (the public tape).
    public var trades: [TradeUpdate] = []
    /// The user's own fills, which the tape marks.
    public var fills = OwnFills()
    /// Why own fills are not being followed now (the private socket is away), in words; nil while they are.
    public var fillsTrouble: String?
    /// The index of the selected open order.
    public var selected = 0
    /// The order being typed, if any.
    public var entry: Entry?
    /// The last result or refusal, in words.
    public var notice: String?
    /// Whether ``notice`` is a refusal or a failure (shown in red).
    public var noticeIsError = false
    /// Whether the latest refresh failed (the lists are then the last ones that loaded).
    public var stale = false
    /// Set by `q` and Ctrl-C.
    public var shouldQuit = false

    /// The screen of `user`, placing new orders in `market`.
    public init(user: String, market: String) {
        self.user = user
        self.market = market
    }

    /// Applies `key`; returns what the shell must do, if anything. `lastPrice` fills a new order's price.
    public mutating func handle(_ key: KeyPress, lastPrice: String? = nil) -> PortfolioAction? {
        if key == .interrupt {
            shouldQuit = true
            return nil
        }
        if entry != nil { return handleEntry(key) }
        switch key {
        case .character("q"): shouldQuit = true
        case .character("b"): entry = Entry(side: .bid, market: market, price: lastPrice ?? "")
        case .character("s"): entry = Entry(side: .ask, market: market, price: lastPrice ?? "")
        case .character("r"): return .refresh
        case .up, .character("k"): selected = max(0, selected - 1)
        case .down, .character("j"): selected = min(max(0, orders.count - 1), selected + 1)
        case .character("c"), .character("x"):
            guard orders.indices.contains(selected) else {
                say("no open order to cancel", error: true)
                return nil
            }
            return .cancel(uuid: orders[selected].uuid)
        default: break
        }
        return nil
    }

    private mutating func handleEntry(_ key: KeyPress) -> PortfolioAction? {
        guard var entry else { return nil }
        switch key {
        case .escape:
            self.entry = nil
            return nil
        case .tab, .up, .down: entry.field = entry.field == .price ? .volume : .price
        case .backspace:
            if entry.field == .price { _ = entry.price.popLast() } else { _ = entry.volume.popLast() }
        case .character(let character) where character.isASCII && (character.isNumber || character == "."):
            if entry.field == .price { entry.price.append(character) } else { entry.volume.append(character) }
        case .character(","): break
        case .enter:
            guard Self.isDecimal(entry.price), Self.isDecimal(entry.volume) else {
                say("type the price and the amount as decimals (Tab switches)", error: true)
                return nil
            }
            self.entry = nil
            return .place(market: entry.market, side: entry.side, price: entry.price, volume: entry.volume)
        default: break
        }
        self.entry = entry
        return nil
    }

    /// New lists from the server; the selection stays on its order where it can.
    public mutating func loaded(balances: [AccountBalance], orders: [OrderSummary]) {
        let kept = self.orders.indices.contains(selected) ? self.orders[selected].uuid : nil
        self.balances = balances
        self.orders = orders
        selected =
            kept.flatMap { uuid in orders.firstIndex { $0.uuid == uuid } } ?? min(selected, max(0, orders.count - 1))
        stale = false
    }

    /// Keeps an event of the user's orders from the private socket (fills mark the tape).
    public mutating func recorded(_ event: OrderEvent) {
        fills.record(event)
    }

    /// Shows `text` on the status line (in red when `error`).
    public mutating func say(_ text: String, error: Bool = false) {
        notice = text
        noticeIsError = error
    }

    /// A positive decimal as the server reads one: digits, then at most one point with digits on both
    /// sides and at most 8 after it (`1000000`, `0.01`; not `.5`, `5.`, `1e5` or `0`).
    static func isDecimal(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            parts.allSatisfy({ $0.allSatisfy(\.isNumber) }), parts.count == 1 || parts[1].count <= 8
        else { return false }
        return text.contains { $0 != "0" && $0 != "." }
    }
}

/// What the shell does for a key of the portfolio screen.
public enum PortfolioAction: Sendable, Equatable {
    case refresh
    case cancel(uuid: String)
    case place(market: String, side: OrderSide, price: String, volume: String)
}
