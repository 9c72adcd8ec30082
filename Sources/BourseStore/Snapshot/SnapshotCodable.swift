/// A value the snapshot writer writes by the format's own rules instead of through its `Encodable`
/// implementation: primitives, optionals (a presence byte), arrays (without a container per array) and
/// dictionaries (pairs, whatever the key).
protocol SnapshotWritable {
    /// Appends the value's bytes.
    func write(to writer: SnapshotWriter) throws
}

extension SnapshotWritable {
    /// Writes `elements`, whose type is `Self`, with one dynamic check for all of them instead of one each.
    static func writeElements<S: Sequence>(_ elements: S, to writer: SnapshotWriter) throws {
        for element in elements { try (element as! Self).write(to: writer) }
    }
}

/// A value the snapshot reader reads by the format's own rules; the counterpart of ``SnapshotWritable``.
protocol SnapshotReadable {
    /// Reads a value written by ``SnapshotWritable/write(to:)``.
    static func read(from reader: SnapshotReader) throws -> Self
}

extension SnapshotReadable {
    /// Reads `count` values of type `Self` (which is `T`), with one dynamic check for all of them.
    static func readElements<T>(_ count: Int, from reader: SnapshotReader, _ body: (T) -> Void) throws {
        for _ in 0..<count { body(try read(from: reader) as! T) }
    }
}

// `Optional`'s own `Codable` writes nothing before a present value, so it could not be told from an
// absent one in a positional format; every optional gets a presence byte instead.
extension Optional: SnapshotWritable where Wrapped: Encodable {
    func write(to writer: SnapshotWriter) throws { try writer.encodeIfPresent(self) }
}

extension Optional: SnapshotReadable where Wrapped: Decodable {
    static func read(from reader: SnapshotReader) throws -> Self { try reader.decodeIfPresent(Wrapped.self) }
}

// Arrays are written as an unkeyed container would write them (a count, then the elements), but without a
// container and a type check per element: snapshots are mostly arrays (order slabs, hash-index buckets).
extension Array: SnapshotWritable where Element: Encodable {
    func write(to writer: SnapshotWriter) throws { try writer.encodeArray(self) }
}

extension Array: SnapshotReadable where Element: Decodable {
    static func read(from reader: SnapshotReader) throws -> Self { try reader.decodeArray() }
}

extension ContiguousArray: SnapshotWritable where Element: Encodable {
    func write(to writer: SnapshotWriter) throws { try writer.encodeArray(self) }
}

extension ContiguousArray: SnapshotReadable where Element: Decodable {
    static func read(from reader: SnapshotReader) throws -> Self { try reader.decodeArray() }
}

// `Dictionary`'s own `Codable` uses a keyed container for `String` and `Int` keys, whose keys a
// positional format does not write; every dictionary is written as a count and key-value pairs instead.
extension Dictionary: SnapshotWritable where Key: Encodable, Value: Encodable {
    func write(to writer: SnapshotWriter) throws {
        writer.writeCount(count)
        for (key, value) in self {
            try writer.encode(key)
            try writer.encode(value)
        }
    }
}

extension Dictionary: SnapshotReadable where Key: Decodable, Value: Decodable {
    static func read(from reader: SnapshotReader) throws -> Self {
        let count = try reader.readCount()
        var result = Self(minimumCapacity: reader.reservation(count, of: (Key, Value).self))
        for _ in 0..<count {
            let key = try reader.decode(Key.self)
            guard result.updateValue(try reader.decode(Value.self), forKey: key) == nil else {
                throw reader.corrupt("duplicate dictionary key \(key)")
            }
        }
        return result
    }
}
