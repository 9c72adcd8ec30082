/// Why a JSON text was rejected, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset in the input where the problem was found.
    public var offset: Int
    /// What was wrong, as a short English phrase (e.g. `unterminated string`).
    public var reason: String

    /// Builds an error.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// `reason at byte offset`.
    public var description: String { "\(reason) at byte \(offset)" }
}
