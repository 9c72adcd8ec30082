/// Writes a `u32` element count, then the elements. `Array.encode(to:)` does not say how many elements
/// will come, so the count starts at zero and is patched in place after each one.
struct SnapshotUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let writer: SnapshotWriter
    private let countOffset: Int
    private(set) var count = 0

    init(writer: SnapshotWriter) {
        self.writer = writer
        countOffset = writer.reserveCount()
    }

    var codingPath: [any CodingKey] { [] }

    private mutating func appended() {
        count += 1
        writer.patchCount(count, at: countOffset)
    }

    mutating func encodeNil() throws {
        writer.writeByte(0)
        appended()
    }

    mutating func encode(_ value: Bool) throws { try append(value) }
    mutating func encode(_ value: String) throws { try append(value) }
    mutating func encode(_ value: Double) throws { try append(value) }
    mutating func encode(_ value: Float) throws { try append(value) }
    mutating func encode(_ value: Int) throws { try append(value) }
    mutating func encode(_ value: Int8) throws { try append(value) }
    mutating func encode(_ value: Int16) throws { try append(value) }
    mutating func encode(_ value: Int32) throws { try append(value) }
    mutating func encode(_ value: Int64) throws { try append(value) }
    mutating func encode(_ value: Int128) throws { try append(value) }
    mutating func encode(_ value: UInt) throws { try append(value) }
    mutating func encode(_ value: UInt8) throws { try append(value) }
    mutating func encode(_ value: UInt16) throws { try append(value) }
    mutating func encode(_ value: UInt32) throws { try append(value) }
    mutating func encode(_ value: UInt64) throws { try append(value) }
    mutating func encode(_ value: UInt128) throws { try append(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try writer.encode(value)
        appended()
    }

    private mutating func append(_ value: some SnapshotWritable) throws {
        try value.write(to: writer)
        appended()
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        appended()
        return KeyedEncodingContainer(SnapshotKeyedEncodingContainer<NestedKey>(writer: writer))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        appended()
        return SnapshotUnkeyedEncodingContainer(writer: writer)
    }

    mutating func superEncoder() -> any Encoder {
        appended()
        return writer
    }
}
