/// A parsed JSON value.
///
/// Objects keep their members in document order, duplicate keys included, because Upbit's `query_hash` is
/// computed over parameters in the order the client sent them. Numbers keep the literal text as written
/// (`"1.50"`, `"-3"`, `"1e5"`), so no precision is lost before the caller chooses an exact decimal type;
/// as a consequence `.number("1.0")` and `.number("1")` are different values.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its literal text.
    case number(String)
    /// A string, with escapes resolved.
    case string(String)
    /// An array, in document order.
    case array([JSONValue])
    /// An object's members, in document order; a key may appear more than once.
    case object([JSONMember])

    /// Parses one JSON text (RFC 8259, strict).
    ///
    /// The whole input must be one value, with optional whitespace around it. The input must be valid
    /// UTF-8, `\u` escapes must pair surrogates correctly, and containers may nest at most
    /// 64 deep, so a hostile frame cannot exhaust the stack.
    public init(parsing bytes: some Collection<UInt8>) throws(JSONParseError) {
        let contiguous = bytes.withContiguousStorageIfAvailable { JSONParser.parse($0) }
        let result = contiguous ?? Array(bytes).withUnsafeBufferPointer { JSONParser.parse($0) }
        self = try result.get()
    }

    /// The value of the first member named `key`; `nil` if there is none or this is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    /// The boolean, if this is `true` or `false`.
    public var boolValue: Bool? {
        guard case .bool(let bool) = self else { return nil }
        return bool
    }

    /// The number's literal text, if this is a number.
    public var numberText: String? {
        guard case .number(let text) = self else { return nil }
        return text
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// The members in document order, if this is an object.
    public var members: [JSONMember]? {
        guard case .object(let members) = self else { return nil }
        return members
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The member's name, with escapes resolved.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Builds a member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
