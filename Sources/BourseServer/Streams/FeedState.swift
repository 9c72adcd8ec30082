import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import NIOCore

/// Everything the feed's task owns: each market's stream-side market data and the subscription index.
struct FeedState {
    /// One market as the streams see it: market data fed by durable trades only.
    struct FeedMarket {
        var market: Market
        var data: MarketData
        var bestAsk: OrderBookLevel?
        var bestBid: OrderBookLevel?
        /// Streamed candle units changed since their last push.
        var changedCandles: Set<CandleUnit> = []
    }

    /// One subscriber of a topic.
    struct Subscriber {
        var connection: StreamConnection
        var format: StreamFormat
    }

    /// One connection's request, as the feed keeps it for `LIST_SUBSCRIPTIONS` and cleanup.
    struct Entry {
        var connection: StreamConnection
        var format: StreamFormat = .default
        var subscriptions: [StreamSubscription] = []
        var topics: [StreamTopic] = []
        var keepaliveDue: Timestamp?
        var lastSentCount = 0
        var quietSince: Timestamp?
    }

    var markets: [MarketCode: FeedMarket] = [:]
    var connections: [Int: Entry] = [:]
    var subscribers: [StreamTopic: [Int: Subscriber]] = [:]

    init(markets: [FeedMarket]) {
        for market in markets { self.markets[market.market.code] = market }
    }

    init(state: ExchangeState) {
        self.init(
            markets: zip(state.exchange.markets, state.marketData).map { market, data in
                FeedMarket(market: market, data: data)
            })
    }

    /// Drops `connection` and its topics.
    mutating func remove(_ connection: StreamConnection) {
        guard let entry = connections.removeValue(forKey: connection.id) else { return }
        unregister(entry)
    }

    /// Removes `entry`'s topics from the index.
    mutating func unregister(_ entry: Entry) {
        for topic in entry.topics {
            subscribers[topic]?[entry.connection.id] = nil
            if subscribers[topic]?.isEmpty == true { subscribers[topic] = nil }
        }
    }

    /// Whether anyone listens to `topic`.
    func hasSubscribers(_ topic: StreamTopic) -> Bool { subscribers[topic] != nil }

    /// The order-book views (depth, level) someone subscribed to in `market`.
    func orderBookTopics(of market: MarketCode) -> [StreamTopic] {
        subscribers.keys.filter { $0.kind == .orderBook && $0.market == market }
    }
}

/// One message's bytes in every format, encoded on first use and shared by all subscribers.
struct EncodedFrames {
    let encode: (KeyStyle) -> [UInt8]
    private var full: StreamFrame?
    private var abbreviated: StreamFrame?
    private var fullList: StreamFrame?
    private var abbreviatedList: StreamFrame?

    init(_ encode: @escaping (KeyStyle) -> [UInt8]) { self.encode = encode }

    mutating func frame(_ format: StreamFormat) -> StreamFrame {
        switch format {
        case .default:
            if full == nil { full = StreamFrame(binary: encode(.full)) }
            return full!
        case .simple:
            if abbreviated == nil { abbreviated = StreamFrame(binary: encode(.abbreviated)) }
            return abbreviated!
        case .jsonList:
            if fullList == nil { fullList = StreamFrame(binary: StreamJSON.listed(encode(.full))) }
            return fullList!
        case .simpleList:
            if abbreviatedList == nil { abbreviatedList = StreamFrame(binary: StreamJSON.listed(encode(.abbreviated))) }
            return abbreviatedList!
        }
    }
}
