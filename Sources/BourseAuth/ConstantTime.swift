/// Comparisons whose running time does not depend on where two secrets first differ.
enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes.
    ///
    /// Only the lengths may leak through timing; they are public (a digest's length follows from its
    /// algorithm).
    static func equal(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) {
            difference |= x ^ y
        }
        return difference == 0
    }
}
