public import Foundation

/// A message of the public WebSocket, as far as the SDK reads it.
public enum StreamMessage: Sendable {
    /// A `ticker` message.
    case ticker(TickerUpdate)
    /// A `trade` message.
    case trade(TradeUpdate)
    /// An `orderbook` message (always a whole top-N snapshot).
    case orderbook(OrderBookView)
    /// A status or message type the SDK does not model (`{"status":"UP"}`, other types).
    case other(type: String?)
    /// An error frame (`{"error":{"name":…,"message":…}}`).
    case error(name: String, message: String)

    /// Decodes one frame's JSON (a single object; list formats are not requested by the SDK).
    public static func decode(_ bytes: Data) throws -> StreamMessage {
        try numbered(bytes).message
    }

    /// Decodes one frame's JSON with its topic's number (`seq`/`sq`), which a Bourse server adds for a
    /// connection that asked (`{"resume":…}` in its request); nil from servers and connections without it.
    public static func numbered(_ bytes: Data) throws -> (message: StreamMessage, sequence: UInt64?) {
        let head = try JSONDecoder().decode(Head.self, from: bytes)
        return (try message(bytes, head: head), head.sequence)
    }

    private static func message(_ bytes: Data, head: Head) throws -> StreamMessage {
        if let error = head.error { return .error(name: error.name, message: error.message ?? "") }
        switch head.type {
        case "ticker": return .ticker(try JSONDecoder().decode(TickerUpdate.self, from: bytes))
        case "trade": return .trade(try JSONDecoder().decode(TradeUpdate.self, from: bytes))
        case "orderbook": return .orderbook(try JSONDecoder().decode(OrderBookView.self, from: bytes))
        default: return .other(type: head.type)
        }
    }

    private struct Head: Decodable {
        struct Failure: Decodable {
            var name: String
            var message: String?
        }
        var type: String?
        var error: Failure?
        var sequence: UInt64?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WireKey.self)
            type = try container.optionalValue("type", "ty", as: String.self)
            error = try container.optionalValue("error", as: Failure.self)
            sequence = try container.optionalValue("seq", "sq", as: UInt64.self)
        }
    }
}
