public import BourseCore

extension JSONWriter {
    /// How a ``BourseCore/UTCDateTime`` is spelled as a JSON string.
    public enum DateSpelling: Sendable, Hashable {
        /// `yyyy-MM-dd` (`trade_date_utc`, `first_day_of_period`, 52-week dates, stream `trade_date`).
        case date
        /// `HH:mm:ss` (`trade_time_utc`, stream trade `trade_time`).
        case time
        /// `yyyyMMdd` (ticker `trade_date`).
        case compactDate
        /// `HHmmss` (ticker `trade_time`).
        case compactTime
        /// `yyyy-MM-dd'T'HH:mm:ss`, no zone (`candle_date_time_utc`, `candle_date_time_kst`).
        case dateTime
        /// `yyyy-MM-dd'T'HH:mm:ss+09:00`, for fields already shifted to KST (exchange objects' times).
        case dateTimeKST
    }

    /// Writes `value` as a JSON string: UTF-8 as is, with `"`, `\` and control characters escaped.
    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a market code (`"KRW-BTC"`) without building a `String` for it.
    public mutating func string(_ market: MarketCode) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        // Currency codes are at most 15 ASCII bytes: their descriptions are small strings, not allocations.
        bytes.append(contentsOf: market.quote.utf8)
        bytes.append(UInt8(ascii: "-"))
        bytes.append(contentsOf: market.base.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes the calendar fields of `time` as a JSON string in the given spelling.
    public mutating func string(_ time: UTCDateTime, _ spelling: DateSpelling) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        switch spelling {
        case .date:
            appendDate(time, separator: UInt8(ascii: "-"))
        case .time:
            appendTime(time, separator: UInt8(ascii: ":"))
        case .compactDate:
            appendDate(time, separator: nil)
        case .compactTime:
            appendTime(time, separator: nil)
        case .dateTime, .dateTimeKST:
            appendDate(time, separator: UInt8(ascii: "-"))
            bytes.append(UInt8(ascii: "T"))
            appendTime(time, separator: UInt8(ascii: ":"))
            if spelling == .dateTimeKST { bytes.append(contentsOf: "+09:00".utf8) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: - Internals

    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in text.indices {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            runStart = index + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0x0F))
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    private mutating func appendDate(_ time: UTCDateTime, separator: UInt8?) {
        if time.year < 0 { bytes.append(UInt8(ascii: "-")) }
        appendPadded(time.year.magnitude, width: 4)
        if let separator { bytes.append(separator) }
        appendPadded(time.month.magnitude, width: 2)
        if let separator { bytes.append(separator) }
        appendPadded(time.day.magnitude, width: 2)
    }

    private mutating func appendTime(_ time: UTCDateTime, separator: UInt8?) {
        appendPadded(time.hour.magnitude, width: 2)
        if let separator { bytes.append(separator) }
        appendPadded(time.minute.magnitude, width: 2)
        if let separator { bytes.append(separator) }
        appendPadded(time.second.magnitude, width: 2)
    }

    /// Decimal digits of `value`, left-padded with zeros to at least `width`.
    private mutating func appendPadded(_ value: UInt, width: Int) {
        let start = bytes.count
        var rest = value
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        } while rest > 0
        while bytes.count - start < width { bytes.append(UInt8(ascii: "0")) }
        reverseTail(from: start)
    }
}
