import BourseAuth
import Testing

@Suite struct APIScopeTests {
    @Test func rawNamesAreTheDocumentedFlagValues() {
        #expect(
            APIScope.allCases.map(\.rawValue) == ["accounts", "orders:read", "orders:write", "withdraw", "deposit"])
    }

    @Test func aCommaListParsesWithSpacesAndRepeats() throws {
        let scopes = try APIScope.parseList(" accounts, orders:read ,orders:read,deposit ")
        #expect(scopes == [.accounts, .ordersRead, .deposit])
    }

    @Test func anEmptyTextIsTheEmptySet() throws {
        #expect(try APIScope.parseList("").isEmpty)
        #expect(try APIScope.parseList("  ").isEmpty)
    }

    @Test func anUnknownNameIsReportedWithTheValidNames() {
        #expect(throws: APIScopeParseError(name: "orders:delete")) {
            try APIScope.parseList("accounts,orders:delete")
        }
        let message = APIScopeParseError(name: "trade").description
        #expect(
            message == "unknown scope 'trade'; valid scopes are: accounts, orders:read, orders:write, withdraw, deposit"
        )
    }

    @Test func namesAreCaseSensitive() {
        #expect(throws: APIScopeParseError(name: "Accounts")) { try APIScope.parseList("Accounts") }
    }

    @Test func anEmptyItemIsAnError() {
        #expect(throws: APIScopeParseError(name: "")) { try APIScope.parseList("accounts,,deposit") }
        #expect(APIScopeParseError(name: "").description.hasPrefix("an empty scope name;"))
    }

    @Test func formattingListsScopesInDeclarationOrderAndRoundTrips() throws {
        let scopes: Set<APIScope> = [.deposit, .accounts, .ordersWrite]
        #expect(APIScope.formatList(scopes) == "accounts,orders:write,deposit")
        #expect(try APIScope.parseList(APIScope.formatList(scopes)) == scopes)
        #expect(APIScope.formatList(Set(APIScope.allCases)) == "accounts,orders:read,orders:write,withdraw,deposit")
    }
}
