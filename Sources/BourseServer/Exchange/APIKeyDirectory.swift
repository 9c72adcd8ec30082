public import BourseAuth
public import BourseCore
public import BourseStore
import Synchronization

/// Finds the verifiable ``APIKey`` for an access key: the stored key, its secret unsealed with the
/// server's master key. Revoked keys are not found.
///
/// Answers are cached for ``cacheMilliseconds`` (unknown keys too, so a flood of made-up keys costs no
/// database reads), which bounds how long a revocation takes to bite; the cache starts over past
/// ``maximumEntries``.
public final class APIKeyDirectory: Sendable {
    /// How long an answer is reused.
    public static let cacheMilliseconds: Int64 = 2_000
    /// Cached answers kept at most.
    public static let maximumEntries = 10_000

    let store: any AccountStore
    let sealer: SecretSealer
    private let cache = Mutex<[String: (key: APIKey?, fetchedAt: Int64)]>([:])

    /// A directory over `store`'s keys, unsealing with `sealer`.
    public init(store: any AccountStore, sealer: SecretSealer) {
        self.store = store
        self.sealer = sealer
    }

    /// The live key with `accessKey` at `now`, or nil.
    public func key(_ accessKey: String, now: Timestamp) async throws -> APIKey? {
        if let hit = cachedKey(accessKey, now: now) { return hit }
        let key = try await store.apiKey(accessKey: accessKey).flatMap { stored in
            stored.revokedAt == nil ? try verifiable(stored) : nil
        }
        cache.withLock { cache in
            if cache.count >= Self.maximumEntries { cache.removeAll(keepingCapacity: true) }
            cache[accessKey] = (key, now.milliseconds)
        }
        return key
    }

    /// The cached answer for `accessKey` at `now` (a key, or nil for none), or nil when there is none fresh:
    /// what a caller that must not wait (the event loop's order lane) can know without the store.
    func cachedKey(_ accessKey: String, now: Timestamp) -> APIKey?? {
        guard let hit = cache.withLock({ $0[accessKey] }), now.milliseconds - hit.fetchedAt < Self.cacheMilliseconds
        else { return nil }
        return .some(hit.key)
    }

    private func verifiable(_ stored: StoredAPIKey) throws -> APIKey {
        let secret = try sealer.open(stored.sealedSecret, context: Array(stored.accessKey.utf8))
        let scopes = (try? APIScope.parseList(stored.scopes)) ?? []
        let allowed = stored.allowedIPs.map { Set($0.split(separator: ",").map(String.init)) }
        return APIKey(
            accessKey: stored.accessKey, secret: secret, accountID: Int64(stored.accountID.rawValue), scopes: scopes,
            allowedIPs: allowed, expiresAtMilliseconds: stored.expiresAt?.milliseconds)
    }
}
