/// Failures of a store itself (not business outcomes, which are events).
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A journal record did not start right after the last stored entry.
    case outOfOrder(expected: UInt64, got: UInt64)
    /// The database was written by a newer Bourse whose schema this one does not know.
    case schemaTooNew(found: Int, known: Int)
    /// Stored bytes could not be read back (`detail` says what and where).
    case corrupt(String)
    /// The store was closed.
    case closed
    /// A name or key that must be unique exists already (`what` names it).
    case duplicate(String)

    /// The value a stored text names, or `corrupt` naming `what` if it names none; `nil` stays `nil`.
    public static func decode<Value: RawRepresentable<String>>(_ text: String?, _ what: String) throws -> Value? {
        guard let text else { return nil }
        guard let value = Value(rawValue: text) else { throw StoreError.corrupt("\(what): '\(text)'") }
        return value
    }

    /// A sentence for logs and error messages.
    public var description: String {
        switch self {
        case .outOfOrder(let expected, let got):
            "journal record starts at sequence \(got), expected \(expected)"
        case .schemaTooNew(let found, let known):
            "database schema version \(found) is newer than this build knows (\(known)); upgrade Bourse"
        case .corrupt(let detail): "stored data is damaged: \(detail)"
        case .closed: "the store is closed"
        case .duplicate(let what): "\(what) exists already"
        }
    }
}
