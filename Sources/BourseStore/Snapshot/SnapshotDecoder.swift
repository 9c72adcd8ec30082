/// Decodes a value from bytes written by ``SnapshotEncoder``.
///
/// The envelope is checked first: wrong magic bytes, another format version, a short buffer or a bad
/// checksum throw a ``SnapshotFormatError`` before any of the payload is read. Inside the payload, every
/// read is bounds-checked, so malformed bytes throw a `DecodingError` (with the byte offset) rather than
/// crash, and bytes left over after the value are an error too.
public struct SnapshotDecoder: Sendable {
    /// Every setting at the default written beside it.
    public init() {}

    /// The value of type `type` stored in `bytes`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let payload = try SnapshotFormat.payloadRange(of: bytes)
        return try Self.decodePayload(type, from: bytes, in: payload)
    }

    /// Decodes the bare payload in `range` (no envelope); the whole range must be used.
    static func decodePayload<T: Decodable>(_ type: T.Type, from bytes: [UInt8], in range: Range<Int>) throws -> T {
        let reader = SnapshotReader(bytes, range: range)
        let value = try reader.decode(type)
        guard reader.remaining == 0 else {
            throw reader.corrupt("\(reader.remaining) unread bytes after the \(T.self)")
        }
        return value
    }
}
