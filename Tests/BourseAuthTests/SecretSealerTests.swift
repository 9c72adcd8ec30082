import BourseAuth
import Testing

@Suite struct SecretSealerTests {
    private let masterKey = (0..<32).map { UInt8($0) }
    private let secret = Array(AuthVectors.secretKey.utf8)
    private let context = Array(AuthVectors.accessKey.utf8)

    /// Made with Python's `cryptography`: `b"\x01" + nonce + AESGCM(bytes(range(32))).encrypt(nonce,
    /// secretKey, accessKey)` with `nonce = bytes.fromhex("000102030405060708090a0b")`.
    private let sealedByPython = HexBytes.decode(
        "01000102030405060708090a0b33358f6af7a9b522df2aa3dddfd8200fb586fd07ba1667345b52a3e12d2e7380407599a9c6f5"
            + "5de1800ee1aa5baffe7068e08cbf2336f820"
    )

    @Test func aSecretSealedElsewhereOpensWithTheSameKeyAndContext() throws {
        let sealer = try SecretSealer(masterKey: masterKey)
        #expect(try sealer.open(sealedByPython, context: context) == secret)
    }

    @Test func sealingThenOpeningReturnsTheSecret() throws {
        let sealer = try SecretSealer(masterKey: masterKey)
        let sealed = sealer.seal(secret, context: context)
        #expect(sealed.count == 1 + 12 + secret.count + 16)
        #expect(sealed.first == 1)
        #expect(try sealer.open(sealed, context: context) == secret)
        #expect(try sealer.open(sealer.seal(secret)) == secret)
    }

    @Test func sealingTwiceGivesDifferentBytes() throws {
        let sealer = try SecretSealer(masterKey: masterKey)
        #expect(sealer.seal(secret) != sealer.seal(secret))
    }

    @Test(arguments: [1, 5, 13, 30, 1 + 12 + 40 + 15])
    func flippingAnyBitIsDetected(index: Int) throws {
        let sealer = try SecretSealer(masterKey: masterKey)
        var tampered = sealedByPython
        tampered[index] ^= 0x01
        #expect(throws: SecretSealerError.authenticationFailed) { try sealer.open(tampered, context: context) }
    }

    @Test func anotherMasterKeyOrContextCannotOpen() throws {
        let other = try SecretSealer(masterKey: Array(repeating: 7, count: 32))
        #expect(throws: SecretSealerError.authenticationFailed) { try other.open(sealedByPython, context: context) }
        let sealer = try SecretSealer(masterKey: masterKey)
        #expect(throws: SecretSealerError.authenticationFailed) { try sealer.open(sealedByPython) }
    }

    @Test func truncatedOrUnversionedBytesAreMalformed() throws {
        let sealer = try SecretSealer(masterKey: masterKey)
        #expect(throws: SecretSealerError.malformed) { try sealer.open(Array(sealedByPython.prefix(28))) }
        var unversioned = sealedByPython
        unversioned[0] = 2
        #expect(throws: SecretSealerError.malformed) { try sealer.open(unversioned, context: context) }
        let truncatedTag = Array(sealedByPython.dropLast())
        #expect(throws: SecretSealerError.authenticationFailed) { try sealer.open(truncatedTag, context: context) }
    }

    @Test func theMasterKeyMustBe32Bytes() {
        #expect(throws: SecretSealerError.invalidMasterKeyLength(16)) {
            try SecretSealer(masterKey: Array(repeating: 0, count: 16))
        }
        #expect(SecretSealer.generateMasterKey().count == 32)
        #expect(SecretSealer.generateMasterKey() != SecretSealer.generateMasterKey())
    }
}

/// Hex test literals.
enum HexBytes {
    static func decode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }
}
