/// Python's `repr(float)` (and `str(float)`), the spelling ccxt and pyupbit hash a float parameter with.
///
/// Both Python and Swift print the shortest digits that round-trip; they differ only in layout. Python
/// writes `0.0001` but `1e-05`, `9999999999999998.0` but `1e+16`: scientific notation when the decimal
/// point would sit more than 4 places left of the first digit or more than 16 places right of it.
enum PythonFloatText {
    /// The Python spelling of the double nearest to the JSON number `literal`, or `nil` if it is not finite.
    static func spelling(ofNumber literal: String) -> String? {
        guard let value = Double(literal), value.isFinite else { return nil }
        return spelling(of: value)
    }

    /// The Python spelling of a finite `value`.
    static func spelling(of value: Double) -> String {
        let sign = value.sign == .minus ? "-" : ""
        var text = Substring(value.magnitude.description)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...])!
            text = text[..<e]
        }
        let point = text.firstIndex(of: ".") ?? text.endIndex
        let integerDigits = text[..<point]
        let fractionDigits = point == text.endIndex ? "" : text[text.index(after: point)...]
        var digits = Array(integerDigits + fractionDigits)
        // The decimal point sits after `decimalPoint` digits: value = 0.d1d2… × 10^decimalPoint.
        var decimalPoint = integerDigits.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            decimalPoint -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        guard !digits.isEmpty else { return sign + "0.0" }

        if decimalPoint <= -4 || decimalPoint > 16 {
            let mantissa = digits.count == 1 ? String(digits) : "\(digits[0]).\(String(digits.dropFirst()))"
            let power = decimalPoint - 1
            let powerDigits = String(power.magnitude)
            return sign + mantissa + "e" + (power < 0 ? "-" : "+") + (powerDigits.count < 2 ? "0" : "") + powerDigits
        }
        if decimalPoint <= 0 {
            return sign + "0." + String(repeating: "0", count: -decimalPoint) + String(digits)
        }
        if decimalPoint < digits.count {
            return sign + String(digits[..<decimalPoint]) + "." + String(digits[decimalPoint...])
        }
        return sign + String(digits) + String(repeating: "0", count: decimalPoint - digits.count) + ".0"
    }
}
