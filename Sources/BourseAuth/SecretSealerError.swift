/// Why a sealer could not be built or a sealed secret could not be opened.
public enum SecretSealerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The master key is not 32 bytes long; the payload is the length given.
    case invalidMasterKeyLength(Int)
    /// The bytes are too short or carry an unknown format version.
    case malformed
    /// The bytes were altered, or sealed under another master key or context.
    case authenticationFailed

    /// A sentence for logs and the CLI.
    public var description: String {
        switch self {
        case .invalidMasterKeyLength(let length):
            "the master key must be \(SecretSealer.masterKeyLength) bytes, not \(length)"
        case .malformed:
            "the sealed secret is truncated or has an unknown format version"
        case .authenticationFailed:
            "the sealed secret does not open: altered, or sealed under another master key or context"
        }
    }
}
