public import BourseCore

/// An API key as the store keeps it: the secret only sealed (encrypted and authenticated under the
/// server's master key), never in clear; scopes and the IP allow-list as the text the CLI took.
///
/// The store does not interpret ``scopes`` or ``allowedIPs``; the authentication layer parses them.
public struct StoredAPIKey: Hashable, Sendable {
    /// The public half of the key (Upbit's `access_key`).
    public var accessKey: String
    /// The account the key acts for.
    public var accountID: AccountID
    /// The secret key, sealed.
    public var sealedSecret: [UInt8]
    /// Comma-separated scope names.
    public var scopes: String
    /// Comma-separated addresses allowed to use the key; nil allows any.
    public var allowedIPs: String?
    /// When the key stops working; nil never.
    public var expiresAt: Timestamp?
    /// When it was made.
    public var createdAt: Timestamp
    /// When it was revoked; nil while it is live.
    public var revokedAt: Timestamp?

    /// A stored key.
    public init(
        accessKey: String, accountID: AccountID, sealedSecret: [UInt8], scopes: String, allowedIPs: String?,
        expiresAt: Timestamp?, createdAt: Timestamp, revokedAt: Timestamp? = nil
    ) {
        self.accessKey = accessKey
        self.accountID = accountID
        self.sealedSecret = sealedSecret
        self.scopes = scopes
        self.allowedIPs = allowedIPs
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}
