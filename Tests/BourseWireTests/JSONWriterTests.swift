import BourseCore
import BourseWire
import Testing

@Suite struct JSONWriterTests {
    private func written(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(&writer)
        return JSONFixtures.text(writer.bytes)
    }

    @Test(arguments: [
        ("102417000", "102417000.0"),
        ("3105.5", "3105.5"),
        ("0.00012", "0.00012"),
        ("0.00000001", "0.00000001"),
        ("0", "0.0"),
        ("-1.5", "-1.5"),
        ("-2417000", "-2417000.0"),
        ("92233720368.54775807", "92233720368.54775807"),
    ])
    func amountsAreNumbersWithAFractionalDigitAndNoExponent(input: String, expected: String) {
        #expect(written { $0.number(try! Price(parsing: input)) } == expected)
    }

    @Test func integralAmountsStayIntegersWhenNoFractionIsRequired() {
        #expect(written { $0.number(Price.zero, alwaysFractional: false) } == "0")
        #expect(written { $0.number(JSONFixtures.price("100000"), alwaysFractional: false) } == "100000")
        #expect(written { $0.number(JSONFixtures.price("0.5"), alwaysFractional: false) } == "0.5")
    }

    @Test func totalsBeyondInt64AreSpelledExactly() {
        // 10^30 units of 10^-8: 10^22 whole units, past Int64 and UInt64.
        let huge = FixedPointSum<Volume>(units: 1_000_000_000_000_000_000_000_000_000_000 + 12_000)
        #expect(written { $0.number(huge) } == "10000000000000000000000.00012")
        #expect(written { $0.number(FixedPointSum<Volume>(units: -50_000)) } == "-0.0005")
        #expect(written { $0.number(FixedPointSum<Funds>.zero) } == "0.0")
    }

    @Test(arguments: [
        (Int64(123_456_789), "0.0123456789"),
        (150_000_000, "0.015"),
        (-150_000_000, "-0.015"),
        (1, "0.0000000001"),
        (0, "0.0"),
        (10_000_000_000, "1.0"),
    ])
    func changeRatesHaveUpToTenDecimals(units: Int64, expected: String) {
        #expect(written { $0.number(ChangeRate(units: units)) } == expected)
    }

    @Test func decimalStringsHaveNoForcedFraction() {
        #expect(written { $0.decimalString(JSONFixtures.price("1000")) } == #""1000""#)
        #expect(written { $0.decimalString(JSONFixtures.price("0.001")) } == #""0.001""#)
        #expect(written { $0.decimalString(Price.zero) } == #""0""#)
    }

    @Test func integersArePlain() {
        #expect(written { $0.integer(Int64.min) } == "-9223372036854775808")
        #expect(written { $0.integer(17_730_322_131_230_000) } == "17730322131230000")
        #expect(written { $0.integer(0) } == "0")
    }

    @Test func stringsEscapeQuotesBackslashesAndControlsButKeepUTF8() {
        let text = "비트코인 \"BTC\" \\ \n\r\t\u{08}\u{0C}\u{01}\u{1F}/é"
        #expect(written { $0.string(text) } == #""비트코인 \"BTC\" \\ \n\r\t\b\f\u0001\u001f/é""#)
        #expect(written { $0.string("") } == #""""#)
    }

    @Test func datesUseUpbitSpellings() {
        let utc = UTCDateTime(JSONFixtures.tradeTime)
        #expect(written { $0.string(utc, .date) } == #""2026-03-09""#)
        #expect(written { $0.string(utc, .time) } == #""04:56:53""#)
        #expect(written { $0.string(utc, .compactDate) } == #""20260309""#)
        #expect(written { $0.string(utc, .compactTime) } == #""045653""#)
        #expect(written { $0.string(UTCDateTime.kst(JSONFixtures.tradeTime), .dateTime) } == #""2026-03-09T13:56:53""#)
        #expect(
            written { $0.string(UTCDateTime.kst(JSONFixtures.tradeTime), .dateTimeKST) }
                == #""2026-03-09T13:56:53+09:00""#)
    }

    @Test func commasSeparateMembersAndElementsAtAnyDepth() {
        let text = written { writer in
            writer.beginArray()
            writer.beginObject()
            writer.key("a")
            writer.integer(1)
            writer.key("b")
            writer.beginArray()
            writer.bool(true)
            writer.bool(false)
            writer.null()
            writer.beginObject()
            writer.endObject()
            writer.beginArray()
            writer.endArray()
            writer.endArray()
            writer.key(escaping: "c\"d")
            writer.string(JSONFixtures.btc)
            writer.endObject()
            writer.raw(Array(#"{"x":1}"#.utf8))
            writer.string("e")
            writer.endArray()
        }
        #expect(text == #"[{"a":1,"b":[true,false,null,{},[]],"c\"d":"KRW-BTC"},{"x":1},"e"]"#)
    }
}
