import BourseCore

/// The envelope around a snapshot's payload, and the rules of the payload's encoding.
///
/// ```
/// magic "BSNP" · format version u16 · payload · FNV-1a-64 checksum u64 of everything before it
/// ```
///
/// Fixed-width fields are little-endian. The payload is positional: a struct is its fields in declaration
/// order with no names, so the bytes only make sense to a build whose stored types have the same fields.
/// That is what the version is for: **bump ``version`` whenever a type stored in a snapshot gains, loses
/// or reorders a field**, and older snapshots are refused with
/// ``SnapshotFormatError/unsupportedVersion(found:supported:)`` instead of being misread.
///
/// Inside the payload:
/// - integers are LEB128 varints (signed ones zigzag-encoded first), `Int`/`UInt` as 64-bit;
///   `Bool` and `UInt8`/`Int8` are one byte, `Float`/`Double` their IEEE bits, fixed-width;
/// - a string is a varint byte count and its UTF-8 bytes;
/// - an optional is a presence byte (0 absent, 1 present) followed by the value if present;
/// - an unkeyed container (arrays, sets) is a `u32` element count and the elements;
/// - a dictionary is a `u32` pair count and each key followed by its value;
/// - a nested container opened for a key (how synthesized enums name their case) is preceded by the key:
///   `0` and the key's string, or `1` and its integer value.
enum SnapshotFormat {
    static let magic: [UInt8] = Array("BSNP".utf8)
    static let version: UInt16 = 4
    /// Magic and version.
    static let headerSize = 6
    /// Bytes of the FNV-1a-64 checksum that ends the file.
    static let trailerSize = 8

    /// The checksum (``FNV1a``, shared with the journal).
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 { FNV1a.hash(bytes) }

    /// The payload's range in `bytes`, after checking the magic, the version and the checksum.
    static func payloadRange(of bytes: [UInt8]) throws(SnapshotFormatError) -> Range<Int> {
        guard bytes.count >= magic.count, bytes[..<magic.count].elementsEqual(magic) else {
            throw .notASnapshot
        }
        guard bytes.count >= headerSize + trailerSize else { throw .truncated }
        let found = UInt16(bytes[4]) | UInt16(bytes[5]) << 8
        guard found == version else { throw .unsupportedVersion(found: found, supported: version) }
        let end = bytes.count - trailerSize
        var stored: UInt64 = 0
        for index in 0..<trailerSize { stored |= UInt64(bytes[end + index]) << (8 * index) }
        guard stored == checksum(bytes[..<end]) else { throw .checksumMismatch }
        return headerSize..<end
    }
}
