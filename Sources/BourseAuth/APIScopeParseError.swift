/// A scope list named a permission that does not exist.
public struct APIScopeParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offending name as written (empty for an empty item such as `accounts,,deposit`).
    public var name: String

    /// Builds an error.
    public init(name: String) {
        self.name = name
    }

    /// A sentence naming the bad item and every valid name.
    public var description: String {
        let valid = APIScope.allCases.map(\.rawValue).joined(separator: ", ")
        let what = name.isEmpty ? "an empty scope name" : "unknown scope '\(name)'"
        return "\(what); valid scopes are: \(valid)"
    }
}
