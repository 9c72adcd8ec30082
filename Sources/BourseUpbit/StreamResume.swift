public import BourseCore
import BourseWire

/// Bourse's opt-in extension to `/websocket/v1` (issue #19): a request object `{"resume":{}}` asks for a
/// per-topic sequence number on every message of the connection (`seq`; `sq` in the SIMPLE formats), and
/// `{"resume":{"trade":{"KRW-BTC":1234}}}` also asks, per topic, for what it missed after that number. A
/// client that does not send it gets Upbit's messages byte for byte.
///
/// The numbers: `trade`, `ticker` and the candles count the market's trades (1, 2, 3, … with no gaps, kept
/// across restarts); `orderbook` is the journal position of the commit that changed the book (it grows, with
/// gaps, as books are state).
public struct StreamResume: Sendable, Hashable {
    /// One topic: a stream kind of one market.
    public struct Topic: Sendable, Hashable {
        /// The stream type.
        public var kind: StreamKind
        /// The market.
        public var market: MarketCode

        /// A topic.
        public init(kind: StreamKind, market: MarketCode) {
            self.kind = kind
            self.market = market
        }
    }

    /// The last number the client saw, per topic.
    public var since: [Topic: UInt64]

    /// Numbers on every message, and `since` resumed.
    public init(since: [Topic: UInt64] = [:]) {
        self.since = since
    }

    /// Parses the `resume` member's value: an object of type names, each an object of market codes to the
    /// last number seen (a non-negative integer).
    init(parsing value: JSONValue) throws(SubscriptionError) {
        guard let types = value.members else {
            throw .wrongFormat(
                "resume must be an object of types to {code: last seq}, e.g. {\"resume\":{\"trade\":{\"KRW-BTC\":12}}}."
            )
        }
        var since: [Topic: UInt64] = [:]
        for member in types {
            let (typeName, codes) = (member.key, member.value)
            guard let kind = StreamKind(typeName: typeName) else {
                throw .invalidParameter("resume names an unknown type \"\(typeName)\".")
            }
            guard let members = codes.members else {
                throw .wrongFormat("resume.\(typeName) must be an object of codes to the last seq seen.")
            }
            for entry in members {
                let (code, number) = (entry.key, entry.value)
                guard let market = MarketCode(code.uppercased()) else {
                    throw .invalidParameter("resume.\(typeName) names \"\(code)\", which is not a market code.")
                }
                guard let text = number.numberText, let sequence = UInt64(text) else {
                    throw .invalidParameter("resume.\(typeName).\(code) must be a whole number from 0.")
                }
                since[Topic(kind: kind, market: market)] = sequence
                guard since.count <= SubscriptionRequest.maximumSubscriptions else {
                    throw .invalidParameter(
                        "resume names more than \(SubscriptionRequest.maximumSubscriptions) (type, code) pairs.")
                }
            }
        }
        self.since = since
    }
}
