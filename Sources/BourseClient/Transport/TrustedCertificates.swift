import Foundation
import NIOSSL

/// Certificates to trust besides the system's, for a server whose certificate no public authority signed:
/// `bourse serve --tls` with its generated certificate, or a company's own authority.
///
/// Give it to ``MarketStream/Options/trusted`` for the stream and to ``NIOHTTPTransport`` for REST. The
/// host name is still checked against the certificate.
public struct TrustedCertificates: Sendable {
    /// The certificates, PEM encoded (one or more `-----BEGIN CERTIFICATE-----` blocks).
    public let pem: [UInt8]
    /// The same, parsed (once, here; every connection uses them).
    private let certificates: [NIOSSLCertificate]

    /// The certificates in `pem`; throws ``ClientError/invalidCertificate(_:)`` if none can be read.
    public init(pem: some Sequence<UInt8>) throws {
        self.pem = Array(pem)
        do {
            certificates = try NIOSSLCertificate.fromPEMBytes(self.pem)
        } catch {
            throw ClientError.invalidCertificate("not a PEM certificate: \(error)")
        }
        guard !certificates.isEmpty else { throw ClientError.invalidCertificate("no certificate in the PEM text") }
    }

    /// The certificates in the PEM file at `path`.
    public init(pemFile path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ClientError.invalidCertificate("cannot read \(path)")
        }
        try self.init(pem: data)
    }

    /// A client TLS configuration trusting the system's authorities and these certificates.
    func clientConfiguration() -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.additionalTrustRoots = [.certificates(certificates)]
        return configuration
    }
}
