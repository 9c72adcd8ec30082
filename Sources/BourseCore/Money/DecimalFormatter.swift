/// Formats 10⁻⁸ units as a plain decimal string, the way current Upbit responses spell amounts.
///
/// No exponent and no trailing zeros: `50_000` → `"0.0005"`, `1_000_000_000_000_000` → `"10000000"`,
/// `0` → `"0"`, `-150_000_000` → `"-1.5"`.
public enum DecimalFormatter {
    /// The plain decimal spelling of `units`.
    public static func format(_ units: Int64) -> String {
        PlainDecimal.format(magnitude: UInt128(units.magnitude), negative: units < 0, decimals: fixedPointDecimals)
    }

    /// `decimal` (a plain decimal spelling, such as ``format(_:)``'s) with thousands separators in its
    /// whole part: `143250000.5` → `143,250,000.5`. For people; the API sends plain decimals.
    public static func grouped(_ decimal: String) -> String {
        let parts = decimal.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var whole = Array(parts.first ?? "")
        let negative = whole.first == "-"
        if negative { whole.removeFirst() }
        var out: [Character] = []
        for (offset, character) in whole.enumerated() {
            if offset > 0 && (whole.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (negative ? "-" : "") + String(out) + (parts.count > 1 ? "." + parts[1] : "")
    }
}
