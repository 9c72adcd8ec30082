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
        /// Whether its messages carry the topic's number (it asked with ``StreamResume``).
        var sequenced = false
    }

    /// One connection's request, as the feed keeps it for `LIST_SUBSCRIPTIONS` and cleanup.
    struct Entry {
        var connection: StreamConnection
        var format: StreamFormat = .default
        /// Whether the connection asked for numbered messages (``StreamResume``).
        var sequenced = false
        var subscriptions: [StreamSubscription] = []
        var topics: [StreamTopic] = []
        var keepaliveDue: Timestamp?
        var lastSentCount = 0
        var quietSince: Timestamp?
    }

    var markets: [MarketCode: FeedMarket] = [:]
    /// The journal position of the last commit published: an order book's number (``StreamResume``).
    var journalSequence: UInt64 = 0
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
        journalSequence = state.lastSequence
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

/// One message's bytes in every format, encoded on first use and shared by all subscribers; numbered for
/// those that asked (``StreamResume``), from the same encoding.
struct EncodedFrames {
    let encode: (KeyStyle) -> [UInt8]
    /// The topic's number for this message.
    let sequence: UInt64
    private var full: StreamFrame?
    private var abbreviated: StreamFrame?
    private var fullList: StreamFrame?
    private var abbreviatedList: StreamFrame?
    private var numbered: [StreamFormat: StreamFrame] = [:]

    init(sequence: UInt64 = 0, _ encode: @escaping (KeyStyle) -> [UInt8]) {
        self.sequence = sequence
        self.encode = encode
    }

    /// The frame for a subscriber in `format`, with the number if it is `sequenced`.
    mutating func frame(_ format: StreamFormat, sequenced: Bool) -> StreamFrame {
        guard sequenced else { return frame(format) }
        if let frame = numbered[format] { return frame }
        let keys: KeyStyle = format.abbreviatesKeys ? .abbreviated : .full
        let body = StreamJSON.sequenced(encode(keys), sequence, keys: keys)
        let frame = StreamFrame(binary: format.isList ? StreamJSON.listed(body) : body)
        numbered[format] = frame
        return frame
    }

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
