/// An order book snapshot as a screen shows it: asks and bids from the best outwards, totals, best prices
/// and spread, optionally grouped into coarser price steps.
public struct OrderBookView: Hashable, Sendable {
    /// One price level.
    public struct Level: Hashable, Sendable {
        /// In the quote currency, as the server sent it (for display: the SDK does no money arithmetic).
        public var price: Double
        /// The size at it.
        public var size: Double

        /// Builds it from exactly these parts; nothing is checked or derived here.
        public init(price: Double, size: Double) {
            self.price = price
            self.size = size
        }
    }

    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public var code: String
    /// Asks, lowest (best) first.
    public var asks: [Level]
    /// Bids, highest (best) first.
    public var bids: [Level]
    /// The time of the snapshot (milliseconds).
    public var time: Int64

    /// Builds it from exactly these parts; nothing is checked or derived here.
    public init(code: String, asks: [Level], bids: [Level], time: Int64) {
        self.code = code
        self.asks = asks.filter { $0.price > 0 }
        self.bids = bids.filter { $0.price > 0 }
        self.time = time
    }

    /// The lowest ask.
    public var bestAsk: Double? { asks.first?.price }
    /// The highest bid.
    public var bestBid: Double? { bids.first?.price }
    /// Best ask minus best bid.
    public var spread: Double? { bestAsk.flatMap { ask in bestBid.map { ask - $0 } } }
    /// The size on the ask side.
    public var totalAskSize: Double { asks.reduce(0) { $0 + $1.size } }
    /// The size on the bid side.
    public var totalBidSize: Double { bids.reduce(0) { $0 + $1.size } }

    /// The book with levels merged into steps of `step` (asks rounded up, bids down, so a group never
    /// looks better than its levels).
    public func grouped(by step: Double) -> OrderBookView {
        guard step > 0 else { return self }
        func group(_ levels: [Level], _ round: (Double) -> Double) -> [Level] {
            var result: [Level] = []
            for level in levels {
                let price = round(level.price / step) * step
                if let last = result.last, last.price == price {
                    result[result.count - 1].size += level.size
                } else {
                    result.append(Level(price: price, size: level.size))
                }
            }
            return result
        }
        return OrderBookView(
            code: code, asks: group(asks, { $0.rounded(.up) }), bids: group(bids, { $0.rounded(.down) }), time: time)
    }
}

extension OrderBookView: Decodable {
    private struct Unit: Decodable {
        var ask: Level
        var bid: Level

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WireKey.self)
            ask = Level(price: try container.value("ask_price", "ap"), size: try container.value("ask_size", "as"))
            bid = Level(price: try container.value("bid_price", "bp"), size: try container.value("bid_size", "bs"))
        }
    }

    /// Reads REST `orderbook` entries and WebSocket `orderbook` messages (both spellings).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        let units: [Unit] = try container.value("orderbook_units", "obu")
        self.init(
            code: try container.value("market", "code", "cd"), asks: units.map(\.ask), bids: units.map(\.bid),
            time: try container.value("timestamp", "tms"))
    }
}
