/// Reads a keyed container's values in the order they were written, ignoring the keys asked for (see
/// ``SnapshotKeyedEncodingContainer``).
///
/// ``allKeys`` is meaningful only where a nested container follows, which is how synthesized enums are
/// written: it peeks at the key written before that container.
struct SnapshotKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: SnapshotReader

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { reader.peekKey(Key.self).map { [$0] } ?? [] }

    /// Every field was written, present or not, so every key is "contained".
    func contains(_ key: Key) -> Bool { true }

    /// Consumes the presence byte: `false` means the value follows.
    func decodeNil(forKey key: Key) throws -> Bool { try !reader.readPresence() }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try .read(from: reader) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try .read(from: reader) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try .read(from: reader) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try .read(from: reader) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try .read(from: reader) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try .read(from: reader) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try .read(from: reader) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try .read(from: reader) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try .read(from: reader) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try .read(from: reader) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try .read(from: reader) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try .read(from: reader) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try .read(from: reader) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try .read(from: reader) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try .read(from: reader) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try .read(from: reader) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try reader.decode(type) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try reader.readIfPresent(type) }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try reader.readIfPresent(type)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try reader.decodeIfPresent(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try reader.readKey(key)
        return KeyedDecodingContainer(SnapshotKeyedDecodingContainer<NestedKey>(reader: reader))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try reader.readKey(key)
        return try SnapshotUnkeyedDecodingContainer(reader: reader)
    }

    func superDecoder() throws -> any Decoder { reader }

    func superDecoder(forKey key: Key) throws -> any Decoder { reader }
}
