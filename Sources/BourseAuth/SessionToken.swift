import Crypto

/// A session's bearer token, and what the server keeps and derives from it.
///
/// The token is 32 random bytes (256 bits) in base64url; the store keeps only its SHA-256, so a leaked
/// database cannot be replayed. The CSRF token a browser must echo in a header is derived from the session
/// token, so the server checks it without storing anything, and a page of another site, which cannot read
/// the cookie, cannot compute it.
public struct SessionToken: Sendable, Hashable {
    /// The bearer token as the client sends it.
    public let text: String

    /// A fresh random token.
    public init() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        text = Base64URL.encode(bytes)
    }

    /// A token a client sent; nil unless it has the shape of one (43 base64url characters).
    public init?(_ text: String) {
        guard text.utf8.count == 43, Base64URL.decode(text[...])?.count == 32 else { return nil }
        self.text = text
    }

    /// What the store looks the session up by.
    public var hash: [UInt8] { Array(SHA256.hash(data: Array(text.utf8))) }

    /// The token a browser sends in `X-CSRF-Token` with a cookie-authenticated request that changes state.
    public var csrfToken: String {
        Base64URL.encode(
            Array(HMAC<SHA256>.authenticationCode(for: Array("csrf".utf8), using: SymmetricKey(data: Array(text.utf8))))
        )
    }

    /// Whether `candidate` is this session's CSRF token (compared in constant time).
    public func acceptsCSRF(_ candidate: String) -> Bool {
        ConstantTime.equal(Array(candidate.utf8), Array(csrfToken.utf8))
    }
}
