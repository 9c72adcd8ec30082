/// A stored API key: what the server needs to verify a token signed with it.
///
/// The secret is kept as raw bytes because Upbit's HMAC key is the secret key's UTF-8 text itself (not
/// base64), so the server cannot keep only a hash of it; at rest it is sealed with `SecretSealer`.
/// `description` never prints the secret.
public struct APIKey: Sendable, Hashable, CustomStringConvertible {
    /// The public half, sent in every token's `access_key` claim.
    public var accessKey: String
    /// The secret key's UTF-8 bytes: the HMAC key.
    public var secret: [UInt8]
    /// The account the key acts for.
    public var accountID: Int64
    /// The permissions granted.
    public var scopes: Set<APIScope>
    /// The client addresses allowed to use the key; `nil` allows every address and an empty set none.
    ///
    /// Entries are compared with `IPAddressText.canonical`, so `::ffff:10.0.0.1` matches `10.0.0.1` and
    /// IPv6 letters may be in either case. There are no ranges.
    public var allowedIPs: Set<String>?
    /// When the key stops working, in milliseconds since the Unix epoch; `nil` never expires.
    public var expiresAtMilliseconds: Int64?

    /// Builds a key record.
    public init(
        accessKey: String,
        secret: [UInt8],
        accountID: Int64,
        scopes: Set<APIScope>,
        allowedIPs: Set<String>? = nil,
        expiresAtMilliseconds: Int64? = nil
    ) {
        self.accessKey = accessKey
        self.secret = secret
        self.accountID = accountID
        self.scopes = scopes
        self.allowedIPs = allowedIPs
        self.expiresAtMilliseconds = expiresAtMilliseconds
    }

    /// Builds a key record from a generated pair, taking the secret's UTF-8 bytes.
    public init(
        pair: APIKeyPair,
        accountID: Int64,
        scopes: Set<APIScope>,
        allowedIPs: Set<String>? = nil,
        expiresAtMilliseconds: Int64? = nil
    ) {
        self.init(
            accessKey: pair.accessKey,
            secret: Array(pair.secretKey.utf8),
            accountID: accountID,
            scopes: scopes,
            allowedIPs: allowedIPs,
            expiresAtMilliseconds: expiresAtMilliseconds
        )
    }

    /// Whether the key has expired at `milliseconds`: true from the expiry instant on.
    public func isExpired(at milliseconds: Int64) -> Bool {
        guard let expiresAtMilliseconds else { return false }
        return milliseconds >= expiresAtMilliseconds
    }

    /// Whether a client at `address` may use the key; an unknown address passes only keys without a list.
    public func allows(clientIP address: String?) -> Bool {
        guard let allowedIPs else { return true }
        guard let address else { return false }
        let client = IPAddressText.canonical(address)
        return allowedIPs.contains { IPAddressText.canonical($0) == client }
    }

    /// The access key, account, scopes, allow-list and expiry; the secret is shown as `<redacted>`.
    public var description: String {
        let ips = allowedIPs.map { $0.sorted().joined(separator: ",") } ?? "any"
        let expiry = expiresAtMilliseconds.map(String.init) ?? "never"
        return "APIKey(\(accessKey), account \(accountID), scopes \(APIScope.formatList(scopes)), "
            + "ips \(ips), expires \(expiry), secret <redacted>)"
    }
}
