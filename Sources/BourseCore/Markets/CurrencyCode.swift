/// A currency code such as `KRW` or `BTC`: 1–15 upper-case ASCII letters or digits, stored inline.
///
/// The bytes live in one `UInt128` (first letter in the most significant byte), so a code copies without
/// reference counting and two codes compare as integers, in alphabetical order.
public struct CurrencyCode:
    Hashable, Comparable, Codable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral
{
    let bits: UInt128

    /// Parses a code; `nil` unless it is 1–15 upper-case letters or digits.
    public init?(_ text: String) {
        let bytes = text.utf8
        guard (1...15).contains(bytes.count) else { return nil }
        var bits: UInt128 = 0
        for (offset, byte) in bytes.enumerated() {
            guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (48...57).contains(byte) else {
                return nil
            }
            bits |= UInt128(byte) << (8 * (15 - offset))
        }
        self.bits = bits
    }

    /// A code literal such as `"KRW"`; it must be valid.
    public init(stringLiteral value: String) {
        guard let code = CurrencyCode(value) else { preconditionFailure("invalid currency code '\(value)'") }
        self = code
    }

    /// The code as text.
    public var description: String {
        // At most 15 bytes: Swift stores such strings inline, so this does not allocate.
        String(unsafeUninitializedCapacity: 15) { buffer in
            var count = 0
            while count < 15 {
                let byte = UInt8(truncatingIfNeeded: bits >> (8 * (15 - count)))
                if byte == 0 { break }
                buffer[count] = byte
                count += 1
            }
            return count
        }
    }

    /// Alphabetical.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.bits < rhs.bits }
}
