import BourseWire

/// The spellings clients give a form when they compute `query_hash` (percent-encoding itself is
/// ``BourseWire/PercentEncoding``).
enum URLFormEncoding {
    /// pyupbit's `.replace("%5B%5D=", "[]=")`: array keys written with literal brackets.
    static func restoringBrackets(_ bytes: [UInt8]) -> [UInt8] {
        let pattern = Array("%5B%5D=".utf8)
        guard bytes.count >= pattern.count else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + pattern.count <= bytes.count, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                output += Array("[]=".utf8)
                index += pattern.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
