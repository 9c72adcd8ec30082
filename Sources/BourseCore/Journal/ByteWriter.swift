/// Appends little-endian integers and length-prefixed text to a byte buffer.
///
/// The journal's binary records are written with it. Everything is fixed-width and little-endian, so a
/// record reads back the same on every platform.
public struct ByteWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Forgets the bytes written but keeps the buffer's capacity.
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Appends one byte.
    public mutating func write(_ value: UInt8) { bytes.append(value) }

    /// Appends a fixed-width little-endian integer.
    public mutating func write<T: FixedWidthInteger>(_ value: T) {
        var value = value.littleEndian
        withUnsafeBytes(of: &value) { bytes.append(contentsOf: $0) }
    }

    /// Appends raw bytes.
    public mutating func write(contentsOf other: some Sequence<UInt8>) { bytes.append(contentsOf: other) }

    /// Appends UTF-8 text of at most 255 bytes, prefixed by its length.
    public mutating func writeShortText(_ text: String) {
        let utf8 = text.utf8
        precondition(utf8.count <= 255, "short text longer than 255 bytes")
        bytes.append(UInt8(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// Overwrites a previously written little-endian integer at `offset` (a length or count patched in
    /// once it is known).
    public mutating func patch<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        var value = value.littleEndian
        withUnsafeBytes(of: &value) { raw in
            for index in 0..<raw.count { bytes[offset + index] = raw[index] }
        }
    }
}
