import BourseWire
import Testing

@testable import BourseAuth

@Suite struct URLFormEncodingTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func decodingTurnsEscapesIntoBytesAndKeepsStrayPercents() {
        let raw = Array("a%5B%5D=%EB%B4%87+x%2b%zz%4".utf8)
        #expect(text(PercentEncoding.decodeLeniently(raw, plusAsSpace: false)) == "a[]=봇+x+%zz%4")
        #expect(text(PercentEncoding.decodeLeniently(raw, plusAsSpace: true)) == "a[]=봇 x+%zz%4")
    }

    /// Expected texts from Python 3.11: `urllib.parse.quote_plus(text, safe='')`.
    @Test(arguments: [
        ("2024-01-01 00:00:00", "2024-01-01+00%3A00%3A00"),
        ("states[]", "states%5B%5D"),
        ("a_b.c-d~e", "a_b.c-d~e"),
        ("봇/+&=", "%EB%B4%87%2F%2B%26%3D"),
    ])
    func quotingMatchesPythonsQuotePlus(input: String, quoted: String) {
        #expect(text(PercentEncoding.encode(input, spaceAsPlus: true)) == quoted)
    }

    @Test func bracketRestorationOnlyRewritesArrayKeys() {
        let encoded = Array("states%5B%5D=a&x=%5B%5D&y%5B%5D=b".utf8)
        #expect(text(URLFormEncoding.restoringBrackets(encoded)) == "states[]=a&x=%5B%5D&y[]=b")
    }
}
