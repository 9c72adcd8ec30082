/// The journal's binary format: a batch of consecutive ``JournalEntry`` values in one record.
///
/// A record is what one group commit writes. Layout, all integers little-endian:
///
/// ```
/// version u8 (= 1) · first sequence u64 · entry count u32 · entries · FNV-1a-64 checksum of all before
/// entry:  time ms i64 · command tag u8 · command fields
/// ```
///
/// Sequences are implicit (first + index), so a record cannot skip or repeat one. The checksum catches
/// a damaged record; a record that fails it is refused, never applied. Fields are fixed-width except
/// short texts (market codes, currencies, identifiers), which are length-prefixed UTF-8.
public enum JournalCodec {
    /// The format version written in every record.
    public static let version: UInt8 = 1

    /// Appends one record holding `entries` (consecutive sequences, at least one) to `writer`.
    public static func encode(_ entries: some Collection<JournalEntry>, into writer: inout ByteWriter) {
        guard let first = entries.first else { preconditionFailure("a journal record holds at least one entry") }
        let start = writer.bytes.count
        writer.write(version)
        writer.write(first.sequence)
        writer.write(UInt32(entries.count))
        var expected = first.sequence
        for entry in entries {
            precondition(entry.sequence == expected, "journal entries must have consecutive sequences")
            expected += 1
            writer.write(entry.time.milliseconds)
            encode(entry.command, into: &writer)
        }
        writer.write(FNV1a.hash(writer.bytes[start...]))
    }

    /// One record holding `entries`.
    public static func encode(_ entries: some Collection<JournalEntry>) -> [UInt8] {
        var writer = ByteWriter(capacity: 64 * entries.count + 32)
        encode(entries, into: &writer)
        return writer.bytes
    }

    /// The entries of one record, checked against its checksum and its expected first sequence.
    public static func decode(_ bytes: [UInt8]) throws(ByteReaderError) -> [JournalEntry] {
        var entries: [JournalEntry] = []
        try decode(bytes) { entries.append($0) }
        return entries
    }

    /// Calls `body` with each entry of one record, in order, after checking the whole record.
    public static func decode(
        _ bytes: [UInt8], _ body: (JournalEntry) throws(ByteReaderError) -> Void
    ) throws(ByteReaderError) {
        guard bytes.count >= 21 else { throw .truncated(at: bytes.count) }
        let stored = ByteReader(bytes, offset: bytes.count - 8)
        var checksumReader = stored
        guard try checksumReader.read(UInt64.self) == FNV1a.hash(bytes[..<(bytes.count - 8)]) else {
            throw .invalid("journal record checksum", at: bytes.count - 8)
        }
        var reader = ByteReader(Array(bytes[..<(bytes.count - 8)]))
        let recordVersion = try reader.readByte()
        guard recordVersion == version else { throw .invalid("journal record version \(recordVersion)", at: 0) }
        let first: UInt64 = try reader.read()
        let count: UInt32 = try reader.read()
        guard first >= 1, first <= UInt64.max - UInt64(count) else { throw .invalid("journal sequence", at: 1) }
        for index in 0..<UInt64(count) {
            let time = Timestamp(milliseconds: try reader.read())
            let command = try decodeCommand(&reader)
            try body(JournalEntry(sequence: first + index, time: time, command: command))
        }
        guard reader.isAtEnd else { throw .invalid("trailing bytes in journal record", at: reader.offset) }
    }

    /// The first sequence and entry count of a record, read from its header without decoding entries.
    public static func header(of bytes: [UInt8]) throws(ByteReaderError) -> (firstSequence: UInt64, count: Int) {
        var reader = ByteReader(bytes)
        _ = try reader.readByte()
        let first: UInt64 = try reader.read()
        let count: UInt32 = try reader.read()
        return (first, Int(count))
    }
}
