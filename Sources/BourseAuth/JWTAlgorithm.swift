import Crypto
import Foundation

/// A JWT signature algorithm the server accepts: HMAC with SHA-256, SHA-384 or SHA-512.
///
/// ccxt and pyupbit sign HS256, Upbit's documents recommend HS512, some libraries default to HS384.
/// Everything else (`none`, `RS256`, `ES256`, lower-case spellings) is refused: keys are shared secrets,
/// so an asymmetric or unsigned header can only be an attack or a mistake.
public enum JWTAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// HMAC-SHA-256.
    case hs256 = "HS256"
    /// HMAC-SHA-384.
    case hs384 = "HS384"
    /// HMAC-SHA-512.
    case hs512 = "HS512"

    /// Whether `signature` is this algorithm's HMAC of `message` under `key`, compared in constant time.
    func verifies(signature: [UInt8], of message: [UInt8], key: [UInt8]) -> Bool {
        let symmetricKey = SymmetricKey(data: key)
        return switch self {
        case .hs256:
            HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: message, using: symmetricKey)
        case .hs384:
            HMAC<SHA384>.isValidAuthenticationCode(signature, authenticating: message, using: symmetricKey)
        case .hs512:
            HMAC<SHA512>.isValidAuthenticationCode(signature, authenticating: message, using: symmetricKey)
        }
    }
}
