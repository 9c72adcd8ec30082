import BourseAuth
import BourseWire
import Testing

@Suite struct BearerTokenTests {
    private let secret = Array(AuthVectors.secretKey.utf8)

    @Test(arguments: [
        (AuthVectors.emptyHS256, JWTAlgorithm.hs256),
        (AuthVectors.emptyHS384, .hs384),
        (AuthVectors.emptyHS512, .hs512),
    ])
    func pyJWTTokensOfEveryHMACAlgorithmVerify(header: String, algorithm: JWTAlgorithm) throws {
        let token = try BearerToken(authorization: header)
        #expect(token.algorithm == algorithm)
        #expect(token.claims == TokenClaims(accessKey: AuthVectors.accessKey, nonce: AuthVectors.sharedNonce))
        #expect(token.isSigned(with: secret))
    }

    @Test func aTokenSignedWithAnotherSecretDoesNotVerify() throws {
        let token = try BearerToken(authorization: AuthVectors.otherSecret)
        #expect(!token.isSigned(with: secret))
        #expect(try BearerToken(authorization: AuthVectors.emptyHS256).isSigned(with: secret))
    }

    @Test func aSignatureFromOneAlgorithmDoesNotPassUnderAnother() throws {
        // The HS384 token's header with the HS256 token's signature: same claims, wrong MAC.
        let hs384 = AuthVectors.emptyHS384.split(separator: ".")
        let hs256 = AuthVectors.emptyHS256.split(separator: ".")
        let spliced = "\(hs384[0]).\(hs384[1]).\(hs256[2])"
        #expect(!(try BearerToken(authorization: spliced).isSigned(with: secret)))
    }

    @Test func paddedBase64SegmentsAreAccepted() throws {
        let token = try BearerToken(authorization: AuthVectors.paddedHS256)
        #expect(token.claims.nonce == "pad-nonce-1")
        #expect(token.isSigned(with: secret))
    }

    @Test(arguments: [AuthVectors.algNone, AuthVectors.algRS256, AuthVectors.algLowercase])
    func unsupportedAlgorithmsAreRefusedEvenWithAnHMACSignature(header: String) {
        #expect(throws: AuthError.jwtVerification) { try BearerToken(authorization: header) }
    }

    /// The valid claims segment of `emptyHS256`, to isolate header faults.
    static let claims = String(AuthVectors.emptyHS256.split(separator: ".")[1])
    /// `{"alg":"HS256"}`.
    static let hs256Header = "eyJhbGciOiJIUzI1NiJ9"

    @Test func theIsolatedSegmentsFormAParsableToken() throws {
        // Guards the cases below: with a sound header each of them would parse.
        #expect(try BearerToken(authorization: "Bearer \(Self.hs256Header).\(Self.claims).e30").algorithm == .hs256)
    }

    @Test(arguments: [
        "Bearer abc",
        "Bearer a.b",
        "Bearer \(hs256Header).\(claims).e30.e30",  // four segments
        "Bearer \(hs256Header).\(claims).e3!",  // signature not base64url
        "Bearer \(hs256Header).\(claims).e30xy",  // signature: 4n+1 characters
        "Bearer \(hs256Header).\(claims).e31",  // signature: stray bits after the last byte
        "Bearer \(hs256Header).\(claims).e3+",  // standard alphabet
        "Bearer \(hs256Header).\(claims)===.e30",  // too much padding
        "Bearer e30.\(claims).e30",  // `{}` header: no alg
        "Bearer W10.\(claims).e30",  // `[]` header
        "Bearer eyJhbGciOiJIUzI1NiIsImNyaXQiOlsiYiJdfQ.\(claims).e30",  // `crit` header
        "Bearer \(hs256Header).W10.e30",  // payload `[]`
        "Bearer \(hs256Header).e30.e30",  // payload `{}`: no access_key
        "Basic dXNlcjpwYXNz",
        "Bearer",
    ])
    func malformedTokensAreAVerificationFailure(header: String) {
        #expect(throws: AuthError.jwtVerification) { try BearerToken(authorization: header) }
    }

    @Test func aTokenWithoutTheBearerSchemeIsRefused() {
        let bare = String(AuthVectors.emptyHS256.dropFirst("Bearer ".count))
        #expect(throws: AuthError.jwtVerification) { try BearerToken(authorization: bare) }
        #expect((try? BearerToken(compact: bare)) != nil)
    }

    @Test(arguments: [nil, "", "   "] as [String?])
    func aMissingOrBlankHeaderHasNoToken(header: String?) {
        #expect(throws: AuthError.noAuthorizationToken) { try BearerToken(authorization: header) }
    }

    @Test(arguments: ["bearer ", "BEARER ", "Bearer   ", " Bearer\t"])
    func theSchemeIsReadInAnyCaseWithAnySpacing(prefix: String) throws {
        let compact = AuthVectors.emptyHS256.dropFirst("Bearer ".count)
        let token = try BearerToken(authorization: prefix + compact + " ")
        #expect(token.isSigned(with: secret))
    }

    @Test func unknownClaimsAreIgnoredAndANumericNonceKeepsItsText() throws {
        let extra = try BearerToken(authorization: AuthVectors.extraClaims)
        #expect(extra.claims == TokenClaims(accessKey: AuthVectors.accessKey, nonce: "n-extra"))
        #expect(extra.isSigned(with: secret))
        let numeric = try BearerToken(authorization: AuthVectors.numericNonce)
        #expect(numeric.claims.nonce == "1700000000123")
    }

    @Test func aTokenWithoutANonceIsRefused() {
        #expect(throws: AuthError.jwtVerification) { try BearerToken(authorization: AuthVectors.noNonce) }
    }

    @Test func queryClaimsAreRead() throws {
        let claims = try AuthVectors.sha256Hash.claims
        #expect(claims.queryHashAlgorithm == "sha256")
        #expect(claims.queryHash == "88587f0617cec00c33734f69c3131c49d9c6596731da93f8f5bfc9bb7fc747c7")
        #expect(try AuthVectors.legacyQuery.claims.legacyQuery == "market=KRW-BTC&limit=5")
    }

    @Test func aNonceLongerThan256BytesIsRefused() throws {
        func claims(nonceLength: Int) throws(AuthError) -> TokenClaims {
            let nonce = String(repeating: "n", count: nonceLength)
            let payload = try! JSONValue(parsing: #"{"access_key":"a","nonce":"\#(nonce)"}"#.utf8)
            return try TokenClaims(payload: payload)
        }
        #expect(try claims(nonceLength: 256).nonce.count == 256)
        #expect(throws: AuthError.jwtVerification) { try claims(nonceLength: 257) }
    }

    @Test func anOverlongTokenIsRefusedBeforeDecoding() {
        let long = "Bearer " + String(repeating: "a", count: BearerToken.maximumLength + 1)
        #expect(throws: AuthError.jwtVerification) { try BearerToken(authorization: long) }
    }
}
