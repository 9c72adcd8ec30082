public import BourseCore
import BourseWire

/// A parsed `/websocket/v1/private` request (§6.2, §6.4): a ticket, an optional format, and `myOrder`
/// (optionally limited to `codes`), `myAsset` and (Bourse's extension) `myAlert` type objects. Each request replaces the connection's
/// whole set, as on the public endpoint.
public struct PrivateSubscriptionRequest: Sendable, Hashable {
    /// The client's label for its connection; Upbit requires one.
    public var ticket: String
    /// The connection's format.
    public var format: StreamFormat
    /// Whether `myOrder` is wanted.
    public var orders: Bool
    /// The markets `myOrder` is limited to; `nil` for every market.
    public var orderMarkets: Set<MarketCode>?
    /// Whether `myAsset` is wanted.
    public var assets: Bool
    /// Whether `myAlert` is wanted: the account's alerts as they fire (a Bourse extension; Upbit's clients
    /// never ask for it, so they never get one).
    public var alerts: Bool
    /// Numbered messages, and what to resume (Bourse's extension, ``PrivateResume``); nil: Upbit's bytes.
    public var resume: PrivateResume?

    /// Parses a request frame; errors are the Upbit error frames to send back.
    public init(parsing bytes: some Collection<UInt8>) throws(SubscriptionError) {
        let document: JSONValue
        do { document = try JSONValue(parsing: bytes) } catch {
            throw .wrongFormat("The request is not valid JSON: \(error).")
        }
        guard let elements = document.arrayValue else {
            throw .wrongFormat("The request must be a JSON array of objects, e.g. [{\"ticket\":\"…\"},…].")
        }
        var ticket: String?
        var format = StreamFormat.default
        var orders = false
        var allMarkets = false
        var markets: Set<MarketCode> = []
        var assets = false
        var alerts = false
        var resume: PrivateResume?
        for element in elements {
            guard element.members != nil else { throw .wrongFormat("Every element of the request must be an object.") }
            if ticket == nil, let value = element["ticket"] {
                guard let text = value.stringValue, !text.isEmpty else { throw .noTicket("The ticket is empty.") }
                ticket = text
            }
            if let value = element["format"] {
                guard let name = value.stringValue, let parsed = StreamFormat(name: name) else {
                    throw .invalidParameter("Unknown format; expected DEFAULT, SIMPLE, JSON_LIST or SIMPLE_LIST.")
                }
                format = parsed
            }
            if let value = element["resume"] {
                guard resume == nil else { throw .invalidParameter("The request has more than one resume object.") }
                resume = try PrivateResume(parsing: value)
            }
            guard let type = element["type"] else { continue }
            switch type.stringValue {
            case "myOrder":
                orders = true
                let codes = element["codes"]?.arrayValue ?? []
                if codes.isEmpty { allMarkets = true }
                for code in codes {
                    guard let text = code.stringValue, let market = MarketCode(text.uppercased()) else {
                        throw .invalidParameter("A code of myOrder is not a market code (e.g. \"KRW-BTC\").")
                    }
                    markets.insert(market)
                }
            case "myAsset":
                if element["codes"] != nil { throw .wrongFormat("myAsset takes no codes.") }
                assets = true
            case "myAlert":
                if element["codes"] != nil { throw .wrongFormat("myAlert takes no codes.") }
                alerts = true
            default:
                throw .invalidParameter(
                    "The private endpoint streams myOrder, myAsset and myAlert; quotation types are on /websocket/v1.")
            }
        }
        guard let ticket else { throw .noTicket("The request has no ticket object, e.g. {\"ticket\":\"my-ticket\"}.") }
        guard orders || assets || alerts else {
            throw .noType("The request has no type object, e.g. {\"type\":\"myOrder\"}.")
        }
        self.ticket = ticket
        self.format = format
        self.orders = orders
        self.orderMarkets = allMarkets ? nil : markets
        self.assets = assets
        self.alerts = alerts
        self.resume = resume
    }
}
