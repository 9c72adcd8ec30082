/// A client's order `identifier`: up to 64 UTF-8 bytes, stored inline, with no control characters.
///
/// Upbit limits identifiers to 64 characters; Bourse takes 64 bytes (the wire layer refuses longer ones).
/// Control characters (U+0000–U+001F, U+007F) are refused: an identifier is a name a client shows and
/// looks up, and a NUL in particular does not survive every store (SQLite's C strings cut it off, so
/// `X\0two` once found the order named `X\0one`).
/// Keeping the bytes inline, instead of in a `String`, makes orders, commands and events plain values
/// that copy without reference counting on the matching path.
public struct OrderIdentifier: Hashable, Codable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The most bytes an identifier may have.
    public static let maximumBytes = 64

    private var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0
    private var w4: UInt64 = 0, w5: UInt64 = 0, w6: UInt64 = 0, w7: UInt64 = 0
    /// The number of bytes used.
    public let count: UInt8

    /// An identifier from `text`; `nil` if it is empty, longer than 64 UTF-8 bytes or has a control
    /// character.
    public init?(_ text: String) {
        let bytes = text.utf8
        guard (1...Self.maximumBytes).contains(bytes.count), !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F })
        else { return nil }
        count = UInt8(bytes.count)
        for (offset, byte) in bytes.enumerated() {
            let shift = UInt64((offset % 8) * 8)
            let bits = UInt64(byte) << shift
            switch offset / 8 {
            case 0: w0 |= bits
            case 1: w1 |= bits
            case 2: w2 |= bits
            case 3: w3 |= bits
            case 4: w4 |= bits
            case 5: w5 |= bits
            case 6: w6 |= bits
            default: w7 |= bits
            }
        }
    }

    /// An identifier literal; it must be 1 to 64 UTF-8 bytes without control characters.
    public init(stringLiteral value: String) {
        guard let identifier = OrderIdentifier(value) else {
            preconditionFailure(
                "an order identifier must be 1 to \(Self.maximumBytes) UTF-8 bytes without control characters")
        }
        self = identifier
    }

    /// The identifier's words folded into 64 well-mixed bits, cheaply: what picks its shard in
    /// ``ClientIdentifiers`` (the dictionary inside still hashes the whole identifier).
    var foldedBits: UInt64 {
        let folded = w0 ^ (w1 &* 3) ^ (w2 &* 5) ^ (w3 &* 7) ^ (w4 &* 11) ^ (w5 &* 13) ^ (w6 &* 17) ^ (w7 &* 19)
        return (folded ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The identifier as the client sent it.
    public var description: String {
        let words = [w0, w1, w2, w3, w4, w5, w6, w7]
        let bytes = (0..<Int(count)).map { UInt8(truncatingIfNeeded: words[$0 / 8] >> UInt64(($0 % 8) * 8)) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
