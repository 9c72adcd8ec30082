public import BourseCore

/// Where sign-in lives: a password hash per account, and the sessions signed in with it.
///
/// A user of the auction house is an exchange account with a password, so the same ledger account bids
/// in auctions and trades on the exchange. Passwords are kept only as bcrypt hashes and session tokens only
/// as their SHA-256: a copy of the database lets no one sign in.
public protocol UserStore: Sendable {
    /// Sets or replaces the password hash of `account`; false if there is no such account.
    func setPasswordHash(_ hash: String, of account: AccountID) async throws -> Bool
    /// The password hash of `account`; nil if it has none (an account made for API keys only).
    func passwordHash(of account: AccountID) async throws -> String?
    /// Stores a new session; throws ``StoreError/duplicate(_:)`` if its token hash exists.
    func saveSession(_ session: StoredSession) async throws
    /// The session whose token hashes to `tokenHash`, revoked and expired ones included.
    func session(tokenHash: [UInt8]) async throws -> StoredSession?
    /// Marks a live session revoked at `time`; false if there is no such live session.
    func revokeSession(tokenHash: [UInt8], at time: Timestamp) async throws -> Bool
    /// Revokes every live session of `account` at `time` (a new password signs everyone out); how many.
    func revokeSessions(of account: AccountID, at time: Timestamp) async throws -> Int
}
