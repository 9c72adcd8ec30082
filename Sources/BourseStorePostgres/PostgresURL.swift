import BourseWire

/// Where a ``PostgresStore`` connects: a parsed `postgres://` connection URL.
///
/// The accepted form is the URI subset of libpq, so the same URL works with `psql`:
/// `postgres[ql]://[user[:password]@][host][:port][/database][?name=value&…]`, percent-encoding allowed in
/// every part. A host that starts with `/` (written `%2F…` in the authority, or `?host=/dir`) is the directory
/// of the server's Unix socket, `<dir>/.s.PGSQL.<port>`, as in libpq; TLS does not apply there.
///
/// Parameters: `sslmode` (`disable`, `allow`, `prefer` (the default), `require`, `verify-ca`, `verify-full`),
/// `host`, `port`, `user`, `password`, `dbname`, `application_name`, `connect_timeout` (seconds). Any other
/// parameter is refused rather than ignored, so a misspelt `sslmode` cannot quietly weaken a connection.
public struct PostgresURL: Hashable, Sendable, CustomStringConvertible {
    /// How TLS is used, with libpq's names and meanings (`allow` behaves as `prefer`).
    public enum SSLMode: String, Hashable, Sendable, CaseIterable {
        /// Plain TCP.
        case disable
        /// TLS if the server offers it, without certificate checks.
        case allow
        /// TLS if the server offers it, without certificate checks (libpq's default).
        case prefer
        /// TLS or no connection, without certificate checks.
        case require
        /// TLS with a certificate signed by a trusted authority, for any host name.
        case verifyCA = "verify-ca"
        /// TLS with a trusted certificate issued for the host name.
        case verifyFull = "verify-full"
    }

    /// The role to log in as (`postgres` when the URL names none).
    public var user: String
    /// The password, if the server asks for one.
    public var password: String?
    /// A host name, an IP address, or (starting with `/`) the directory of a Unix socket; `localhost` when
    /// the URL names none.
    public var host: String
    /// The TCP port, which also names the Unix socket file.
    public var port: Int
    /// The database (the user's name when the URL names none, as in PostgreSQL).
    public var database: String
    /// How TLS is used over TCP.
    public var sslMode: SSLMode
    /// The name the server shows for these connections (`pg_stat_activity.application_name`).
    public var applicationName: String
    /// How long to wait for a connection, in seconds; `nil` for the client's default (10 s).
    public var connectTimeoutSeconds: Int?

    /// Whether ``host`` is a Unix socket directory rather than a network host.
    public var isUnixSocket: Bool { host.hasPrefix("/") }

    /// Parses a `postgres://` or `postgresql://` URL.
    public init(_ text: String) throws(PostgresStoreError) {
        let scheme = ["postgres://", "postgresql://"].first { text.hasPrefix($0) }
        guard let scheme else { throw .invalidURL(reason: "expected postgres:// or postgresql://") }
        var rest = Substring(text.dropFirst(scheme.count))
        var parameters: [(String, String)] = []
        if let question = rest.firstIndex(of: "?") {
            parameters = try Self.parameters(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        let path = slash < rest.endIndex ? rest[rest.index(after: slash)...] : ""

        user = "postgres"
        password = nil
        host = "localhost"
        port = 5432
        database = ""
        sslMode = .prefer
        applicationName = "bourse"
        connectTimeoutSeconds = nil

        var hostPort = authority
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            hostPort = authority[authority.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                user = try Self.decode(userInfo[..<colon])
                password = try Self.decode(userInfo[userInfo.index(after: colon)...])
            } else {
                user = try Self.decode(userInfo)
            }
        }
        try parseHostAndPort(hostPort)
        if !path.isEmpty { database = try Self.decode(path) }
        for (name, value) in parameters { try apply(name, value) }
        if user.isEmpty { throw .invalidURL(reason: "empty user name") }
        if database.isEmpty { database = user }
    }

    /// The URL without its password, in a form ``init(_:)`` reads back: safe for logs.
    public var description: String {
        var text = "postgres://\(Self.encode(user))@"
        text += host.contains(":") && !isUnixSocket ? "[\(host)]" : Self.encode(host)
        text += ":\(port)/\(Self.encode(database))"
        var parameters: [String] = []
        if sslMode != .prefer { parameters.append("sslmode=\(sslMode.rawValue)") }
        if applicationName != "bourse" { parameters.append("application_name=\(Self.encode(applicationName))") }
        if let connectTimeoutSeconds { parameters.append("connect_timeout=\(connectTimeoutSeconds)") }
        return parameters.isEmpty ? text : text + "?" + parameters.joined(separator: "&")
    }

    // MARK: - Parts

    private mutating func parseHostAndPort(_ text: Substring) throws(PostgresStoreError) {
        var portText: Substring = ""
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw .invalidURL(reason: "unclosed [ in host") }
            host = String(text[text.index(after: text.startIndex)..<close])
            let afterClose = text[text.index(after: close)...]
            if afterClose.hasPrefix(":") { portText = afterClose.dropFirst() }
        } else if let colon = text.lastIndex(of: ":") {
            host = try Self.decode(text[..<colon])
            portText = text[text.index(after: colon)...]
        } else if !text.isEmpty {
            host = try Self.decode(text)
        }
        if !portText.isEmpty { port = try Self.port(String(portText)) }
    }

    private mutating func apply(_ name: String, _ value: String) throws(PostgresStoreError) {
        switch name {
        case "sslmode":
            guard let mode = SSLMode(rawValue: value) else { throw .invalidURL(reason: "unknown sslmode \"\(value)\"") }
            sslMode = mode
        case "host": host = value
        case "port": port = try Self.port(value)
        case "user": user = value
        case "password": password = value
        case "dbname": database = value
        case "application_name": applicationName = value
        case "connect_timeout":
            guard let seconds = Int(value), seconds > 0 else {
                throw .invalidURL(reason: "connect_timeout must be a positive number of seconds")
            }
            connectTimeoutSeconds = seconds
        default: throw .invalidURL(reason: "unsupported parameter \"\(name)\"")
        }
    }

    private static func parameters(_ query: Substring) throws(PostgresStoreError) -> [(String, String)] {
        var parameters: [(String, String)] = []
        for pair in query.split(separator: "&") {
            guard let equals = pair.firstIndex(of: "=") else {
                throw .invalidURL(reason: "parameter \"\(pair)\" has no value")
            }
            parameters.append((try decode(pair[..<equals]), try decode(pair[pair.index(after: equals)...])))
        }
        return parameters
    }

    private static func port(_ text: String) throws(PostgresStoreError) -> Int {
        guard let port = Int(text), (1...65535).contains(port) else {
            throw .invalidURL(reason: "port \"\(text)\" is not a number from 1 to 65535")
        }
        return port
    }

    // MARK: - Percent-encoding

    private static func decode(_ text: Substring) throws(PostgresStoreError) -> String {
        guard let bytes = PercentEncoding.decode(text.utf8, plusAsSpace: false) else {
            throw .invalidURL(reason: "bad percent-encoding in \"\(text)\"")
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw .invalidURL(reason: "\"\(text)\" is not UTF-8 once decoded")
        }
        return decoded
    }

    private static func encode(_ text: String) -> String {
        String(decoding: PercentEncoding.encode(text, spaceAsPlus: false), as: UTF8.self)
    }
}
