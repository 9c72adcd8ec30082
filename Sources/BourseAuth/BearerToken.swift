import BourseWire

/// A JWT taken from an `Authorization` header, parsed but not yet verified.
///
/// Parsing checks the shape (`Bearer <header>.<payload>.<signature>`, base64url with optional padding),
/// the header's `alg` and the claims; `isSigned(with:)` checks the signature once the key is known.
public struct BearerToken: Sendable, Hashable {
    /// The longest token accepted, in bytes; real tokens are under 600.
    public static let maximumLength = 8192

    /// The header's `alg`.
    public var algorithm: JWTAlgorithm
    /// The payload's claims.
    public var claims: TokenClaims
    /// `header.payload` exactly as received: what the signature covers.
    let signingInput: [UInt8]
    /// The decoded signature.
    let signature: [UInt8]

    /// Parses an `Authorization` header value.
    ///
    /// A missing or blank header throws `noAuthorizationToken`. The scheme must be `Bearer` in any letter
    /// case, followed by spaces and the token; a bare token without the scheme is refused, as Upbit
    /// documents the scheme as required. Every other problem throws `jwtVerification`.
    public init(authorization: String?) throws(AuthError) {
        guard let authorization, !authorization.trimmingSpaces().isEmpty else { throw .noAuthorizationToken }
        let value = authorization.trimmingSpaces()
        guard let space = value.firstIndex(where: { $0 == " " || $0 == "\t" }),
            value[..<space].lowercased() == "bearer"
        else { throw .jwtVerification }
        try self.init(compact: String(value[space...]).trimmingSpaces())
    }

    /// Parses a compact JWT (`header.payload.signature`) without a scheme.
    public init(compact token: String) throws(AuthError) {
        // Bytes, not characters: every request carries one, and a token is ASCII when it is valid at all.
        let bytes = Array(token.utf8)
        guard bytes.count <= Self.maximumLength else { throw .jwtVerification }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = Base64URL.decode(parts[0]),
            let payloadBytes = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2]),
            let header = try? JSONValue(parsing: headerBytes),
            let payload = try? JSONValue(parsing: payloadBytes)
        else { throw .jwtVerification }
        // `crit` names extensions a verifier must understand (RFC 7515 §4.1.11); we understand none.
        guard header.members != nil, header["crit"] == nil,
            let algorithm = header["alg"]?.stringValue.flatMap(JWTAlgorithm.init(rawValue:))
        else { throw .jwtVerification }
        self.algorithm = algorithm
        self.claims = try TokenClaims(payload: payload)
        self.signingInput = Array(bytes[..<parts[1].endIndex])
        self.signature = signature
    }

    /// Whether the signature is the HMAC of `header.payload` under `secret`, compared in constant time.
    public func isSigned(with secret: [UInt8]) -> Bool {
        algorithm.verifies(signature: signature, of: signingInput, key: secret)
    }
}
