import BourseStorePostgres
import Testing

@Suite("PostgreSQL connection URLs")
struct PostgresURLTests {
    @Test func everyPartOfATCPURLIsRead() throws {
        let url = try PostgresURL(
            "postgresql://trader:s%40cret%3A1@db.example.com:6543/bourse_main?sslmode=verify-full")
        #expect(url.user == "trader")
        #expect(url.password == "s@cret:1")
        #expect(url.host == "db.example.com")
        #expect(url.port == 6543)
        #expect(url.database == "bourse_main")
        #expect(url.sslMode == .verifyFull)
        #expect(!url.isUnixSocket)
    }

    @Test func missingPartsTakeLibpqDefaults() throws {
        let url = try PostgresURL("postgres://")
        #expect(url.user == "postgres")
        #expect(url.password == nil)
        #expect(url.host == "localhost")
        #expect(url.port == 5432)
        #expect(url.database == "postgres", "the database defaults to the user's name")
        #expect(url.sslMode == .prefer)
        #expect(url.applicationName == "bourse")
        #expect(try PostgresURL("postgres://alice@db").database == "alice")
    }

    @Test(arguments: [
        "postgres://bourse@%2Ftmp%2Fpg%20dir:5433/main",
        "postgres://bourse@/main?host=/tmp/pg%20dir&port=5433",
    ])
    func aHostStartingWithASlashIsAUnixSocketDirectory(text: String) throws {
        let url = try PostgresURL(text)
        #expect(url.isUnixSocket)
        #expect(url.host == "/tmp/pg dir")
        #expect(url.port == 5433)
        #expect(url.database == "main")
    }

    @Test func bracketedIPv6HostsKeepTheirColons() throws {
        let url = try PostgresURL("postgres://u@[::1]:5499/d?sslmode=disable")
        #expect(url.host == "::1")
        #expect(url.port == 5499)
        #expect(url.sslMode == .disable)
        #expect(url.description == "postgres://u@[::1]:5499/d?sslmode=disable")
    }

    @Test func descriptionLeavesOutThePasswordAndReadsBack() throws {
        let url = try PostgresURL(
            "postgres://u%20x:pw@%2Fvar%2Frun%2Fpostgresql:5432/d"
                + "?sslmode=require&application_name=bourse%20serve&connect_timeout=3"
        )
        #expect(!url.description.contains("pw"))
        var withoutPassword = url
        withoutPassword.password = nil
        #expect(try PostgresURL(url.description) == withoutPassword)
    }

    @Test(arguments: [
        "mysql://u@h/d",  // not PostgreSQL
        "postgres://u@h:0/d",  // port out of range
        "postgres://u@h:http/d",  // port not a number
        "postgres://u@h/d?sslmode=required",  // misspelt mode
        "postgres://u@h/d?sslcert=/x",  // unsupported parameter
        "postgres://u@h/d?sslmode",  // parameter without value
        "postgres://u@h/d%2",  // truncated percent-encoding
        "postgres://u@[::1/d",  // unclosed bracket
    ])
    func malformedURLsAreRefused(text: String) {
        #expect(throws: PostgresStoreError.self) { try PostgresURL(text) }
    }

    @Test(arguments: ["", "Upper", "9lives", "has-dash", "semi;colon", String(repeating: "a", count: 64)])
    func databaseNamesThatNeedQuotingAreRefused(name: String) async throws {
        let server = try PostgresURL("postgres://u@localhost/postgres")
        await #expect(throws: PostgresStoreError.invalidDatabaseName(name)) {
            try await PostgresStore.createDatabase(named: name, on: server)
        }
    }
}
