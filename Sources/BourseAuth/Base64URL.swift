/// Decodes and encodes base64url (RFC 4648 §5), the alphabet of JWT segments and session tokens.
enum Base64URL {
    /// The bytes of `text`, or `nil` if it is not base64url.
    ///
    /// Padding is optional but, when present, must be correct and only at the end. The standard
    /// alphabet's `+` and `/` are rejected: a token using them was not produced by a JWT library.
    /// Leftover bits in the last character must be zero, so each byte string has one accepted spelling
    /// (besides padding).
    static func decode(_ text: Substring) -> [UInt8]? { decode(Array(text.utf8)[...]) }

    /// The same decoding, from the UTF-8 bytes of the text.
    static func decode(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var digits = text
        var padding = 0
        while digits.last == UInt8(ascii: "=") {
            digits = digits.dropLast()
            padding += 1
        }
        let remainder = digits.count % 4
        guard remainder != 1 else { return nil }
        if padding > 0, (digits.count + padding) % 4 != 0 || padding > 2 { return nil }

        var output: [UInt8] = []
        output.reserveCapacity(digits.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in digits {
            guard let value = sextet(character) else { return nil }
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        guard accumulator == 0 else { return nil }
        return output
    }

    /// `bytes` in base64url without padding.
    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in bytes {
            accumulator = (accumulator << 8) | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                output.append(alphabet[Int((accumulator >> UInt32(bits)) & 63)])
            }
            accumulator &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 { output.append(alphabet[Int((accumulator << UInt32(6 - bits)) & 63)]) }
        return String(decoding: output, as: UTF8.self)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
