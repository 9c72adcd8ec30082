/// ASCII-only case mapping: request fields are ASCII, and Unicode mapping could turn `ß` into `SS`.
enum SubscriptionASCII {
    /// `text` with `a`–`z` mapped to `A`–`Z` and every other character unchanged.
    static func uppercased(_ text: some StringProtocol) -> String {
        String(decoding: text.utf8.map { $0 &- 0x61 < 26 ? $0 &- 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether the two texts are equal apart from ASCII letter case.
    static func equalsIgnoringCase(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        lhs.utf8.elementsEqual(rhs.utf8) { lower($0) == lower($1) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
