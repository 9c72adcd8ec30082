extension JSONParser {
    /// Parses a string starting at its opening quote; the input is already known to be valid UTF-8.
    mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        index += 1
        let contentStart = index
        // Fast path: no escapes, so the content is a slice of the input.
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                index += 1
                return String(decoding: content, as: UTF8.self)
            case UInt8(ascii: "\\"):
                var decoded = Array(bytes[contentStart..<index])
                return try parseEscapedString(into: &decoded)
            case 0..<0x20:
                throw failure("unescaped control character in a string")
            default:
                index += 1
            }
        }
        throw JSONParseError(offset: start, reason: "unterminated string")
    }

    /// Continues a string from its first backslash, appending decoded bytes to `decoded`.
    private mutating func parseEscapedString(into decoded: inout [UInt8]) throws(JSONParseError) -> String {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &decoded)
            case 0..<0x20:
                throw failure("unescaped control character in a string")
            default:
                decoded.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    /// Parses one escape sequence starting at its backslash.
    private mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONParseError) {
        index += 1
        guard let letter = peek() else { throw failure("unterminated escape") }
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            decoded.append(simple)
            index += 1
            return
        }
        guard letter == UInt8(ascii: "u") else { throw failure("invalid escape") }
        let escapeStart = index - 1
        index += 1
        let unit = try parseHexQuad()
        let scalarValue: UInt32
        switch unit {
        case 0xD800...0xDBFF:
            guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw JSONParseError(offset: escapeStart, reason: "high surrogate without a low surrogate")
            }
            index += 2
            let low = try parseHexQuad()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONParseError(offset: escapeStart, reason: "high surrogate without a low surrogate")
            }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        case 0xDC00...0xDFFF:
            throw JSONParseError(offset: escapeStart, reason: "low surrogate without a high surrogate")
        default:
            scalarValue = unit
        }
        // Surrogates were excluded above, so every remaining value is a scalar.
        decoded.append(contentsOf: UTF8.encode(Unicode.Scalar(scalarValue)!)!)
    }

    /// Four hex digits of a `\u` escape.
    private mutating func parseHexQuad() throws(JSONParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
