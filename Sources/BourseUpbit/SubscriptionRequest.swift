import BourseWire

/// A parsed `/websocket/v1` request message (§6.2).
///
/// A request is a JSON array of objects recognised by their keys, in any order: a ticket object, an
/// optional format object, and either type objects or a `method` object. Each request replaces the
/// connection's whole subscription set and format.
public enum SubscriptionRequest: Sendable, Hashable {
    /// Replace the connection's subscriptions (and format) with these, in order of first appearance; with
    /// `resume` (Bourse's extension, ``StreamResume``), numbered, and resumed where it says.
    case subscribe(
        ticket: String, format: StreamFormat, subscriptions: [StreamSubscription], resume: StreamResume? = nil)
    /// `LIST_SUBSCRIPTIONS`; a format object, if present, applies to the connection too.
    case listSubscriptions(ticket: String, format: StreamFormat?)

    /// The most distinct (type, market) pairs one request may subscribe to; more is `INVALID_PARAM`.
    ///
    /// Upbit documents no limit. This one leaves room for every market's ticker and order book (Upbit
    /// lists about 600 markets) while bounding the work one frame can cause.
    public static let maximumSubscriptions = 1_000

    /// Parses a text or binary frame's bytes; errors are the Upbit error frames to send back.
    ///
    /// Rules beyond the reference: codes are upper-cased; several objects of one type merge; a repeated
    /// (type, market) keeps its first position with the options of its last mention; the first ticket and
    /// the first format win; when a `method` is present, type objects are ignored.
    public init(parsing bytes: some Collection<UInt8>) throws(SubscriptionError) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes)
        } catch {
            throw .wrongFormat("The request is not valid JSON: \(error).")
        }
        self = try Self(document: document)
    }

    /// The connection format this request sets, or `nil` when it leaves the format unchanged.
    public var format: StreamFormat? {
        switch self {
        case .subscribe(_, let format, _, _): format
        case .listSubscriptions(_, let format): format
        }
    }

    /// The request's ticket.
    public var ticket: String {
        switch self {
        case .subscribe(let ticket, _, _, _): ticket
        case .listSubscriptions(let ticket, _): ticket
        }
    }
}
