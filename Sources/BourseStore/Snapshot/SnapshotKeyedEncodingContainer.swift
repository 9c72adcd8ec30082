/// Writes a keyed container's values in the order they come, without their keys: synthesized `Encodable`
/// code writes a struct's fields in declaration order, and synthesized `Decodable` code reads them back in
/// the same order.
///
/// Only a nested container opened for a key writes that key (see ``SnapshotWriter/writeKey(_:)``).
struct SnapshotKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: SnapshotWriter

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { writer.writeByte(0) }

    mutating func encode(_ value: Bool, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: String, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: Double, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: Float, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: Int, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { value.write(to: writer) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try writer.encode(value) }

    // The protocol's defaults skip nil values, which a positional format cannot do: nil is an absent marker.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws { try writer.writeIfPresent(value) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try writer.encodeIfPresent(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        writer.writeKey(key)
        return KeyedEncodingContainer(SnapshotKeyedEncodingContainer<NestedKey>(writer: writer))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        writer.writeKey(key)
        return SnapshotUnkeyedEncodingContainer(writer: writer)
    }

    mutating func superEncoder() -> any Encoder { writer }

    mutating func superEncoder(forKey key: Key) -> any Encoder { writer }
}
