import PostgresNIO

extension PostgresURL {
    /// The connection pool's settings for this URL.
    var clientConfiguration: PostgresClient.Configuration {
        var configuration =
            if isUnixSocket {
                PostgresClient.Configuration(
                    unixSocketPath: unixSocketPath, username: user, password: password, database: database
                )
            } else {
                PostgresClient.Configuration(
                    host: host, port: port, username: user, password: password, database: database,
                    tls: tls.map { $0.required ? .require($0.configuration) : .prefer($0.configuration) } ?? .disable
                )
            }
        configuration.options.additionalStartupParameters = startupParameters
        if let connectTimeoutSeconds { configuration.options.connectTimeout = .seconds(connectTimeoutSeconds) }
        return configuration
    }

    /// The settings of a single connection outside the pool (see ``PostgresStore/checkConnection()``).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if isUnixSocket {
            configuration = .init(
                unixSocketPath: unixSocketPath, username: user, password: password, database: database)
        } else {
            let context = try tls.map { ($0.required, try NIOSSLContext(configuration: $0.configuration)) }
            configuration = .init(
                host: host, port: port, username: user, password: password, database: database,
                tls: context.map { $0.0 ? .require($0.1) : .prefer($0.1) } ?? .disable
            )
        }
        configuration.options.additionalStartupParameters = startupParameters
        configuration.options.connectTimeout = .seconds(Int64(connectTimeoutSeconds ?? 10))
        return configuration
    }

    private var unixSocketPath: String { "\(host)/.s.PGSQL.\(port)" }

    /// Sent when each connection starts. `synchronous_commit` is forced on whatever the server's default: the
    /// store promises that an append is durable when it returns, and asynchronous commit would break that
    /// promise silently.
    private var startupParameters: [(String, String)] {
        [("application_name", applicationName), ("synchronous_commit", "on")]
    }

    /// TLS as libpq's `sslmode` describes it: `nil` for none, else whether it is required and how the
    /// server's certificate is checked.
    private var tls: (required: Bool, configuration: TLSConfiguration)? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch sslMode {
        case .disable: return nil
        case .allow, .prefer, .require: configuration.certificateVerification = .none
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: break
        }
        return (sslMode == .require || sslMode == .verifyCA || sslMode == .verifyFull, configuration)
    }
}
