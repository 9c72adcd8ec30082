/// Reads what a ``ByteWriter`` wrote, refusing to read past the end.
///
/// Every read checks the remaining length first and throws ``ByteReaderError/truncated`` instead of
/// reading out of bounds, so a damaged record is reported, never trusted.
public struct ByteReader: Sendable {
    /// The bytes being read.
    public let bytes: [UInt8]
    /// The offset of the next byte to read.
    public private(set) var offset: Int

    /// A reader at the start of `bytes`.
    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// `true` when every byte has been read.
    public var isAtEnd: Bool { offset == bytes.count }

    /// The number of bytes left.
    public var remaining: Int { bytes.count - offset }

    /// Reads one byte.
    public mutating func readByte() throws(ByteReaderError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated(at: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads a fixed-width little-endian integer.
    public mutating func read<T: FixedWidthInteger>(_: T.Type = T.self) throws(ByteReaderError) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { throw .truncated(at: offset) }
        var value = T.zero
        for index in 0..<size { value |= T(truncatingIfNeeded: bytes[offset + index]) << (8 * index) }
        offset += size
        return value
    }

    /// Reads `count` raw bytes.
    public mutating func readBytes(_ count: Int) throws(ByteReaderError) -> ArraySlice<UInt8> {
        guard count >= 0, remaining >= count else { throw .truncated(at: offset) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// Reads length-prefixed UTF-8 text written by ``ByteWriter/writeShortText(_:)``.
    public mutating func readShortText() throws(ByteReaderError) -> String {
        let start = offset
        let count = Int(try readByte())
        let slice = try readBytes(count)
        guard let text = String(validating: slice, as: UTF8.self) else { throw .invalid("text", at: start) }
        return text
    }
}

/// Why bytes could not be read back.
public enum ByteReaderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes end in the middle of a value.
    case truncated(at: Int)
    /// A value is not one the writer could have written (`what` names it).
    case invalid(String, at: Int)

    /// A sentence for logs and error messages.
    public var description: String {
        switch self {
        case .truncated(let offset): "record truncated at byte \(offset)"
        case .invalid(let what, let offset): "invalid \(what) at byte \(offset)"
        }
    }
}
