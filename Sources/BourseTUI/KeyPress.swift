/// A key as the terminal client reads it.
public enum KeyPress: Hashable, Sendable {
    /// A printable character (including Hangul from an input method).
    case character(Character)
    /// ↑.
    case up
    /// ↓.
    case down
    /// ←.
    case left
    /// →.
    case right
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Return.
    case enter
    /// Escape on its own.
    case escape
    /// Backspace (DEL or ^H).
    case backspace
    /// Tab.
    case tab
    /// Ctrl-C (raw mode delivers it as a byte).
    case interrupt
}

/// Turns the bytes a raw-mode terminal sends into ``KeyPress``es, keeping an incomplete UTF-8 character
/// or escape sequence until the rest arrives.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// The keys in `bytes` (after what was pending). An escape byte with nothing after it is a lone Escape.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [KeyPress] {
        pending.append(contentsOf: bytes)
        var keys: [KeyPress] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x1B:
                guard index + 1 < pending.count else {
                    keys.append(.escape)
                    index += 1
                    continue
                }
                guard pending[index + 1] == UInt8(ascii: "[") || pending[index + 1] == UInt8(ascii: "O") else {
                    keys.append(.escape)
                    index += 1
                    continue
                }
                // CSI: parameters, then a final byte in 0x40...0x7E.
                var end = index + 2
                while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
                guard end < pending.count else {
                    pending.removeFirst(index)
                    return keys
                }
                if let key = Self.sequence(Array(pending[(index + 2)...end])) { keys.append(key) }
                index = end + 1
            case 0x0D, 0x0A: keys.append(.enter); index += 1
            case 0x7F, 0x08: keys.append(.backspace); index += 1
            case 0x09: keys.append(.tab); index += 1
            case 0x03: keys.append(.interrupt); index += 1
            case 0x00..<0x20: index += 1
            default:
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard index + length <= pending.count else {
                    pending.removeFirst(index)
                    return keys
                }
                if let text = String(validating: pending[index..<(index + length)], as: UTF8.self),
                    let character = text.first
                {
                    keys.append(.character(character))
                }
                index += length
            }
        }
        pending.removeAll()
        return keys
    }

    private static func sequence(_ bytes: [UInt8]) -> KeyPress? {
        switch bytes {
        case [UInt8(ascii: "A")]: .up
        case [UInt8(ascii: "B")]: .down
        case [UInt8(ascii: "C")]: .right
        case [UInt8(ascii: "D")]: .left
        case [UInt8(ascii: "H")], Array("1~".utf8): .home
        case [UInt8(ascii: "F")], Array("4~".utf8): .end
        case Array("5~".utf8): .pageUp
        case Array("6~".utf8): .pageDown
        default: nil
        }
    }
}
