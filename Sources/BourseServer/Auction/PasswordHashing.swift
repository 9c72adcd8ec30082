import BourseAuth
import HummingbirdBcrypt
import NIOPosix
import Synchronization

/// bcrypt, run on NIO's blocking thread pool: a hash takes a quarter of a second by design, and on an event
/// loop or the cooperative pool it would stall every connection sharing that thread.
public enum PasswordHashing {
    /// A new bcrypt hash of `password` at `cost`.
    public static func hash(_ password: String, cost: Int) async throws -> String {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: UInt8(cost)) }
    }

    /// Whether `password` matches `hash`.
    public static func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// Checks `password` against a hash nobody knows the password of, at `cost`: a sign-in with an
    /// unknown username takes as long as one with a wrong password, so timing does not tell which names
    /// exist.
    static func verifyDecoy(_ password: String, cost: Int) async throws {
        let known = decoys.withLock { $0[cost] }
        let decoy: String
        if let known {
            decoy = known
        } else {
            decoy = try await hash(SessionToken().text, cost: cost)
            decoys.withLock { $0[cost] = decoy }
        }
        _ = try await verify(password, hash: decoy)
    }

    private static let decoys = Mutex<[Int: String]>([:])
}
