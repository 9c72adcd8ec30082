/// Why bytes were refused as a snapshot before their payload was read.
///
/// Errors inside a payload that passed these checks (which only a bug can cause) are `DecodingError`s.
public enum SnapshotFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes do not start with the snapshot magic.
    case notASnapshot
    /// The snapshot was written in another format version; it cannot be read by this build.
    case unsupportedVersion(found: UInt16, supported: UInt16)
    /// The bytes are shorter than the smallest snapshot.
    case truncated
    /// The checksum does not match: the bytes were damaged or cut short.
    case checksumMismatch

    /// A sentence for logs and error messages.
    public var description: String {
        switch self {
        case .notASnapshot: "not a Bourse snapshot (wrong magic bytes)"
        case .unsupportedVersion(let found, let supported):
            "snapshot format version \(found) is not supported (this build reads version \(supported))"
        case .truncated: "snapshot truncated"
        case .checksumMismatch: "snapshot checksum mismatch: the bytes are damaged or incomplete"
        }
    }
}
