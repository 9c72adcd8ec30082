/// A freshly generated access key and secret key, shown to the user once.
///
/// Both are 40 characters from `A–Z a–z 0–9`, like Upbit's keys: about 238 bits of randomness each.
public struct APIKeyPair: Sendable, Hashable {
    /// The number of characters in each key.
    public static let length = 40

    /// The public half, sent in tokens.
    public var accessKey: String
    /// The secret half: its UTF-8 bytes are the HMAC key.
    public var secretKey: String

    /// Builds a pair from existing text (for imports and tests).
    public init(accessKey: String, secretKey: String) {
        self.accessKey = accessKey
        self.secretKey = secretKey
    }

    /// Generates a pair from the system's cryptographically secure generator.
    public static func generate() -> APIKeyPair {
        var generator = SystemRandomNumberGenerator()
        return generate(using: &generator)
    }

    /// Generates a pair from `generator`; only tests should pass anything but a secure generator.
    public static func generate(using generator: inout some RandomNumberGenerator) -> APIKeyPair {
        APIKeyPair(
            accessKey: randomKeyText(using: &generator),
            secretKey: randomKeyText(using: &generator)
        )
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    private static func randomKeyText(using generator: inout some RandomNumberGenerator) -> String {
        // `Int.random(in:using:)` rejects biased draws, so every character is uniform over the 62.
        let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return String(decoding: bytes, as: UTF8.self)
    }
}
