import BourseWire
import Testing

@Suite("Percent-encoding and hex")
struct PercentEncodingTests {
    func text(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    @Test func strictDecodingRefusesABrokenEscapeAndLenientKeepsIt() {
        let raw = Array("a%5B%5D=%EB%B4%87+x".utf8)
        #expect(text(PercentEncoding.decode(raw, plusAsSpace: true)) == "a[]=봇 x")
        #expect(text(PercentEncoding.decode(raw, plusAsSpace: false)) == "a[]=봇+x")
        for broken in ["%", "%4", "%zz", "a%4g"] {
            #expect(PercentEncoding.decode(Array(broken.utf8), plusAsSpace: true) == nil, "\(broken)")
            #expect(text(PercentEncoding.decodeLeniently(Array(broken.utf8), plusAsSpace: true)) == broken)
        }
    }

    @Test func encodingKeepsOnlyUnreservedBytes() {
        #expect(text(PercentEncoding.encode("a b/가~", spaceAsPlus: true)) == "a+b%2F%EA%B0%80~")
        #expect(text(PercentEncoding.encode("a b", spaceAsPlus: false)) == "a%20b")
    }

    @Test func hexRoundTripsInEitherCaseAndRefusesOddOrForeignDigits() {
        #expect(Hex.encode([0x00, 0xAB, 0xFF]) == "00abff")
        #expect(Hex.decode("00ABff") == [0x00, 0xAB, 0xFF])
        #expect(Hex.decode("abc") == nil && Hex.decode("zz") == nil)
    }
}
