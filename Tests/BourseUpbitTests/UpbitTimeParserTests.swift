import BourseCore
import BourseUpbit
import Testing

@Suite("Upbit time parsing")
struct MarketDataTimeParserTests {
    /// 2025-06-24T04:56:53Z.
    let instant = Timestamp(milliseconds: 1_750_741_013_000)

    @Test(arguments: [
        "2025-06-24T04:56:53Z", "2025-06-24T04:56:53.000Z", "2025-06-24 04:56:53", "2025-06-24T13:56:53+09:00",
        "2025-06-24T04:56:53",
    ])
    func everyUpbitSpellingNamesTheSameInstant(text: String) throws {
        #expect(try UpbitTimeParser.timestamp(text) == instant)
    }

    @Test func aPlusLeftForTheSpaceIsAccepted() throws {
        #expect(try UpbitTimeParser.timestamp("2025-06-24+04:56:53") == instant)
    }

    @Test func fractionsGiveMillisecondsAndDigitsPastThreeAreDropped() throws {
        #expect(try UpbitTimeParser.timestamp("2025-06-24T04:56:53.5Z") == instant.plus(500))
        #expect(try UpbitTimeParser.timestamp("2025-06-24T04:56:53.07") == instant.plus(70))
        #expect(try UpbitTimeParser.timestamp("2025-06-24T04:56:53.123456Z") == instant.plus(123))
    }

    @Test(arguments: [
        "2025-06-23T23:56:53-05:00", "2025-06-24T13:56:53+0900", "2025-06-24T13:56:53+09",
        "2025-06-24T13:56:53 09:00", "2025-06-24T13:56:53.000+09:00",
    ])
    func offsetsAreTakenOff(text: String) throws {
        #expect(try UpbitTimeParser.timestamp(text) == instant)
    }

    @Test func aBareDateIsMidnightUTC() throws {
        #expect(try UpbitTimeParser.timestamp("2025-06-24") == june24)
    }

    @Test(arguments: [
        "", "2025-06-24T04:56", "2025/06/24 04:56:53", "2025-6-24T04:56:53", "2025-06-24T04:56:53+9",
        "2025-06-24T04:56:53Zjunk", "2025-06-24T04:56:53.Z", "24-06-2025", "2025-06-24X04:56:53",
    ])
    func malformedTextIsRejected(text: String) {
        #expect(throws: UpbitTimeParseError(text: text, reason: .malformed)) {
            try UpbitTimeParser.timestamp(text)
        }
    }

    @Test(arguments: [
        "2025-02-29T00:00:00", "2025-13-01T00:00:00", "2025-06-31", "2025-06-24T24:00:00", "2025-06-24T04:60:00",
        "2025-06-24T04:56:53+24:00",
    ])
    func impossibleFieldsAreOutOfRange(text: String) {
        #expect(throws: UpbitTimeParseError(text: text, reason: .outOfRange)) {
            try UpbitTimeParser.timestamp(text)
        }
    }

    @Test func aLeapDayIsAccepted() throws {
        #expect(try UpbitTimeParser.timestamp("2024-02-29T12:00:00Z") == Timestamp(milliseconds: 1_709_208_000_000))
    }

    @Test func theTradesTimeOfDayTakesBothSpellings() throws {
        #expect(try UpbitTimeParser.secondOfDay("045653") == 17_813)
        #expect(try UpbitTimeParser.secondOfDay("04:56:53") == 17_813)
        #expect(try UpbitTimeParser.secondOfDay("000000") == 0)
        #expect(try UpbitTimeParser.secondOfDay("23:59:59") == 86_399)
    }

    @Test(arguments: ["0456:53", "04:5653", "4:56:53", "04:56", "04:56:53Z"])
    func theTradesTimeOfDayRejectsMixedSpellings(text: String) {
        #expect(throws: UpbitTimeParseError(text: text, reason: .malformed)) {
            try UpbitTimeParser.secondOfDay(text)
        }
    }

    @Test func theTradesTimeOfDayStopsAtMidnight() {
        #expect(throws: UpbitTimeParseError(text: "240000", reason: .outOfRange)) {
            try UpbitTimeParser.secondOfDay("240000")
        }
    }
}

/// 2025-06-24T00:00:00Z.
private let june24 = Timestamp(milliseconds: 1_750_723_200_000)

extension Timestamp {
    fileprivate func plus(_ milliseconds: Int64) -> Timestamp {
        Timestamp(milliseconds: self.milliseconds + milliseconds)
    }
}
