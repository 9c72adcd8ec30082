/// Formats 10⁻⁸ units as a plain decimal string, the way current Upbit responses spell amounts.
///
/// No exponent and no trailing zeros: `50_000` → `"0.0005"`, `1_000_000_000_000_000` → `"10000000"`,
/// `0` → `"0"`, `-150_000_000` → `"-1.5"`.
public enum DecimalFormatter {
    /// The plain decimal spelling of `units`.
    public static func format(_ units: Int64) -> String {
        let magnitude = units.magnitude
        let scale = UInt64(fixedPointScale)
        let whole = magnitude / scale
        var fraction = magnitude % scale
        var text = units < 0 ? "-" : ""
        text += String(whole)
        guard fraction != 0 else { return text }
        var digits = fixedPointDecimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = String(fraction)
        text += "."
        text += String(repeating: "0", count: digits - fractionText.count)
        text += fractionText
        return text
    }
}
