import BourseAuth
import BourseCore
import Synchronization

/// Authenticates exchange-API requests: Upbit's JWT checks (``Authenticator``) over keys from an
/// ``APIKeyDirectory``, with the REST nonce windows kept here.
///
/// The checks run under the lock of the caller's nonce window (a nonce is recorded mid-way, and a request
/// refused after that still uses it up, as at Upbit), so windows are sharded by access key: requests of
/// different keys never wait for each other.
///
/// With a ``NonceFile`` the windows outlive the process: every accepted request's nonce is appended to it
/// before the request is answered, and a new gate starts from what the file remembers.
public final class ExchangeGate: Sendable {
    let directory: APIKeyDirectory
    let nonceFile: NonceFile?
    private let shards = (0..<16).map { _ in NonceShard() }

    /// A gate over `directory`'s keys that remembers nonces in memory only.
    public convenience init(directory: APIKeyDirectory) { self.init(directory: directory, nonceFile: nil) }

    /// A gate over `directory`'s keys that keeps nonces in `nonceFile`, starting from `remembered` (what
    /// ``NonceFile/open(in:windowMilliseconds:now:)`` read back).
    public init(directory: APIKeyDirectory, nonceFile: NonceFile?, remembered: [NonceFile.Use] = []) {
        self.directory = directory
        self.nonceFile = nonceFile
        for use in remembered {
            _ = shard(use.accessKey).window.withLock {
                $0.use(use.nonce, accessKey: use.accessKey, at: use.milliseconds)
            }
        }
    }

    private func shard(_ accessKey: String) -> NonceShard {
        var hasher = Hasher()
        hasher.combine(accessKey)
        return shards[Int(UInt(bitPattern: hasher.finalize()) % UInt(shards.count))]
    }

    /// The key a request acts with, or the first check it fails (reference §4.4).
    func authenticate(
        authorization: String?, payload: RequestPayload, clientIP: String?, scope: APIScope?, now: Timestamp,
        enforcesNonce: Bool = true
    ) async throws -> Result<APIKey, AuthError> {
        // The access key is inside the token: read it first, then fetch the key (an async store read)
        // and run every check, in Upbit's order, against that one key.
        let token: BearerToken
        do { token = try BearerToken(authorization: authorization) } catch { return .failure(error) }
        let found = try await directory.key(token.claims.accessKey, now: now)
        return check(
            token, key: found, authorization: authorization, payload: payload, clientIP: clientIP, scope: scope,
            now: now, enforcesNonce: enforcesNonce)
    }

    /// ``authenticate(authorization:payload:clientIP:scope:now:enforcesNonce:)`` without waiting, or nil
    /// (having done nothing) when it would have to: the token does not parse (its answer is the ordinary
    /// path's to give) or its key is not in the directory's cache. For the event loop's order lane.
    func authenticateCached(
        authorization: String?, payload: RequestPayload, clientIP: String?, scope: APIScope?, now: Timestamp
    ) -> Result<APIKey, AuthError>? {
        guard let token = try? BearerToken(authorization: authorization),
            let found = directory.cachedKey(token.claims.accessKey, now: now)
        else { return nil }
        return check(
            token, key: found, authorization: authorization, payload: payload, clientIP: clientIP, scope: scope,
            now: now, enforcesNonce: true)
    }

    /// Every check of `token` against `found` (the key its access key names, if any), in Upbit's order,
    /// recording the nonce of an accepted request.
    private func check(
        _ token: BearerToken, key found: APIKey?, authorization: String?, payload: RequestPayload, clientIP: String?,
        scope: APIScope?, now: Timestamp, enforcesNonce: Bool
    ) -> Result<APIKey, AuthError> {
        let accessKey = token.claims.accessKey
        let request = AuthenticationRequest(
            authorization: authorization, payload: payload, clientIP: clientIP, requiredScope: scope,
            enforcesNonce: enforcesNonce, nowMilliseconds: now.milliseconds)
        let authenticator = Authenticator { access in access == found?.accessKey ? found : nil }
        let result = shard(accessKey).window.withLock { nonces in
            Result { () throws(AuthError) -> APIKey in
                try authenticator.authenticate(request, token: token, nonces: &nonces)
            }
        }
        // Only accepted requests' nonces are kept: a request refused after its nonce was taken is refused
        // again, for the same reason, if it is replayed after a restart.
        if enforcesNonce, case .success(let key) = result, let nonceFile {
            let use = NonceFile.Use(milliseconds: now.milliseconds, accessKey: key.accessKey, nonce: token.claims.nonce)
            // A write that fails (a full disk, which stops the journal too) leaves the nonce in memory only.
            try? nonceFile.record(use)
        }
        return result
    }
}

/// One lock-protected nonce window (a class, so shards can sit in an array).
private final class NonceShard: Sendable {
    let window = Mutex(NonceWindow())
}
