import BourseAuth
public import BourseUpbit
import BourseWire

/// A request's parameters, in the order the client sent them: the query string, then the body (form or
/// JSON), merged (reference §1: pyupbit sends GET parameters in a form body, DELETE parameters as JSON).
///
/// `+` decodes to a space and `%XX` to its byte; `name[]` is the same parameter as `name`; a list can come
/// as repeated keys or comma-joined.
public struct RequestParameters: Sendable, Hashable {
    /// One name and value.
    public struct Pair: Sendable, Hashable {
        /// The name, without a trailing `[]`.
        public var name: String
        /// The decoded value.
        public var value: String
    }

    /// Every parameter in order.
    public private(set) var pairs: [Pair] = []

    /// No parameters.
    public init() {}

    /// Parses a query string or form body (`a=1&b=2`).
    public init(form text: some Collection<UInt8>) throws(QuotationError) {
        try add(form: text)
    }

    /// The query string's parameters, then the body's: JSON when the content type says so or the body
    /// starts with `{`, else form-encoded.
    public init(query: String?, body: [UInt8]?, contentType: String?) throws(QuotationError) {
        self.init()
        if let query { try add(form: Array(query.utf8)) }
        guard let body, !body.isEmpty else { return }
        if contentType?.containsASCIILowercased("json") == true || body.first == UInt8(ascii: "{") {
            try add(json: body)
        } else {
            try add(form: body)
        }
    }

    /// Adds the parameters of a query string or form body.
    public mutating func add(form text: some Collection<UInt8>) throws(QuotationError) {
        for field in text.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = field.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0])
            let value = parts.count > 1 ? try Self.decode(parts[1]) : ""
            append(name: name, value: value)
        }
    }

    /// Adds the members of a JSON object body (arrays become repeated values).
    public mutating func add(json bytes: some Collection<UInt8>) throws(QuotationError) {
        let value: JSONValue
        do { value = try JSONValue(parsing: bytes) } catch { throw .invalidParameter }
        guard let members = value.members else { throw .invalidParameter }
        add(members: members)
    }

    /// Adds the members of a JSON object (arrays become repeated values; objects and nulls are skipped).
    mutating func add(members: [JSONMember]) {
        for member in members {
            switch member.value {
            case .array(let items):
                for item in items { if let text = Self.text(item) { append(name: member.key, value: text) } }
            default:
                if let text = Self.text(member.value) { append(name: member.key, value: text) }
            }
        }
    }

    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    private mutating func append(name: String, value: String) {
        let name = name.hasSuffix("[]") ? String(name.dropLast(2)) : name
        pairs.append(Pair(name: name, value: value))
    }

    // MARK: - Reading

    /// The first value of the first of `names` present.
    public func first(_ names: String...) -> String? {
        for name in names { if let pair = pairs.first(where: { $0.name == name }) { return pair.value } }
        return nil
    }

    /// Every value of `name`, repeated keys and comma-joined lists alike, empty items dropped.
    public func list(_ name: String) -> [String] {
        var values: [String] = []
        for pair in pairs where pair.name == name {
            for item in pair.value.utf8.split(separator: 0x2C) {  // ","
                let value = Substring(item).trimmingSpaces
                if !value.isEmpty { values.append(value) }
            }
        }
        return values
    }

    /// A required value (present and not empty).
    public func required(_ names: String...) throws(QuotationError) -> String {
        for name in names {
            if let pair = pairs.first(where: { $0.name == name }), !pair.value.isEmpty { return pair.value }
        }
        throw .missingParameter
    }

    /// An optional integer; a value that is not one is a type mismatch.
    public func integer(_ name: String) throws(QuotationError) -> Int? {
        guard let text = first(name), !text.isEmpty else { return nil }
        guard let value = Int(text.trimmingSpaces) else { throw .typeMismatch }
        return value
    }

    /// An optional boolean (`true`/`false`, any case).
    public func boolean(_ names: String...) throws(QuotationError) -> Bool? {
        for name in names {
            guard let text = first(name) else { continue }
            switch text.lowercased() {
            case "true": return true
            case "false": return false
            default: throw .typeMismatch
            }
        }
        return nil
    }

    // MARK: - Decoding

    private static func decode(_ bytes: some Collection<UInt8>) throws(QuotationError) -> String {
        guard let decoded = PercentEncoding.decode(bytes, plusAsSpace: true),
            let text = String(validating: decoded, as: UTF8.self)
        else { throw .invalidParameter }
        return text
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces (scanned as UTF-8: a space is one byte and never part of
    /// another character, so no grapheme breaking is needed).
    var trimmingSpaces: String {
        let text = Substring(self)
        guard let first = text.utf8.firstIndex(where: { $0 != 0x20 }),
            let last = text.utf8.lastIndex(where: { $0 != 0x20 })
        else { return "" }
        return String(text[first...last])
    }
}
