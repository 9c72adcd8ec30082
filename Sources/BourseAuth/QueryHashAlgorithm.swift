import Crypto
import Foundation

/// The digest named by the `query_hash_alg` claim; SHA-512 when the claim is absent.
public enum QueryHashAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// SHA-256.
    case sha256 = "SHA256"
    /// SHA-384.
    case sha384 = "SHA384"
    /// SHA-512, Upbit's default and what every known client sends.
    case sha512 = "SHA512"

    /// Reads a claim value: `SHA512`, `sha512` and `SHA-512` are the same algorithm.
    public init?(claim: String) {
        let letters = claim.uppercased().filter { $0 != "-" }
        self.init(rawValue: letters)
    }

    /// The digest of `bytes`.
    func digest(_ bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .sha256: Array(SHA256.hash(data: bytes))
        case .sha384: Array(SHA384.hash(data: bytes))
        case .sha512: Array(SHA512.hash(data: bytes))
        }
    }
}
