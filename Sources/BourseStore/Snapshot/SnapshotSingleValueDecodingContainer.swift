/// Reads one value in place (see ``SnapshotSingleValueEncodingContainer``).
struct SnapshotSingleValueDecodingContainer: SingleValueDecodingContainer {
    let reader: SnapshotReader

    var codingPath: [any CodingKey] { [] }

    /// Consumes a presence byte if one is next: `true` for an absent marker. (Optionals are read by the
    /// reader itself; this serves custom implementations.) Anything else is left unread.
    func decodeNil() -> Bool { (try? reader.readPresence()) == false }

    func decode(_ type: Bool.Type) throws -> Bool { try .read(from: reader) }
    func decode(_ type: String.Type) throws -> String { try .read(from: reader) }
    func decode(_ type: Double.Type) throws -> Double { try .read(from: reader) }
    func decode(_ type: Float.Type) throws -> Float { try .read(from: reader) }
    func decode(_ type: Int.Type) throws -> Int { try .read(from: reader) }
    func decode(_ type: Int8.Type) throws -> Int8 { try .read(from: reader) }
    func decode(_ type: Int16.Type) throws -> Int16 { try .read(from: reader) }
    func decode(_ type: Int32.Type) throws -> Int32 { try .read(from: reader) }
    func decode(_ type: Int64.Type) throws -> Int64 { try .read(from: reader) }
    func decode(_ type: Int128.Type) throws -> Int128 { try .read(from: reader) }
    func decode(_ type: UInt.Type) throws -> UInt { try .read(from: reader) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try .read(from: reader) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try .read(from: reader) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try .read(from: reader) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try .read(from: reader) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try .read(from: reader) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try reader.decode(type) }
}
