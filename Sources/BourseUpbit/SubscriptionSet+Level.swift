import BourseWire

extension SubscriptionSet {
    /// The longest `level` text accepted, in characters.
    static let maximumLevelLength = 32

    /// An order-book `level`: a non-negative decimal, as a number or a numeric string, in canonical text
    /// (no leading zeros, no trailing fractional zeros); `nil` for absent, `null` or zero.
    static func level(_ value: JSONValue?) throws(SubscriptionError) -> String? {
        let text: String
        switch value {
        case nil, .null?: return nil
        case .number(let number)?: text = number
        case .string(let string)?: text = string
        case let other?:
            throw .invalidParameter("The level \(SubscriptionText.quoted(other)) is not a number.")
        }
        guard let canonical = canonicalDecimal(text) else {
            throw .invalidParameter(
                "The level \(SubscriptionText.quoted(text)) is not a non-negative decimal number such as 10000 or 0.1."
            )
        }
        return canonical == "0" ? nil : canonical
    }

    /// `digits[.digits]` without sign or exponent, canonicalised; `nil` for anything else.
    private static func canonicalDecimal(_ text: String) -> String? {
        guard text.utf8.count <= maximumLevelLength else { return nil }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { $0 &- 0x30 < 10 } }
        guard parts.allSatisfy(isDigits) else { return nil }
        var integer = parts[0].drop { $0 == "0" }
        if integer.isEmpty { integer = "0" }
        guard parts.count == 2 else { return String(integer) }
        let fraction = parts[1].reversed().drop { $0 == "0" }.reversed()
        return fraction.isEmpty ? String(integer) : "\(integer).\(String(fraction))"
    }
}
