/// Formats 10⁻⁸ units as a plain decimal string, the way current Upbit responses spell amounts.
///
/// No exponent and no trailing zeros: `50_000` → `"0.0005"`, `1_000_000_000_000_000` → `"10000000"`,
/// `0` → `"0"`, `-150_000_000` → `"-1.5"`.
public enum DecimalFormatter {
    /// The plain decimal spelling of `units`.
    public static func format(_ units: Int64) -> String {
        PlainDecimal.format(magnitude: UInt128(units.magnitude), negative: units < 0, decimals: fixedPointDecimals)
    }
}
