public import BourseCore

/// A signed-in session as the store keeps it: the SHA-256 of its token, never the token.
public struct StoredSession: Hashable, Sendable {
    /// SHA-256 of the bearer token (32 bytes): what a request's token is looked up by.
    public var tokenHash: [UInt8]
    /// The account signed in.
    public var account: AccountID
    /// When it was made.
    public var createdAt: Timestamp
    /// When it stops working, however it is used.
    public var expiresAt: Timestamp
    /// When it was signed out or revoked; nil while it is live.
    public var revokedAt: Timestamp?

    /// A stored session.
    public init(
        tokenHash: [UInt8], account: AccountID, createdAt: Timestamp, expiresAt: Timestamp, revokedAt: Timestamp? = nil
    ) {
        self.tokenHash = tokenHash
        self.account = account
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }

    /// Whether it lets a request in at `time`: not revoked and not expired.
    public func isLive(at time: Timestamp) -> Bool { revokedAt == nil && time < expiresAt }
}
