import BourseAuth
import BourseCore
import Foundation
import Testing

@testable import BourseServer

@Suite("REST nonces kept across restarts")
struct NonceFileTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-nonces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Regression: the nonce window lived in memory only, so a token refused as a replay was accepted
    /// again once the server restarted.
    @Test func aTokenUsedBeforeARestartIsRefusedAfterIt() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await ExchangeRoutesTests().makeKey(harness, scopes: "accounts")
            let token = ExchangeRoutesTests.token(key, nonce: "once")
            let now = Timestamp(milliseconds: 1_767_225_600_000)
            func gate() throws -> ExchangeGate {
                let (file, remembered) = try NonceFile.open(in: directory, now: now.milliseconds)
                return ExchangeGate(
                    directory: APIKeyDirectory(store: harness.store, sealer: harness.sealer), nonceFile: file,
                    remembered: remembered)
            }
            func authenticate(_ gate: ExchangeGate) async throws -> Result<APIKey, AuthError> {
                try await gate.authenticate(
                    authorization: token, payload: .empty, clientIP: "127.0.0.1", scope: .accounts, now: now)
            }
            let first = try gate()
            #expect(try await authenticate(first).map(\.accessKey) == .success(key.access))
            #expect(try await authenticate(first).map(\.accessKey) == .failure(.nonceUsed))
            let restarted = try gate()
            #expect(try await authenticate(restarted).map(\.accessKey) == .failure(.nonceUsed))
        }
    }

    @Test func usesOlderThanTheWindowAreForgottenAndTheFilesAlternate() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (file, empty) = try NonceFile.open(in: directory, windowMilliseconds: 1_000, now: 10_000)
        #expect(empty.isEmpty)
        for time in stride(from: Int64(10_000), to: 14_000, by: 100) {
            try file.record(NonceFile.Use(milliseconds: time, accessKey: "k", nonce: "n\(time)"))
        }
        file.close()
        let (reopened, remembered) = try NonceFile.open(in: directory, windowMilliseconds: 1_000, now: 14_000)
        reopened.close()
        #expect(remembered.map(\.milliseconds) == Array(stride(from: Int64(13_100), to: 14_000, by: 100)))
        for name in ["nonces-a.bin", "nonces-b.bin"] {
            let size =
                try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[
                    .size] as? Int
            #expect((size ?? 0) < 20 * 30, "\(name) holds at most about one window: \(size ?? 0) bytes")
        }
    }

    @Test func aTornLastRecordIsIgnored() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (file, _) = try NonceFile.open(in: directory, now: 1_000)
        try file.record(NonceFile.Use(milliseconds: 1_000, accessKey: "key", nonce: "whole"))
        file.close()
        let handle = try FileHandle(forWritingTo: directory.appendingPathComponent("nonces-a.bin"))
        try handle.seekToEnd()
        try handle.write(contentsOf: [0x10, 0x27, 0, 0])
        try handle.close()
        let (_, remembered) = try NonceFile.open(in: directory, now: 1_500)
        #expect(remembered.map(\.nonce) == ["whole"])
    }
}
