/// Encodes an `Encodable` value into Bourse's compact binary snapshot format.
///
/// Meant for exact copies of in-memory state, such as an `Exchange` with its slabs, free lists and
/// counters. The bytes are the magic `BSNP`, a format version, the payload and a checksum. The payload is
/// positional: fields in declaration order with no names, integers as varints, so a busy exchange takes
/// tens of bytes per open order. The decoder must be given the same type; nothing in the bytes says what
/// they hold, which is why the version must change whenever a stored type's fields do.
///
/// Optionals are written with a presence byte, so custom `Encodable` implementations must use
/// `encodeIfPresent` (not `encodeNil` paired with `encode`) and decode with `decodeIfPresent`.
/// Dictionaries are written by the coder itself as pairs, whatever their key type.
public struct SnapshotEncoder: Sendable {
    /// The format version this build writes and reads.
    public static var formatVersion: UInt16 { SnapshotFormat.version }

    /// Every setting at the default written beside it.
    public init() {}

    /// The snapshot bytes of `value`: header, payload and checksum.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = SnapshotWriter(capacity: 4_096)
        writer.bytes.append(contentsOf: SnapshotFormat.magic)
        writer.writeFixed(SnapshotFormat.version)
        try writer.encode(value)
        // Computed first, so no slice of the buffer is alive while the checksum is appended to it.
        let checksum = SnapshotFormat.checksum(writer.bytes[...])
        writer.writeFixed(checksum)
        return writer.bytes
    }
}
