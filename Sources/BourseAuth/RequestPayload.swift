import BourseWire

/// The parts of a request that `query_hash` covers, exactly as received.
///
/// Upbit's clients disagree about what they hash (Upbit §4.2): ccxt hashes the decoded query, pyupbit the
/// percent-encoded form or JSON body, the official rule the query "not URL-encoded". The server therefore
/// derives a small set of candidate strings from these raw bytes and accepts a hash of any of them.
public struct RequestPayload: Sendable, Hashable {
    /// The URL query after `?`, still percent-encoded; `nil` or empty when there is none.
    public var query: String?
    /// The request body; `nil` or empty when there is none.
    public var body: [UInt8]?
    /// The body's `Content-Type` header, if any.
    public var contentType: String?

    /// Builds a payload.
    public init(query: String? = nil, body: [UInt8]? = nil, contentType: String? = nil) {
        self.query = query
        self.body = body
        self.contentType = contentType
    }

    /// A request with neither query nor body.
    public static let empty = RequestPayload()

    /// How the body is read.
    enum BodyKind {
        case json(JSONValue?)
        case form([UInt8])
    }

    /// The query's bytes, `nil` when absent or empty.
    var queryBytes: [UInt8]? {
        guard let query, !query.isEmpty else { return nil }
        return Array(query.utf8)
    }

    /// The body interpreted by its content type, `nil` when absent or only whitespace.
    ///
    /// A type mentioning `json` means JSON, `x-www-form-urlencoded` a form; without either, a body whose
    /// first non-space byte is `{` is taken as JSON. A JSON body that does not parse is `.json(nil)`.
    var bodyKind: BodyKind? {
        guard let body, let first = body.first(where: { !Self.isWhitespace($0) }) else { return nil }
        let type = contentType ?? ""
        let isJSON =
            type.containsASCIILowercased("json")
            || (!type.containsASCIILowercased("x-www-form-urlencoded") && first == UInt8(ascii: "{"))
        return isJSON ? .json(try? JSONValue(parsing: body)) : .form(body)
    }

    /// Whether the request carries parameters that a `query_hash` must cover.
    ///
    /// A JSON body `{}` carries none (ccxt sends it without a hash); a body that is not valid JSON counts
    /// as parameters, so it can never pass without a hash.
    public var hasParameters: Bool {
        if queryBytes != nil { return true }
        switch bodyKind {
        case nil: return false
        case .json(let value?): return value.members?.isEmpty != true
        case .json(nil), .form: return true
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
