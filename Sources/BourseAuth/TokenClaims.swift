public import BourseWire

/// The claims of an Upbit token's payload that the server reads; others (`timestamp`, `iat`…) are ignored.
public struct TokenClaims: Sendable, Hashable {
    /// The longest `nonce` accepted, in UTF-8 bytes; a UUID takes 36. Bounds the nonce window's memory.
    public static let maximumNonceLength = 256

    /// `access_key`: which key signed the token.
    public var accessKey: String
    /// `nonce`: unique per REST request. A JSON number is accepted too, as its literal text.
    public var nonce: String
    /// `query_hash`: hex digest of the request's parameters.
    public var queryHash: String?
    /// `query_hash_alg` as sent; `nil` means SHA-512.
    public var queryHashAlgorithm: String?
    /// `query`: the parameter string itself, sent by clients older than Upbit API v1.0.3.
    public var legacyQuery: String?

    /// Builds claims.
    public init(
        accessKey: String,
        nonce: String,
        queryHash: String? = nil,
        queryHashAlgorithm: String? = nil,
        legacyQuery: String? = nil
    ) {
        self.accessKey = accessKey
        self.nonce = nonce
        self.queryHash = queryHash
        self.queryHashAlgorithm = queryHashAlgorithm
        self.legacyQuery = legacyQuery
    }

    /// Reads the claims from a decoded payload.
    ///
    /// Throws `jwtVerification` when the payload is not an object, `access_key` or `nonce` is missing or
    /// empty, the nonce is longer than `maximumNonceLength`, or a claim read here has the wrong type.
    public init(payload: JSONValue) throws(AuthError) {
        guard payload.members != nil,
            let accessKey = payload["access_key"]?.stringValue, !accessKey.isEmpty,
            let nonce = payload["nonce"].flatMap({ $0.stringValue ?? $0.numberText }), !nonce.isEmpty,
            nonce.utf8.count <= Self.maximumNonceLength
        else { throw .jwtVerification }
        self.init(
            accessKey: accessKey,
            nonce: nonce,
            queryHash: try Self.optionalString(payload["query_hash"]),
            queryHashAlgorithm: try Self.optionalString(payload["query_hash_alg"]),
            legacyQuery: try Self.optionalString(payload["query"])
        )
    }

    /// A claim that may be absent or `null`, but if present must be a string.
    private static func optionalString(_ value: JSONValue?) throws(AuthError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw .jwtVerification
        }
    }
}
