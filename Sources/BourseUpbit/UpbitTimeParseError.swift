/// A `to` parameter (or a trades `to` time of day) that is not one of the spellings Upbit accepts.
public struct UpbitTimeParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Hashable, Sendable {
        /// The text does not follow any accepted spelling.
        case malformed
        /// The spelling is right but a field is out of range (month 13, 24:00:00, February 30, …).
        case outOfRange
    }

    /// The text that failed to parse.
    public let text: String
    /// Why it failed.
    public let reason: Reason

    /// An error for `text`.
    public init(text: String, reason: Reason) {
        self.text = text
        self.reason = reason
    }

    /// A message for logs and error bodies.
    public var description: String {
        switch reason {
        case .malformed: "malformed time \"\(text)\""
        case .outOfRange: "time out of range \"\(text)\""
        }
    }
}
