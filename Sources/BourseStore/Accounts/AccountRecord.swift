public import BourseCore

/// An exchange account as people name it: the ledger knows it only by ``id``.
///
/// Accounts are administrative data, not journal commands: creating one changes no balance, so it is
/// stored beside the journal, not in it. Deposits to the account are journal commands like any other.
public struct AccountRecord: Hashable, Sendable {
    /// The ledger's id of the account (assigned by the store, from 1 up).
    public var id: AccountID
    /// A unique name (letters, digits, `.`, `_`, `-`).
    public var name: String
    /// When it was created.
    public var createdAt: Timestamp

    /// An account record.
    public init(id: AccountID, name: String, createdAt: Timestamp) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }

    /// Whether `name` can name an account: 1–64 ASCII letters, digits, `.`, `_` or `-` (what look-ups of
    /// existing names accept).
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                isLetterOrDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-")
            }
    }

    /// Whether a new account may take `name`: a valid name with at least one letter or digit. `.` and `..`
    /// are path segments that browsers and HTTP libraries resolve away, so a user named so could not be named
    /// in a URL (unmuted, unblocked). Existing names stay valid for look-ups.
    public static func isValidNewName(_ name: String) -> Bool {
        isValidName(name) && name.utf8.contains(where: isLetterOrDigit)
    }

    /// An ASCII letter or digit.
    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
