import BourseWire

/// How error messages quote the client's values: short, and recognisable.
enum SubscriptionText {
    /// The longest quoted value, in characters; longer ones are cut with `…` so one error stays small.
    static let maximumQuotedLength = 64

    /// A string in double quotes, cut to ``maximumQuotedLength``.
    static func quoted(_ text: String) -> String {
        guard text.count > maximumQuotedLength else { return "\"\(text)\"" }
        return "\"\(text.prefix(maximumQuotedLength))…\""
    }

    /// A JSON value as a short phrase: strings quoted, numbers as written, containers by kind.
    static func quoted(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): String(bool)
        case .number(let text): text.count > maximumQuotedLength ? "a long number" : text
        case .string(let text): quoted(text)
        case .array: "an array"
        case .object: "an object"
        }
    }
}
