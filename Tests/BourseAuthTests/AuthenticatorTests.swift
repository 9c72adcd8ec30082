import BourseAuth
import Synchronization
import Testing

@Suite struct AuthenticatorTests {
    private static let now: Int64 = 1_700_000_000_000

    private func authenticator(_ key: APIKey = AuthVectors.key) -> Authenticator {
        Authenticator { $0 == key.accessKey ? key : nil }
    }

    private func request(
        _ recorded: RecordedRequest,
        ip: String? = "10.0.0.1",
        scope: APIScope? = .ordersRead,
        enforcesNonce: Bool = true,
        at now: Int64 = now
    ) -> AuthenticationRequest {
        AuthenticationRequest(
            authorization: recorded.authorization,
            payload: recorded.payload,
            clientIP: ip,
            requiredScope: scope,
            enforcesNonce: enforcesNonce,
            nowMilliseconds: now
        )
    }

    @Test func aValidCcxtRequestReturnsItsKey() throws {
        var nonces = NonceWindow()
        let key = try authenticator().authenticate(request(AuthVectors.ccxtClosedOrders), nonces: &nonces)
        #expect(key.accountID == 7)
        #expect(nonces.count == 1)
    }

    @Test func aMissingHeaderComesFirst() {
        var nonces = NonceWindow()
        let bare = AuthenticationRequest(
            authorization: nil, clientIP: nil, requiredScope: .accounts, nowMilliseconds: 0)
        #expect(throws: AuthError.noAuthorizationToken) { try authenticator().authenticate(bare, nonces: &nonces) }
    }

    @Test func anUnknownAccessKeyIsReportedBeforeTheSignature() {
        var nonces = NonceWindow()
        let unknown = RecordedRequest(authorization: AuthVectors.unknownKey)
        #expect(throws: AuthError.invalidAccessKey) {
            try authenticator().authenticate(request(unknown), nonces: &nonces)
        }
    }

    @Test func aBadSignatureIsAVerificationFailure() {
        var nonces = NonceWindow()
        let forged = RecordedRequest(authorization: AuthVectors.otherSecret)
        #expect(throws: AuthError.jwtVerification) {
            try authenticator().authenticate(request(forged), nonces: &nonces)
        }
        #expect(nonces.count == 0)
    }

    @Test func anExpiredKeyIsRefusedFromItsExpiryOn() throws {
        var key = AuthVectors.key
        key.expiresAtMilliseconds = Self.now
        key.allowedIPs = ["192.0.2.1"]  // also wrong, but expiry is checked first
        var nonces = NonceWindow()
        let recorded = RecordedRequest(authorization: AuthVectors.emptyHS256)
        #expect(throws: AuthError.expiredAccessKey) {
            try authenticator(key).authenticate(request(recorded), nonces: &nonces)
        }
        key.allowedIPs = nil
        _ = try authenticator(key).authenticate(request(recorded, at: Self.now - 1), nonces: &nonces)
    }

    @Test func aClientOutsideTheAllowListIsRefusedBeforeItsNonceIsUsed() throws {
        var key = AuthVectors.key
        key.allowedIPs = ["10.0.0.1"]
        var nonces = NonceWindow()
        let recorded = RecordedRequest(authorization: AuthVectors.emptyHS512)
        #expect(throws: AuthError.noAuthorizationIP) {
            try authenticator(key).authenticate(request(recorded, ip: "10.0.0.2"), nonces: &nonces)
        }
        #expect(nonces.count == 0)
        _ = try authenticator(key).authenticate(request(recorded, ip: "::ffff:10.0.0.1"), nonces: &nonces)
    }

    @Test func aRepeatedNonceIsRefusedOnREST() throws {
        var nonces = NonceWindow()
        let recorded = AuthVectors.pyupbitCancel
        _ = try authenticator().authenticate(request(recorded, scope: .ordersWrite), nonces: &nonces)
        #expect(throws: AuthError.nonceUsed) {
            try authenticator().authenticate(request(recorded, scope: .ordersWrite), nonces: &nonces)
        }
    }

    @Test func aRepeatedNonceIsAllowedOnWebSocketHandshakes() throws {
        // ccxt.pro caches its WebSocket token and reuses it on every reconnect.
        var nonces = NonceWindow()
        let handshake = RecordedRequest(authorization: AuthVectors.emptyHS256)
        for _ in 0..<3 {
            _ = try authenticator().authenticate(request(handshake, scope: nil, enforcesNonce: false), nonces: &nonces)
        }
        #expect(nonces.count == 0)
        _ = try authenticator().authenticate(request(handshake), nonces: &nonces)
        #expect(throws: AuthError.nonceUsed) { try authenticator().authenticate(request(handshake), nonces: &nonces) }
    }

    @Test func aTamperedQueryIsRefusedAfterItsNonceIsUsed() {
        var nonces = NonceWindow()
        let tampered = AuthVectors.officialArrays.with(query: "market=KRW-BTC")
        #expect(throws: AuthError.invalidQueryPayload) {
            try authenticator().authenticate(request(tampered), nonces: &nonces)
        }
        #expect(nonces.count == 1)
    }

    @Test func aKeyWithoutTheEndpointsScopeIsOutOfScope() throws {
        var key = AuthVectors.key
        key.scopes = [.accounts, .ordersRead]
        var nonces = NonceWindow()
        #expect(throws: AuthError.outOfScope) {
            try authenticator(key).authenticate(
                request(AuthVectors.ccxtCreateOrder, scope: .ordersWrite), nonces: &nonces)
        }
        _ = try authenticator(key).authenticate(
            request(AuthVectors.ccxtClosedOrders, scope: .ordersRead), nonces: &nonces)
        _ = try authenticator(key).authenticate(request(AuthVectors.pyupbitGetOrders, scope: nil), nonces: &nonces)
    }

    @Test func aTokenRefusedByItsAlgorithmNeverReachesTheLookup() {
        var nonces = NonceWindow()
        let counter = LookupCounter()
        let authenticator = Authenticator { counter.record($0) }
        #expect(throws: AuthError.jwtVerification) {
            try authenticator.authenticate(
                request(RecordedRequest(authorization: AuthVectors.algNone)), nonces: &nonces)
        }
        #expect(counter.calls.withLock { $0 } == 0)
    }
}

/// Counts lookups; finds nothing.
private final class LookupCounter: Sendable {
    let calls = Mutex(0)

    func record(_ accessKey: String) -> APIKey? {
        calls.withLock { $0 += 1 }
        return nil
    }
}
