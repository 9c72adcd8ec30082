/// Finds `"key":` in a JSON text and reads the number or string after it: enough for the flat messages
/// the bench clients time and check, at a fraction of a decoder's cost (the load must stay cheap next to
/// the server it measures).
struct JSONScan {
    let bytes: UnsafeRawBufferPointer

    func has(_ key: String) -> Bool { position(after: key) != nil }

    func integer(_ key: String) -> Int64? {
        guard var cursor = position(after: key), cursor < bytes.count, bytes[cursor] != UInt8(ascii: "n") else {
            return nil
        }
        var value: Int64 = 0
        var digits = 0
        while cursor < bytes.count, (48...57).contains(bytes[cursor]) {
            value = value * 10 + Int64(bytes[cursor] - 48)
            cursor += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    func string(_ key: String) -> String? {
        guard let start = position(after: key), start < bytes.count, bytes[start] == UInt8(ascii: "\"") else {
            return nil
        }
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
    }

    /// The index just after `"key":`.
    private func position(after key: String) -> Int? {
        let pattern = Array("\"\(key)\":".utf8)
        guard bytes.count >= pattern.count else { return nil }
        var index = 0
        search: while index + pattern.count <= bytes.count {
            for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] {
                index += 1
                continue search
            }
            return index + pattern.count
        }
        return nil
    }
}
