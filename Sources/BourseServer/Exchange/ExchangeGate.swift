import BourseAuth
import BourseCore
import Synchronization

/// Authenticates exchange-API requests: Upbit's JWT checks (``Authenticator``) over keys from an
/// ``APIKeyDirectory``, with the REST nonce windows kept here.
///
/// The checks run under the lock of the caller's nonce window (a nonce is recorded mid-way, and a request
/// refused after that still uses it up, as at Upbit), so windows are sharded by access key: requests of
/// different keys never wait for each other.
public final class ExchangeGate: Sendable {
    let directory: APIKeyDirectory
    private let shards = (0..<16).map { _ in NonceShard() }

    /// A gate over `directory`'s keys.
    public init(directory: APIKeyDirectory) { self.directory = directory }

    /// The key a request acts with, or the first check it fails (reference §4.4).
    func authenticate(
        authorization: String?, payload: RequestPayload, clientIP: String?, scope: APIScope?, now: Timestamp,
        enforcesNonce: Bool = true
    ) async throws -> Result<APIKey, AuthError> {
        // The access key is inside the token: read it first, then fetch the key (an async store read)
        // and run every check, in Upbit's order, against that one key.
        let token: BearerToken
        do { token = try BearerToken(authorization: authorization) } catch { return .failure(error) }
        let accessKey = token.claims.accessKey
        let found = try await directory.key(accessKey, now: now)
        let request = AuthenticationRequest(
            authorization: authorization, payload: payload, clientIP: clientIP, requiredScope: scope,
            enforcesNonce: enforcesNonce, nowMilliseconds: now.milliseconds)
        let authenticator = Authenticator { access in access == found?.accessKey ? found : nil }
        var hasher = Hasher()
        hasher.combine(accessKey)
        let shard = shards[Int(UInt(bitPattern: hasher.finalize()) % UInt(shards.count))]
        return shard.window.withLock { nonces in
            Result { () throws(AuthError) -> APIKey in
                try authenticator.authenticate(request, token: token, nonces: &nonces)
            }
        }
    }
}

/// One lock-protected nonce window (a class, so shards can sit in an array).
private final class NonceShard: Sendable {
    let window = Mutex(NonceWindow())
}
