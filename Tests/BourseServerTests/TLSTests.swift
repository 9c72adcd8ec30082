import BourseServer
import Foundation
import HummingbirdTesting
import Testing

/// `bourse serve --tls`: the self-signed identity it keeps, and the API over https.
@Suite("TLS")
struct TLSTests {
    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("bourse-tls-\(UUID().uuidString)")
    }

    @Test func selfSignedIdentityIsMadeOnceAndKept() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try TLSIdentity.selfSigned(in: directory, hosts: ["bourse.test"])
        #expect(first.created)
        #expect(first.identity.certificateChainPEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(first.identity.privateKeyPEM.contains("PRIVATE KEY-----"))
        let second = try TLSIdentity.selfSigned(in: directory, hosts: ["bourse.test"])
        #expect(!second.created)
        #expect(second.identity == first.identity)
        #expect(try second.identity.fingerprint() == first.identity.fingerprint())
        let keyPath = directory.appendingPathComponent(TLSIdentity.selfSignedKeyFile).path
        let permissions = try FileManager.default.attributesOfItem(atPath: keyPath)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func unreadableFilesAreNamedInTheError() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = directory.appendingPathComponent("cert.pem")
        try Data("not a certificate".utf8).write(to: garbage)
        let error = #expect(throws: TLSIdentityError.self) {
            try TLSIdentity.load(certificateFile: garbage.path, keyFile: garbage.path)
        }
        #expect(error?.description.contains(garbage.path) == true)
        let missing = directory.appendingPathComponent("missing.pem").path
        let missingError = #expect(throws: TLSIdentityError.self) {
            try TLSIdentity.load(certificateFile: missing, keyFile: missing)
        }
        #expect(missingError?.description.contains("missing.pem") == true)
    }

    @Test func restAnswersOverHTTPS() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let identity = try TLSIdentity.selfSigned(in: directory, hosts: []).identity
        try await ServerHarness.with(configure: { $0.tls = identity }) { harness in
            try await harness.application().test(.ahc(.https)) { client in
                let response = try await client.execute(uri: "/v1/ticker?markets=KRW-BTC", method: .get)
                #expect(response.status == .ok)
                let rows = try #require(try json(response.body) as? [[String: Any]])
                #expect(rows.first?["market"] as? String == "KRW-BTC")
            }
        }
    }
}
