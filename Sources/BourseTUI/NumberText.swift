/// Numbers as a market screen shows them: prices with the decimals their size needs and thousands
/// separators, signed percentages, and compact amounts (`123.4B`).
public enum NumberText {
    /// `value` with `decimals` decimals and `,` between thousands (`140,000,000`, `0.0123`).
    public static func grouped(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "-" }
        let scale = pow10(decimals)
        let rounded = (abs(value) * scale).rounded()
        guard rounded < 9e18 else { return value < 0 ? "-∞" : "∞" }
        let units = UInt64(rounded)
        let whole = units / UInt64(scale)
        var text = ""
        let digits = Array(String(whole))
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        if decimals > 0 {
            let fraction = String(units % UInt64(scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return (value < 0 && units > 0 ? "-" : "") + text
    }

    /// A price in quote currency `quote`: KRW prices use Upbit's tick sizes (no decimals from 1,000 up,
    /// up to 4 below 1), BTC prices 8 decimals, others 3 (4 below 1).
    /// A change of a price is shown with the price's decimals: pass the price as `scale`.
    public static func price(_ value: Double, quote: Substring, scale: Double? = nil) -> String {
        grouped(value, decimals: decimals(of: abs(scale ?? value), quote: quote))
    }

    /// The decimals a price of `magnitude` in `quote` is shown with.
    public static func decimals(of magnitude: Double, quote: Substring) -> Int {
        switch quote {
        case "KRW": magnitude >= 1_000 ? 0 : magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : magnitude >= 1 ? 3 : 4
        case "BTC": 8
        default: magnitude >= 1 ? 3 : 4
        }
    }

    /// A fraction as a signed percentage with two decimals (`0.0123` → `+1.23%`).
    public static func percent(_ fraction: Double) -> String {
        let text = grouped(fraction * 100, decimals: 2)
        return (fraction * 100 >= 0.005 ? "+" : "") + text + "%"
    }

    /// A large amount in a few characters: `987`, `12.3K`, `4.56M`, `123.4B`, `1.23T`.
    public static func compact(_ value: Double) -> String {
        let magnitude = abs(value)
        let sign = value < 0 ? "-" : ""
        for (limit, suffix) in [(1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K")] where magnitude >= limit {
            let scaled = magnitude / limit
            let decimals = scaled >= 100 ? 1 : 2
            return sign + grouped(scaled, decimals: scaled >= 1_000 ? 0 : decimals) + suffix
        }
        return sign + grouped(magnitude, decimals: magnitude >= 100 ? 0 : 2)
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, exponent) { result *= 10 }
        return result
    }

    /// A decimal string as the API sent it, with thousands separators in its whole part; the fraction is
    /// kept as written, and anything that is not a plain decimal is returned as it is. (The same as the
    /// core's `DecimalFormatter.grouped`, which the SDK's side does not import.)
    public static func grouped(decimal: String) -> String {
        let negative = decimal.hasPrefix("-")
        let digits = negative ? String(decimal.dropFirst()) : decimal
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return decimal }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = Array(parts[0])
        var out: [Character] = []
        for (offset, character) in whole.enumerated() {
            if offset > 0 && (whole.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (negative ? "-" : "") + String(out) + (parts.count > 1 ? "." + parts[1] : "")
    }
}
