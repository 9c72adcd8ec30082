/// Decides whether a request is authenticated, in the order Upbit checks.
///
/// 1. an `Authorization` header is present (`no_authorization_token`);
/// 2. it holds a well-formed HS256/384/512 Bearer JWT with `access_key` and `nonce` (`jwt_verification`);
/// 3. the access key is known (`invalid_access_key`);
/// 4. the signature verifies with that key's secret (`jwt_verification`);
/// 5. the key has not expired (`expired_access_key`);
/// 6. the client's address is allowed (`no_authorization_i_p`);
/// 7. the nonce is fresh, for REST only (`nonce_used`);
/// 8. the query hash matches the parameters (`invalid_query_payload`);
/// 9. the key has the endpoint's permission (`out_of_scope`).
///
/// Pure: keys come from a lookup function, time and address from the request, and the nonce window is
/// passed in, so the shell decides where it lives (for instance behind a lock). A nonce is recorded at
/// step 7, so a request refused at step 8 or 9 still uses up its nonce, as at Upbit.
public struct Authenticator: Sendable {
    /// Finds the stored key for an access key, `nil` if there is none.
    public var lookup: @Sendable (String) -> APIKey?

    /// Builds an authenticator over a key lookup.
    public init(lookup: @escaping @Sendable (String) -> APIKey?) {
        self.lookup = lookup
    }

    /// Runs every check and returns the request's key, or throws the first failure.
    public func authenticate(
        _ request: AuthenticationRequest,
        nonces: inout NonceWindow
    ) throws(AuthError) -> APIKey {
        try authenticate(request, token: try BearerToken(authorization: request.authorization), nonces: &nonces)
    }

    /// ``authenticate(_:nonces:)`` with the request's token already parsed (a caller that read the access
    /// key from it first need not parse it twice).
    public func authenticate(
        _ request: AuthenticationRequest, token: BearerToken, nonces: inout NonceWindow
    ) throws(AuthError) -> APIKey {
        guard let key = lookup(token.claims.accessKey) else { throw .invalidAccessKey }
        guard token.isSigned(with: key.secret) else { throw .jwtVerification }
        guard !key.isExpired(at: request.nowMilliseconds) else { throw .expiredAccessKey }
        guard key.allows(clientIP: request.clientIP) else { throw .noAuthorizationIP }
        if request.enforcesNonce {
            let fresh = nonces.use(token.claims.nonce, accessKey: key.accessKey, at: request.nowMilliseconds)
            guard fresh else { throw .nonceUsed }
        }
        try request.payload.verify(token.claims)
        if let scope = request.requiredScope, !key.scopes.contains(scope) { throw .outOfScope }
        return key
    }
}
