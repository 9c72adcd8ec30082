import Crypto
public import Foundation
public import NIOSSL
import SwiftASN1
import X509

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The certificate chain and private key `bourse serve --tls` presents, as PEM text.
///
/// Either read from files the operator names (`--tls-cert`, `--tls-key`), or a self-signed certificate that
/// ``selfSigned(in:hosts:now:)`` makes on first start and keeps in the data directory, so a restarted
/// server presents the same certificate and clients that pinned it keep working.
public struct TLSIdentity: Sendable, Equatable {
    /// One or more PEM certificates, the server's own first.
    public var certificateChainPEM: String
    /// The private key of the first certificate, PEM.
    public var privateKeyPEM: String

    /// An identity from PEM text; ``validate()`` checks that it parses.
    public init(certificateChainPEM: String, privateKeyPEM: String) {
        self.certificateChainPEM = certificateChainPEM
        self.privateKeyPEM = privateKeyPEM
    }

    /// Reads a certificate chain and key from PEM files, failing with a sentence that names the file.
    public static func load(certificateFile: String, keyFile: String) throws -> TLSIdentity {
        let identity = TLSIdentity(
            certificateChainPEM: try read(certificateFile, what: "TLS certificate"),
            privateKeyPEM: try read(keyFile, what: "TLS private key"))
        try identity.validate(certificateFile: certificateFile, keyFile: keyFile)
        return identity
    }

    /// The self-signed identity kept in `directory` (`tls-cert.pem`, `tls-key.pem`), made on first use.
    ///
    /// The certificate is valid for `hosts` (DNS names and IP addresses) plus `localhost`, `127.0.0.1` and
    /// `::1`, for ten years from `now`, with a P-256 key. The key file is written with mode 0600.
    /// - Returns: the identity, and whether it was made just now.
    public static func selfSigned(
        in directory: URL, hosts: [String], now: Date = Date()
    ) throws -> (identity: TLSIdentity, created: Bool) {
        let certificateURL = directory.appendingPathComponent(selfSignedCertificateFile)
        let keyURL = directory.appendingPathComponent(selfSignedKeyFile)
        let files = FileManager.default
        if files.fileExists(atPath: certificateURL.path), files.fileExists(atPath: keyURL.path) {
            return (try load(certificateFile: certificateURL.path, keyFile: keyURL.path), false)
        }
        let identity = try make(hosts: hosts, now: now)
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
        let keyWritten = files.createFile(
            atPath: keyURL.path, contents: Data(identity.privateKeyPEM.utf8), attributes: [.posixPermissions: 0o600])
        guard keyWritten else { throw TLSIdentityError("cannot write \(keyURL.path)") }
        try Data(identity.certificateChainPEM.utf8).write(to: certificateURL, options: .atomic)
        return (identity, true)
    }

    /// File name of the self-signed certificate inside the data directory.
    public static let selfSignedCertificateFile = "tls-cert.pem"
    /// File name of the self-signed certificate's private key inside the data directory (mode 0600).
    public static let selfSignedKeyFile = "tls-key.pem"

    /// A fresh self-signed identity for `hosts` (see ``selfSigned(in:hosts:now:)``).
    static func make(hosts: [String], now: Date) throws -> TLSIdentity {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            OrganizationName("Bourse")
            CommonName("Bourse self-signed (\(hosts.first ?? "localhost"))")
        }
        var names: [GeneralName] = []
        // What it may vouch for: its own names only (each address with an all-ones mask).
        var permitted: [GeneralName] = []
        for host in ["localhost", "127.0.0.1", "::1"] + hosts where !host.isEmpty {
            let name: GeneralName
            let subtree: GeneralName
            if let address = ipAddressBytes(host) {
                name = .ipAddress(ASN1OctetString(contentBytes: address[...]))
                let mask = [UInt8](repeating: 0xFF, count: address.count)
                subtree = .ipAddress(ASN1OctetString(contentBytes: (address + mask)[...]))
            } else {
                name = .dnsName(host)
                subtree = .dnsName(host)
            }
            if !names.contains(name) {
                names.append(name)
                permitted.append(subtree)
            }
        }
        let identifier = SubjectKeyIdentifier(hash: Certificate.PublicKey(key.publicKey))
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3_600),
            notValidAfter: now.addingTimeInterval(10 * 365 * 86_400),
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            // Shaped like `openssl req -x509`: its own authority (CA, may sign certificates, key identifiers),
            // since verifiers such as BoringSSL trust a self-signed certificate only if it could have signed
            // itself; and a server certificate (digital signature, serverAuth, the names). Its name
            // constraints permit only its own names, so whoever trusts it trusts nothing else signed by its
            // key.
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
                try ExtendedKeyUsage([.serverAuth])
                identifier
                AuthorityKeyIdentifier(keyIdentifier: identifier.keyIdentifier)
                SubjectAlternativeNames(names)
                Critical(NameConstraints(permittedSubtrees: permitted))
            },
            issuerPrivateKey: Certificate.PrivateKey(key))
        return TLSIdentity(
            certificateChainPEM: try certificate.serializeAsPEM().pemString + "\n",
            privateKeyPEM: key.pemRepresentation + "\n")
    }

    /// The TLS configuration NIO's server handler takes: TLS 1.2 or newer, `http/1.1` by ALPN.
    public func serverConfiguration() throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(certificateChainPEM.utf8))
        let key = try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        configuration.applicationProtocols = ["http/1.1"]
        return configuration
    }

    /// The SHA-256 fingerprint of the server's certificate, as `AB:CD:…` (what browsers show).
    public func fingerprint() throws -> String {
        guard let first = try NIOSSLCertificate.fromPEMBytes(Array(certificateChainPEM.utf8)).first else {
            throw TLSIdentityError("the certificate file holds no certificate")
        }
        let digest = SHA256.hash(data: try first.toDERBytes())
        return digest.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: ":")
    }

    private func validate(certificateFile: String, keyFile: String) throws {
        let chain: [NIOSSLCertificate]
        do { chain = try NIOSSLCertificate.fromPEMBytes(Array(certificateChainPEM.utf8)) } catch {
            throw TLSIdentityError("\(certificateFile) is not a PEM certificate (\(error))")
        }
        guard !chain.isEmpty else { throw TLSIdentityError("\(certificateFile) holds no PEM certificate") }
        do { _ = try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem) } catch {
            throw TLSIdentityError("\(keyFile) is not a PEM private key (\(error))")
        }
    }

    private static func read(_ path: String, what: String) throws -> String {
        do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw TLSIdentityError("cannot read the \(what) at \(path): \(error.localizedDescription)")
        }
    }
}

/// Why a TLS identity could not be read or made.
public struct TLSIdentityError: Error, CustomStringConvertible {
    /// A sentence for the operator.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The 4 or 16 bytes of an IPv4 or IPv6 address literal, or nil for anything else (a DNS name).
private func ipAddressBytes(_ text: String) -> [UInt8]? {
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
    return nil
}
