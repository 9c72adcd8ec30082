import BourseAuth
import Testing

@Suite struct APIKeyTests {
    @Test func generatedKeysAreFortyAlphanumericCharacters() {
        let pair = APIKeyPair.generate()
        for text in [pair.accessKey, pair.secretKey] {
            #expect(text.utf8.count == 40)
            #expect(text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        }
        #expect(pair.accessKey != pair.secretKey)
        #expect(APIKeyPair.generate() != pair)
    }

    @Test func generationDrawsEveryCharacterFromTheGenerator() {
        // A generator stuck at its maximum picks the alphabet's last character, `9`, every time.
        var stuck = MaximumGenerator()
        let pair = APIKeyPair.generate(using: &stuck)
        #expect(pair.accessKey == String(repeating: "9", count: 40))
        #expect(pair.secretKey == pair.accessKey)
    }

    @Test func aKeyBuiltFromAPairUsesTheSecretsUTF8Bytes() {
        let pair = APIKeyPair(accessKey: AuthVectors.accessKey, secretKey: AuthVectors.secretKey)
        let key = APIKey(pair: pair, accountID: 7, scopes: Set(APIScope.allCases))
        #expect(key == AuthVectors.key)
    }

    @Test func theDescriptionNeverShowsTheSecret() {
        var key = AuthVectors.key
        key.allowedIPs = ["10.0.0.2", "10.0.0.1"]
        key.expiresAtMilliseconds = 1_700_000_000_000
        let text = key.description
        #expect(!text.contains(AuthVectors.secretKey))
        #expect(
            text == "APIKey(\(AuthVectors.accessKey), account 7, scopes "
                + "accounts,orders:read,orders:write,withdraw,deposit, ips 10.0.0.1,10.0.0.2, "
                + "expires 1700000000000, secret <redacted>)"
        )
    }

    @Test func aKeyExpiresAtItsExpiryInstant() {
        var key = AuthVectors.key
        #expect(!key.isExpired(at: .max))
        key.expiresAtMilliseconds = 1_000
        #expect(!key.isExpired(at: 999))
        #expect(key.isExpired(at: 1_000))
        #expect(key.isExpired(at: 1_001))
    }

    @Test func theAllowListMatchesCanonicalSpellings() {
        var key = AuthVectors.key
        #expect(key.allows(clientIP: nil))
        key.allowedIPs = ["10.0.0.1", "2001:DB8::1"]
        #expect(key.allows(clientIP: "10.0.0.1"))
        #expect(key.allows(clientIP: "::ffff:10.0.0.1"))
        #expect(key.allows(clientIP: "[2001:db8::1]"))
        #expect(key.allows(clientIP: "2001:db8::1%eth0"))
        #expect(!key.allows(clientIP: "10.0.0.10"))
        #expect(!key.allows(clientIP: "2001:db8::2"))
        #expect(!key.allows(clientIP: nil))
        key.allowedIPs = []
        #expect(!key.allows(clientIP: "10.0.0.1"))
    }
}

/// Always returns `UInt64.max`, to show that every character comes from the generator.
private struct MaximumGenerator: RandomNumberGenerator {
    mutating func next() -> UInt64 { .max }
}
