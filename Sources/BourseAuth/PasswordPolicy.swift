/// What a new password must be, with the sentence a person reads when it is not.
///
/// bcrypt reads at most 72 bytes and stops at a NUL, so a longer password, or one with a control character,
/// would be accepted with a different secret than the one typed: both are refused rather than cut.
public enum PasswordPolicy {
    /// The fewest bytes of UTF-8 a password may have.
    public static let minimumBytes = 8
    /// The most bytes of UTF-8 bcrypt reads.
    public static let maximumBytes = 72

    /// Why `password` cannot be the password of `username`; nil if it can.
    public static func problem(with password: String, username: String) -> String? {
        let count = password.utf8.count
        if count < minimumBytes { return "The password must be at least \(minimumBytes) characters long." }
        if count > maximumBytes { return "The password must be at most \(maximumBytes) bytes long (UTF-8)." }
        if password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "The password must not contain control characters."
        }
        if password.allSatisfy(\.isWhitespace) { return "The password must not be only spaces." }
        if password.lowercased() == username.lowercased() { return "The password must not be the username." }
        return nil
    }
}
