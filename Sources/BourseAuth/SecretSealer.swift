import Crypto
import Foundation

/// Protects API secrets at rest with AES-256-GCM under a master key.
///
/// Upbit's HMAC is keyed with the secret itself, so the server must be able to recover it: a one-way hash
/// would not do. A sealed secret is `version (1 byte, 0x01) ‖ nonce (12) ‖ ciphertext ‖ tag (16)`; each seal
/// draws a fresh random nonce, so sealing the same secret twice gives different bytes. An optional
/// `context` (for instance the access key's UTF-8 bytes) is authenticated but not stored: a sealed secret
/// copied to another key's row then fails to open.
public struct SecretSealer: Sendable {
    /// The master key's length in bytes.
    public static let masterKeyLength = 32

    private static let version: UInt8 = 1
    private static let overhead = 1 + 12 + 16

    private let key: SymmetricKey

    /// Builds a sealer from a 32-byte master key.
    public init(masterKey: [UInt8]) throws(SecretSealerError) {
        guard masterKey.count == Self.masterKeyLength else {
            throw .invalidMasterKeyLength(masterKey.count)
        }
        key = SymmetricKey(data: masterKey)
    }

    /// A new random master key, for first-time setup.
    public static func generateMasterKey() -> [UInt8] {
        SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
    }

    /// Encrypts and authenticates `secret`, binding `context` to it.
    public func seal(_ secret: [UInt8], context: [UInt8] = []) -> [UInt8] {
        // AES-GCM with a valid 256-bit key and a generated nonce has no failure mode.
        let box = try! AES.GCM.seal(secret, using: key, authenticating: context)
        return [Self.version] + Array(box.nonce) + Array(box.ciphertext) + Array(box.tag)
    }

    /// Decrypts a sealed secret, checking it was sealed under this master key with the same `context`.
    public func open(_ sealed: [UInt8], context: [UInt8] = []) throws(SecretSealerError) -> [UInt8] {
        guard sealed.count >= Self.overhead, sealed[0] == Self.version else { throw .malformed }
        do {
            let box = try AES.GCM.SealedBox(combined: sealed.dropFirst())
            return Array(try AES.GCM.open(box, using: key, authenticating: context))
        } catch {
            throw .authenticationFailed
        }
    }
}
