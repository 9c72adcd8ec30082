/// Percent-encoding and -decoding as the clients that compute `query_hash` do it.
enum URLFormEncoding {
    /// Decodes `%XX` escapes; a `%` not followed by two hex digits stays as it is.
    ///
    /// With `plusAsSpace`, `+` becomes a space first, as in an HTML form (pyupbit's `requests` encodes a
    /// space that way); without it, `+` stays, as in ccxt's decoded hash input (`+09:00`).
    static func decode(_ bytes: [UInt8], plusAsSpace: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = HexText.value(bytes[index + 1]), let low = HexText.value(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return output
    }

    /// Python's `urllib.parse.quote_plus(text, safe='')`, which `urlencode` applies to keys and values:
    /// letters, digits and `_.-~` stay, a space becomes `+`, every other UTF-8 byte becomes upper-case `%XX`.
    static func quotePlus(_ text: String) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"),
                UInt8(ascii: "~"):
                output.append(byte)
            case UInt8(ascii: " "):
                output.append(UInt8(ascii: "+"))
            default:
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return output
    }

    /// pyupbit's `.replace("%5B%5D=", "[]=")`: array keys written with literal brackets.
    static func restoringBrackets(_ bytes: [UInt8]) -> [UInt8] {
        let pattern = Array("%5B%5D=".utf8)
        guard bytes.count >= pattern.count else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + pattern.count <= bytes.count, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                output += Array("[]=".utf8)
                index += pattern.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
