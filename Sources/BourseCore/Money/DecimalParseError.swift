/// Why a decimal string was not accepted as an amount.
public enum DecimalParseError: Error, Equatable, Sendable {
    /// The string is empty or is only a sign.
    case empty
    /// An exponent such as `"1e-8"`: Upbit's exchange amounts are plain decimals, so they are refused.
    case exponent
    /// Anything but digits, one `.` and a leading `-`: spaces, `+`, commas, a second point.
    case invalidCharacter
    /// A point with no digit before or after it, as in `".5"` or `"5."`.
    case misplacedPoint
    /// More than eight significant decimal places, as in `"0.000000001"` (trailing zeros are fine).
    case tooPrecise
    /// The value does not fit in an `Int64` of 10⁻⁸ units (about ±92 billion).
    case overflow
}
