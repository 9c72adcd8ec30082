import BourseCore
import Testing

@Suite("Order identifiers")
struct OrderIdentifierTests {
    @Test(arguments: ["a", "sdk 1/가+", String(repeating: "x", count: 64), "ünïcödé-🙂"])
    func printableTextUpTo64BytesRoundTrips(text: String) throws {
        #expect(try #require(OrderIdentifier(text)).description == text)
    }

    /// Regression: a NUL inside an identifier was cut off by SQLite, so `X\0two` found `X\0one`. Control
    /// characters are refused outright.
    @Test(arguments: ["X\u{0}one", "tab\there", "line\n", "\u{7F}", "\u{1B}[31m"])
    func controlCharactersAreRefused(text: String) {
        #expect(OrderIdentifier(text) == nil)
    }

    @Test func emptyAndLongerThan64BytesAreRefused() {
        let empty = ""
        #expect(OrderIdentifier(empty) == nil)
        #expect(OrderIdentifier(String(repeating: "x", count: 65)) == nil)
        #expect(OrderIdentifier(String(repeating: "가", count: 22)) == nil, "66 bytes")
    }
}
