/// Reads a `u32` element count, then hands out exactly that many elements.
struct SnapshotUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let reader: SnapshotReader
    private let total: Int
    private(set) var currentIndex = 0

    init(reader: SnapshotReader) throws {
        self.reader = reader
        total = try reader.readCount()
    }

    var codingPath: [any CodingKey] { [] }
    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    /// Counts one element, refusing to read past the count.
    private mutating func advance() throws {
        guard currentIndex < total else { throw reader.corrupt("read past the \(total) elements of a container") }
        currentIndex += 1
    }

    /// Consumes the presence byte written for an optional element: `false` means the value follows.
    mutating func decodeNil() throws -> Bool {
        guard currentIndex < total else { throw reader.corrupt("read past the \(total) elements of a container") }
        if try reader.readPresence() { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try next(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try next(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try advance()
        return try reader.decode(type)
    }

    private mutating func next<T: SnapshotReadable>(_ type: T.Type) throws -> T {
        try advance()
        return try T.read(from: reader)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try advance()
        return KeyedDecodingContainer(SnapshotKeyedDecodingContainer<NestedKey>(reader: reader))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try advance()
        return try SnapshotUnkeyedDecodingContainer(reader: reader)
    }

    mutating func superDecoder() throws -> any Decoder {
        try advance()
        return reader
    }
}
