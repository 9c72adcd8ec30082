/// Exact parsing of plain decimal strings into 10⁻⁸ units.
///
/// Accepted: an optional leading `-`, digits, and optionally a point followed by digits (`"0.0005"`,
/// `"10000000"`, `"-3.5"`, `"007"`). Extra fractional digits are accepted only while they are zeros
/// (`"1.000000000"`). Refused, each with its own ``DecimalParseError``: exponents (`"1e-8"`), signs other
/// than a leading minus, spaces, separators, and more precision than eight places. Rounding an input
/// silently would change what a client asked for, so it never happens here.
public enum DecimalParser {
    /// Parses `text` into 10⁻⁸ units.
    public static func parse(_ text: some StringProtocol) throws(DecimalParseError) -> Int64 {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        guard !bytes.isEmpty else { throw .empty }
        var magnitude: UInt64 = 0
        var integerDigits = 0
        var fractionDigits = 0
        var sawPoint = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = UInt64(byte &- UInt8(ascii: "0"))
                if sawPoint {
                    fractionDigits += 1
                    if fractionDigits > fixedPointDecimals {
                        if digit != 0 { throw .tooPrecise }
                        continue
                    }
                } else {
                    integerDigits += 1
                }
                let (times10, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
                let (next, overflowB) = times10.addingReportingOverflow(digit)
                if overflowA || overflowB { throw .overflow }
                magnitude = next
            case UInt8(ascii: "."):
                if sawPoint { throw .invalidCharacter }
                sawPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                throw .exponent
            default:
                throw .invalidCharacter
            }
        }
        if sawPoint && (integerDigits == 0 || fractionDigits == 0) { throw .misplacedPoint }
        for _ in min(fractionDigits, fixedPointDecimals)..<fixedPointDecimals {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { throw .overflow }
            magnitude = times10
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw .overflow }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { throw .overflow }
        return Int64(magnitude)
    }
}
