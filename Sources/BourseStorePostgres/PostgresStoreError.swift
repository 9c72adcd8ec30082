/// Mistakes in how a ``PostgresStore`` was asked to connect (failures of the database itself arrive as
/// PostgresNIO errors, and failures of the store contract as `StoreError`).
public enum PostgresStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The connection URL could not be understood (`reason` says why).
    case invalidURL(reason: String)
    /// A database name that is not a plain lower-case identifier (see
    /// ``PostgresStore/createDatabase(named:on:)``).
    case invalidDatabaseName(String)
    /// The server could not be reached or refused the login (`reason` is the server's or the network's
    /// message; the URL is shown without its password).
    case cannotConnect(String, reason: String)

    /// A sentence for logs and error messages.
    public var description: String {
        switch self {
        case .invalidURL(let reason): "invalid PostgreSQL URL: \(reason)"
        case .cannotConnect(let url, let reason): "cannot connect to \(url): \(reason)"
        case .invalidDatabaseName(let name):
            "invalid database name \"\(name)\": use 1 to 63 characters a-z, 0-9 and _, not starting with a digit"
        }
    }
}
