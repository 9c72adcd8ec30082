public import BourseCore

/// Parses the times Upbit clients send: the candles' `to` and the trades' time of day.
///
/// Accepted `to` spellings, all of which real clients send (reference §2.7):
/// - `2025-06-24T04:56:53Z` and `2025-06-24T04:56:53.000Z` (any number of fraction digits; the first three
///   are milliseconds, the rest are dropped),
/// - `2025-06-24 04:56:53` (space; a `+` there is read as the space it was before URL encoding),
/// - `2025-06-24T13:56:53+09:00` (any offset `±HH:mm`, `±HHmm` or `±HH`),
/// - `2025-06-24T04:56:53` (no zone means UTC).
///
/// Also accepted because they are unambiguous: a bare date `2025-06-24` (midnight UTC), and an offset whose
/// `+` became a space in an unencoded query string (`2025-06-24T13:56:53 09:00`).
public enum UpbitTimeParser {
    /// The instant `text` names.
    public static func timestamp(_ text: some StringProtocol) throws(UpbitTimeParseError) -> Timestamp {
        var scanner = Scanner(bytes: Array(text.utf8))
        let malformed = UpbitTimeParseError(text: String(text), reason: .malformed)
        let outOfRange = UpbitTimeParseError(text: String(text), reason: .outOfRange)
        guard let year = scanner.number(digits: 4), scanner.take("-"), let month = scanner.number(digits: 2),
            scanner.take("-"), let day = scanner.number(digits: 2)
        else { throw malformed }
        guard (1...12).contains(month), day >= 1, day <= UTCCalendar.daysInMonth(year: year, month: month) else {
            throw outOfRange
        }
        var milliseconds = UTCCalendar.days(year: year, month: month, day: day) * UTCCalendar.millisecondsPerDay
        if scanner.isAtEnd { return Timestamp(milliseconds: milliseconds) }
        guard scanner.takeAny("T", "t", " ", "+") else { throw malformed }
        guard let second = try clockSeconds(&scanner, malformed, outOfRange) else { throw malformed }
        milliseconds += second * 1_000
        if scanner.take(".") {
            var fraction: Int64 = 0
            var digits = 0
            while let digit = scanner.digit() {
                if digits < 3 { fraction = fraction * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { throw malformed }
            for _ in digits..<max(digits, 3) { fraction *= 10 }
            milliseconds += fraction
        }
        if scanner.isAtEnd || (scanner.takeAny("Z", "z") && scanner.isAtEnd) {
            return Timestamp(milliseconds: milliseconds)
        }
        guard let sign: Int64 = scanner.takeAny("+", " ") ? 1 : scanner.take("-") ? -1 : nil,
            let offsetHours = scanner.number(digits: 2)
        else { throw malformed }
        var offsetMinutes: Int64 = 0
        if !scanner.isAtEnd {
            _ = scanner.take(":")
            guard let minutes = scanner.number(digits: 2) else { throw malformed }
            offsetMinutes = minutes
        }
        guard scanner.isAtEnd else { throw malformed }
        guard offsetHours <= 23, offsetMinutes <= 59 else { throw outOfRange }
        return Timestamp(milliseconds: milliseconds - sign * (offsetHours * 60 + offsetMinutes) * 60_000)
    }

    /// The second of the UTC day (0–86,399) that a trades `to` names: `HHmmss` or `HH:mm:ss`.
    public static func secondOfDay(_ text: some StringProtocol) throws(UpbitTimeParseError) -> Int64 {
        var scanner = Scanner(bytes: Array(text.utf8))
        let malformed = UpbitTimeParseError(text: String(text), reason: .malformed)
        let outOfRange = UpbitTimeParseError(text: String(text), reason: .outOfRange)
        guard let second = try clockSeconds(&scanner, malformed, outOfRange, colonsOptional: true),
            scanner.isAtEnd
        else { throw malformed }
        return second
    }

    /// `HH:mm:ss` (or `HHmmss` when `colonsOptional`) as seconds since midnight; `nil` if malformed.
    private static func clockSeconds(
        _ scanner: inout Scanner, _ malformed: UpbitTimeParseError, _ outOfRange: UpbitTimeParseError,
        colonsOptional: Bool = false
    ) throws(UpbitTimeParseError) -> Int64? {
        guard let hour = scanner.number(digits: 2) else { return nil }
        let colons = scanner.take(":")
        guard colons || colonsOptional, let minute = scanner.number(digits: 2) else { return nil }
        guard colons ? scanner.take(":") : true, let second = scanner.number(digits: 2) else { return nil }
        guard hour <= 23, minute <= 59, second <= 59 else { throw outOfRange }
        return hour * 3_600 + minute * 60 + second
    }

    /// A cursor over ASCII bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        mutating func digit() -> Int64? {
            guard position < bytes.count, (48...57).contains(bytes[position]) else { return nil }
            defer { position += 1 }
            return Int64(bytes[position] - 48)
        }

        mutating func number(digits count: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        mutating func takeAny(_ characters: Unicode.Scalar...) -> Bool {
            characters.contains { take($0) }
        }
    }
}
