/// Plain decimal spelling of a scaled integer of any width: no exponent, trailing zeros trimmed.
///
/// ``DecimalFormatter`` spells `Int64` amounts at eight places through this; market-data totals are
/// `Int128` and rates have ten places.
enum PlainDecimal {
    /// `magnitude / 10^decimals`, with a leading `-` when `negative` and the value is not zero.
    static func format(magnitude: UInt128, negative: Bool, decimals: Int) -> String {
        var scale: UInt128 = 1
        for _ in 0..<decimals { scale *= 10 }
        var fraction = magnitude % scale
        var text = (negative && magnitude != 0 ? "-" : "") + String(magnitude / scale)
        guard fraction != 0 else { return text }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = String(fraction)
        text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        return text
    }
}
