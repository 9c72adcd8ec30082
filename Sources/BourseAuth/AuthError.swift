/// Why an Exchange API request was not authenticated (Upbit §4.4).
///
/// Each case carries Upbit's `error.name`, the HTTP status and a message, sent as
/// `{"error":{"name":…,"message":…}}`. Clients dispatch on the name (pyupbit raises a typed error only
/// for names in its table, ccxt maps names and a few exact messages), so names and the known messages are
/// reproduced exactly; the message of `noAuthorizationToken` is ours, as Upbit's was never recorded.
public enum AuthError: Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The request carries no `Authorization` header, or an empty one.
    case noAuthorizationToken
    /// The token is malformed, uses an unsupported `alg`, or its signature does not verify.
    case jwtVerification
    /// The token's `access_key` names no known key.
    case invalidAccessKey
    /// `query_hash` (or the legacy `query` claim) does not match the request's parameters.
    case invalidQueryPayload
    /// The token's `nonce` was already used with this key inside the nonce window.
    case nonceUsed
    /// The key's expiry time has passed.
    case expiredAccessKey
    /// The key has an IP allow-list and the client's address is not on it.
    case noAuthorizationIP
    /// The key lacks the permission the endpoint needs.
    case outOfScope

    /// Upbit's `error.name`.
    ///
    /// `noAuthorizationIP` is spelled `no_authorization_i_p`, as in Upbit's documented error table and in
    /// pyupbit's `NoAutorizationIP` (a Rails-style underscoring of `NoAuthorizationIP`); with the spelling
    /// `no_authorization_ip` pyupbit would hand the error body back as if it were data.
    public var name: String {
        switch self {
        case .noAuthorizationToken: "no_authorization_token"
        case .jwtVerification: "jwt_verification"
        case .invalidAccessKey: "invalid_access_key"
        case .invalidQueryPayload: "invalid_query_payload"
        case .nonceUsed: "nonce_used"
        case .expiredAccessKey: "expired_access_key"
        case .noAuthorizationIP: "no_authorization_i_p"
        case .outOfScope: "out_of_scope"
        }
    }

    /// The HTTP status: always 401.
    ///
    /// Upbit answers `out_of_scope` with 401 or 403 depending on the API area; we always use 401, the
    /// status pyupbit files `OutOfScope` under (ccxt maps the name, whatever the status).
    public var status: Int { 401 }

    /// The message sent with the name: Upbit's recorded text where one is known.
    public var message: String {
        switch self {
        case .noAuthorizationToken: "인증 토큰이 존재하지 않습니다."
        case .jwtVerification: "Jwt 토큰 검증에 실패했습니다."
        case .invalidAccessKey: "잘못된 엑세스 키입니다."
        case .invalidQueryPayload: "Jwt의 query를 검증하는데 실패하였습니다."
        case .nonceUsed: "이미 요청한 nonce값이 다시 사용되었습니다."
        // ccxt maps this exact text to AuthenticationError.
        case .expiredAccessKey: "This key has expired."
        case .noAuthorizationIP: "This is not a verified IP."
        case .outOfScope: "권한이 부족합니다."
        }
    }

    /// `name (status): message`.
    public var description: String { "\(name) (\(status)): \(message)" }
}
