import BourseStorePostgres
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The PostgreSQL server tests may use: the one `BOURSE_TEST_POSTGRES_URL` names, if set.
enum PostgresTestServer {
    /// Why PostgreSQL tests do not run, as `swift test` prints it.
    static let skipReason: Comment = "BOURSE_TEST_POSTGRES_URL not set (run ./scripts/test to include PostgreSQL)"

    /// The variable's value: a URL of any database on the server, used for creating and dropping others.
    static let configuredURL: String? = getenv("BOURSE_TEST_POSTGRES_URL").map { String(cString: $0) }

    /// Whether a server is configured.
    static var isConfigured: Bool { configuredURL != nil }

    /// Runs `body` with the URL of a new, empty database of its own, dropped afterwards (even if `body`
    /// throws), so tests can run in parallel.
    static func withFreshDatabase(_ body: (PostgresURL) async throws -> Void) async throws {
        let server = try PostgresURL(try #require(configuredURL))
        let name = "bourse_test_\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
        try await PostgresStore.createDatabase(named: name, on: server)
        var url = server
        url.database = name
        do {
            try await body(url)
        } catch {
            try? await PostgresStore.dropDatabase(named: name, on: server)
            throw error
        }
        try await PostgresStore.dropDatabase(named: name, on: server)
    }
}
