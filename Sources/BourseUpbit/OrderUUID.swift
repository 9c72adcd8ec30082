public import BourseCore

/// Order, deposit, withdrawal and trade ids spelled as standard UUIDs (RFC 9562 layout, version 4 and variant bits set), as
/// Upbit's clients expect, computed from Bourse's integer ids with no table in between.
///
/// An order id goes through a keyed 64-bit permutation (a four-round Feistel network), so consecutive
/// orders get unrelated-looking UUIDs; 58 check bits (derived from the id with the permutation again) mark
/// the UUID as one of ours, so a made-up UUID is recognised as unknown without a lookup (and an order of another account is refused by the store's
/// account check, never by obscurity). Trade UUIDs are only spelled, never parsed.
public enum OrderUUID {
    private static let orderSalt: UInt64 = 0x2B05_E0B5_E0B0_DE5
    private static let depositSalt: UInt64 = 0x0DE9_0517_0DE9_0517
    private static let withdrawalSalt: UInt64 = 0x7D2A_3B1C_5E6F_4A09
    private static let mask58: UInt64 = (1 << 58) - 1
    private static let roundKeys: [UInt32] = [0x9E37_79B9, 0x7F4A_7C15, 0xF39C_C060, 0x5CED_C834]

    /// The UUID of order `id`.
    public static func string(_ id: OrderID) -> String { spell(id.rawValue, salt: orderSalt) }

    /// The order id `text` spells, if it is one of ours (any letter case).
    public static func parse<Text: StringProtocol>(_ text: Text) -> OrderID? {
        read(text, salt: orderSalt).map(OrderID.init)
    }

    /// The UUID of the deposit journaled as entry `sequence` (never the same as an order's).
    public static func deposit(_ sequence: UInt64) -> String { spell(sequence, salt: depositSalt) }

    /// The deposit `text` spells, if it is one of ours.
    public static func parseDeposit<Text: StringProtocol>(_ text: Text) -> UInt64? { read(text, salt: depositSalt) }

    /// The UUID of withdrawal `id`.
    public static func withdrawal(_ id: TransferID) -> String { spell(id.rawValue, salt: withdrawalSalt) }

    /// The withdrawal `text` spells, if it is one of ours.
    public static func parseWithdrawal<Text: StringProtocol>(_ text: Text) -> TransferID? {
        read(text, salt: withdrawalSalt).map(TransferID.init)
    }

    private static func spell(_ id: UInt64, salt: UInt64) -> String {
        let value = permute(id)
        let high = (value & 0xFFFF_FFFF_FFFF_0000) | 0x4000 | ((value >> 4) & 0x0FFF)
        let low = (0b10 << 62) | ((value & 0xF) << 58) | check(value, salt: salt)
        return spell(high, low)
    }

    private static func read<Text: StringProtocol>(_ text: Text, salt: UInt64) -> UInt64? {
        guard let (high, low) = read(text), (high >> 12) & 0xF == 4, low >> 62 == 0b10 else { return nil }
        let value = (high & 0xFFFF_FFFF_FFFF_0000) | ((high & 0x0FFF) << 4) | ((low >> 58) & 0xF)
        guard low & mask58 == check(value, salt: salt) else { return nil }
        let id = unpermute(value)
        return id == 0 ? nil : id
    }

    /// The UUID of trade `sequence` of `market` (unique across markets).
    public static func trade(_ market: MarketCode, sequence: UInt64) -> String {
        let hash = FNV1a.hash(Array(market.description.utf8)[...])
        let high = (hash & ~0xF000) | 0x4000
        let low = (0b10 << 62) | (sequence & ((1 << 62) - 1))
        return spell(high, low)
    }

    // MARK: - Permutation

    private static func check(_ value: UInt64, salt: UInt64) -> UInt64 { permute(value ^ salt) & mask58 }

    private static func round(_ half: UInt32, _ key: UInt32) -> UInt32 {
        UInt32(truncatingIfNeeded: (UInt64(half ^ key) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    static func permute(_ value: UInt64) -> UInt64 {
        var left = UInt32(truncatingIfNeeded: value >> 32)
        var right = UInt32(truncatingIfNeeded: value)
        for key in roundKeys { (left, right) = (right, left ^ round(right, key)) }
        return UInt64(left) << 32 | UInt64(right)
    }

    static func unpermute(_ value: UInt64) -> UInt64 {
        var left = UInt32(truncatingIfNeeded: value >> 32)
        var right = UInt32(truncatingIfNeeded: value)
        for key in roundKeys.reversed() { (left, right) = (right ^ round(left, key), left) }
        return UInt64(left) << 32 | UInt64(right)
    }

    // MARK: - Text

    private static let digits = Array("0123456789abcdef".utf8)

    private static func spell(_ high: UInt64, _ low: UInt64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for (index, nibble) in (0..<32).map({ index in
            let word = index < 16 ? high : low
            return (index, Int((word >> UInt64(60 - (index % 16) * 4)) & 0xF))
        }) {
            if index == 8 || index == 12 || index == 16 || index == 20 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(digits[nibble])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func read<Text: StringProtocol>(_ text: Text) -> (UInt64, UInt64)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var nibbles = 0
        for (offset, byte) in bytes.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            if nibbles < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
            nibbles += 1
        }
        return (high, low)
    }
}
