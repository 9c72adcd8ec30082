/// An amount of Korean won, whole won only: the auction house's money.
///
/// The server sends won as decimal strings ("25000"); they are kept as integers, never floating point,
/// so a price shown, compared or sent back is exactly the server's.
public struct Won: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByIntegerLiteral
{
    /// The amount in won.
    public var rawValue: Int64

    /// `rawValue` won.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// `value` won.
    public init(_ value: Int64) { self.rawValue = value }

    /// Lets a literal be an amount: `let max: Won = 25_000`.
    public init(integerLiteral value: Int64) { self.rawValue = value }

    /// The amount in a decimal string such as the server sends ("25000"), or `nil` if it is not whole won.
    public init?(_ text: String) {
        guard let value = Int64(text) else { return nil }
        self.rawValue = value
    }

    /// Orders by amount.
    public static func < (lhs: Won, rhs: Won) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The amount as the server writes it, digits only: what a request body sends back.
    public var description: String { String(rawValue) }

    /// Reads the server's decimal string (or a JSON integer, which some tools write).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int64.self) {
            self.rawValue = value
            return
        }
        let text = try container.decode(String.self)
        guard let value = Won(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not whole won: \(text)")
        }
        self = value
    }

    /// Writes the decimal string the server reads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
