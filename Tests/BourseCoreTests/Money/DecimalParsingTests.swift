import BourseCore
import Testing

@Suite("Decimal parsing and formatting")
struct DecimalParsingTests {
    @Test(arguments: [
        ("0.0005", Int64(50_000)),
        ("10000000", 1_000_000_000_000_000),
        ("0", 0),
        ("007", 700_000_000),
        ("0.00000001", 1),
        ("1.000000000", 100_000_000),
        ("-1.5", -150_000_000),
        ("92233720368.54775807", Int64.max),
        ("-92233720368.54775808", Int64.min),
    ])
    func plainDecimalsParseExactly(text: String, units: Int64) throws {
        #expect(try DecimalParser.parse(text) == units)
    }

    @Test(arguments: [
        ("", DecimalParseError.empty),
        ("-", .empty),
        ("1e-8", .exponent),
        ("1E8", .exponent),
        ("+1", .invalidCharacter),
        (" 1", .invalidCharacter),
        ("1,000", .invalidCharacter),
        ("1.2.3", .invalidCharacter),
        (".5", .misplacedPoint),
        ("5.", .misplacedPoint),
        ("0.000000001", .tooPrecise),
        ("92233720368.54775808", .overflow),
        ("100000000000", .overflow),
    ])
    func malformedOrOutOfRangeStringsAreRefused(text: String, error: DecimalParseError) {
        #expect(throws: error) { try DecimalParser.parse(text) }
    }

    @Test(arguments: [
        (Int64(50_000), "0.0005"),
        (1_000_000_000_000_000, "10000000"),
        (0, "0"),
        (1, "0.00000001"),
        (-150_000_000, "-1.5"),
        (Int64.min, "-92233720368.54775808"),
        (123_456_789_012, "1234.56789012"),
    ])
    func formattingTrimsZerosAndNeverUsesExponents(units: Int64, text: String) {
        #expect(DecimalFormatter.format(units) == text)
    }

    @Test func formattingRoundTripsThroughParsing() throws {
        var x: UInt64 = 0x1234_5678
        for _ in 0..<10_000 {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let units = Int64(bitPattern: x) >> Int64(x % 60)
            #expect(try DecimalParser.parse(DecimalFormatter.format(units)) == units)
        }
    }
}
