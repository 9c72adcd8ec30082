/// Percent-encoding (`%XX`) as URLs, HTML forms and the clients that sign them use it: one implementation
/// for the request parser, the `query_hash` candidates, PostgreSQL URLs and the benchmarks' signer.
public enum PercentEncoding {
    /// The decoded bytes; `nil` if a `%` is not followed by two hex digits. With `plusAsSpace`, `+` is a
    /// space (an HTML form, a URL query); without it, `+` stays (a URL's other parts, ccxt's hash input).
    public static func decode(_ bytes: some Collection<UInt8>, plusAsSpace: Bool) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            guard byte == UInt8(ascii: "%") else {
                output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                continue
            }
            guard index != bytes.endIndex, let high = Hex.value(bytes[index]) else { return nil }
            index = bytes.index(after: index)
            guard index != bytes.endIndex, let low = Hex.value(bytes[index]) else { return nil }
            index = bytes.index(after: index)
            output.append(high << 4 | low)
        }
        return output
    }

    /// Like ``decode(_:plusAsSpace:)``, but a `%` not followed by two hex digits stays as it is: what a
    /// client computing a hash over "the decoded query" does with such a `%`.
    public static func decodeLeniently(_ bytes: [UInt8], plusAsSpace: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = Hex.value(bytes[index + 1]), let low = Hex.value(bytes[index + 2])
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

    /// Every UTF-8 byte of `text` but the unreserved ones (`A–Z a–z 0–9 - . _ ~`) as upper-case `%XX`; with
    /// `spaceAsPlus` a space is `+`, which makes this Python's `urllib.parse.quote_plus(text, safe='')`.
    public static func encode(_ text: String, spaceAsPlus: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"),
                UInt8(ascii: "~"):
                output.append(byte)
            case UInt8(ascii: " ") where spaceAsPlus:
                output.append(UInt8(ascii: "+"))
            default:
                output += [UInt8(ascii: "%"), Hex.upperDigits[Int(byte >> 4)], Hex.upperDigits[Int(byte & 0x0F)]]
            }
        }
        return output
    }
}
