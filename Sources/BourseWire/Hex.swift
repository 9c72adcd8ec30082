/// Hexadecimal text: digests in `query_hash`, master keys, percent-escapes.
public enum Hex {
    static let lowerDigits = Array("0123456789abcdef".utf8)
    static let upperDigits = Array("0123456789ABCDEF".utf8)

    /// The bytes spelled by `text` (either letter case), or `nil` if it is not an even run of hex digits.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            output.append(high << 4 | low)
            index += 2
        }
        return output
    }

    /// The value of one hex digit, either case.
    public static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `bytes` as lower-case hex digits (as Python's `hexdigest()` spells a digest).
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(lowerDigits[Int(byte >> 4)])
            text.append(lowerDigits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
