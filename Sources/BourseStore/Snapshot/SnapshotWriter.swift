/// The `Encoder` behind ``SnapshotEncoder``: one growing byte buffer, shared by reference with every
/// container, so nested values append in place and no container copies bytes.
///
/// The coding path is not tracked: it would cost an array per value, and nothing here fails by value.
final class SnapshotWriter: Encoder {
    // Only this writer's containers touch the buffer, one at a time; dynamic exclusivity checks on every
    // append would cost more than the append.
    @exclusivity(unchecked) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    // MARK: - Values

    /// Writes `value`: primitives, optionals, arrays and dictionaries by the format's own rules, anything else
    /// through its `Encodable` implementation.
    func encode<T: Encodable>(_ value: T) throws {
        if let special = value as? any SnapshotWritable {
            try special.write(to: self)
        } else {
            try value.encode(to: self)
        }
    }

    /// Writes `elements` as an unkeyed container would (a count, then each element), but checking only
    /// once whether their type is written specially.
    func encodeArray<C: Collection>(_ elements: C) throws where C.Element: Encodable {
        writeCount(elements.count)
        if let special = C.Element.self as? any SnapshotWritable.Type {
            try special.writeElements(elements, to: self)
        } else {
            for element in elements { try element.encode(to: self) }
        }
    }

    /// Writes a presence byte, then `value` if it is there.
    func encodeIfPresent<T: Encodable>(_ value: T?) throws {
        guard let value else { return writeByte(0) }
        writeByte(1)
        try encode(value)
    }

    /// ``encodeIfPresent(_:)`` for a primitive, without the dynamic check.
    func writeIfPresent<T: SnapshotWritable>(_ value: T?) throws {
        guard let value else { return writeByte(0) }
        writeByte(1)
        try value.write(to: self)
    }

    // MARK: - Primitives

    func writeByte(_ byte: UInt8) { bytes.append(byte) }

    /// LEB128: seven bits per byte, low bits first, the high bit set on every byte but the last.
    func writeVarint<U: FixedWidthInteger & UnsignedInteger>(_ value: U) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    /// Zigzag (0, -1, 1, -2, … as 0, 1, 2, 3, …) so small negative numbers stay short, then LEB128.
    func writeZigzag<S: FixedWidthInteger & SignedInteger>(_ value: S) {
        writeVarint(S.Magnitude(truncatingIfNeeded: (value << 1) ^ (value >> (S.bitWidth - 1))))
    }

    func writeFixed<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    func writeString(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            writeVarint(UInt(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Writes a `u32` element count known up front.
    func writeCount(_ count: Int) {
        writeFixed(Self.checkedCount(count))
    }

    /// Writes a zero count to be patched as elements are appended, and returns its offset.
    func reserveCount() -> Int {
        let offset = bytes.count
        writeFixed(UInt32(0))
        return offset
    }

    /// Overwrites the count at `offset`: an unkeyed container learns its count only as it grows.
    func patchCount(_ count: Int, at offset: Int) {
        withUnsafeBytes(of: Self.checkedCount(count).littleEndian) { raw in
            for index in 0..<raw.count { bytes[offset + index] = raw[index] }
        }
    }

    private static func checkedCount(_ count: Int) -> UInt32 {
        // Four billion elements would take more memory than any exchange state has.
        guard let checked = UInt32(exactly: count) else { preconditionFailure("more than 2^32 - 1 elements") }
        return checked
    }

    /// Names the key a nested container is opened for: what tells a synthesized enum's cases apart.
    func writeKey(_ key: some CodingKey) {
        if let intValue = key.intValue {
            writeByte(1)
            writeZigzag(Int64(intValue))
        } else {
            writeByte(0)
            writeString(key.stringValue)
        }
    }

    // MARK: - Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(SnapshotKeyedEncodingContainer<Key>(writer: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        SnapshotUnkeyedEncodingContainer(writer: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SnapshotSingleValueEncodingContainer(writer: self)
    }
}
