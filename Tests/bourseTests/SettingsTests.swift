import BourseCommandSupport
import Foundation
import Testing

@testable import bourse

/// Settings come from the command line, then `BOURSE_…` variables, then the JSON file, then defaults
/// (swift-configuration), and a value of the wrong type is an error that says where to fix it.
@Suite("Settings")
struct SettingsTests {
    func withFile<Result>(_ json: String, _ body: (String) async throws -> Result) async throws -> Result {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-settings-\(UUID()).json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try await body(path)
    }

    @Test func theCommandLineWinsOverTheEnvironmentWhichWinsOverTheFile() async throws {
        try await withFile(#"{"port": 7000, "host": "0.0.0.0", "seed": 3, "dataDir": "from-file"}"#) { path in
            let settings = try await Settings.load(
                ["port": .int(9000)], file: path, environment: ["BOURSE_PORT": "8000", "BOURSE_HOST": "::1"])
            #expect(try settings.int("port") == 9000)
            #expect(settings.string("host") == "::1")
            #expect(try settings.int("seed") == 3)
            #expect(settings.string("dataDir") == "from-file")
            #expect(try settings.int("rateLimit") == nil, "a setting nobody gave is left to the default")
        }
    }

    @Test func aValueOfTheWrongTypeNamesTheFlagTheVariableAndTheFileKey() async throws {
        let settings = try await Settings.load(environment: ["BOURSE_RATE_LIMIT": "lots", "BOURSE_TLS": "maybe"])
        let error = #expect(throws: CLIError.self) { try settings.int("rateLimit") }
        #expect(
            error?.description
                == #"--rate-limit (BOURSE_RATE_LIMIT, or "rateLimit" in the settings file) "#
                + "must be a whole number, not 'lots'.")
        #expect(throws: CLIError.self) { try settings.bool("tls") }
        #expect(Settings.environmentName("postgresURL") == "BOURSE_POSTGRES_URL")
    }

    @Test func aMissingOrBrokenSettingsFileIsAClearError() async throws {
        let missing = await #expect(throws: CLIError.self) {
            try await Settings.load(file: "/nonexistent/bourse.json", environment: [:])
        }
        #expect(missing?.description.contains("/nonexistent/bourse.json") == true)
        _ = try await withFile("{not json") { path in
            await #expect(throws: CLIError.self) { try await Settings.load(file: path, environment: [:]) }
        }
    }

    /// A command finds its data directory in the file named by `--config`.
    @Test func aCommandTakesItsDataDirectoryFromTheSettingsFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-settings-dir-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withFile(#"{"dataDir": "\#(directory.path)"}"#) { path in
            let create = try AccountCommand.Create.parse(["carol", "--config", path])
            try await create.run()
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("bourse.sqlite").path))
        }
    }

    /// `bourse serve` reads every option through the same settings: the environment and the file reach
    /// the server's configuration, the demo and TLS, and a value out of range names where to fix it.
    @Test func serveReadsItsOptionsFromTheEnvironmentAndTheFile() async throws {
        try await withFile(#"{"rateLimit": 7, "headerTimeout": 2.5, "seed": 9, "tlsCert": "c.pem"}"#) { path in
            let settings = try await Settings.load(
                ["port": .int(9001)], file: path,
                environment: ["BOURSE_PORT": "1", "BOURSE_WS_CONNECT_RATE": "3", "BOURSE_TLS_KEY": "k.pem"])
            let serve = try ServeSettings(settings)
            #expect(serve.configuration.port == 9001)
            #expect(serve.configuration.rateLimitPerSecond == 7)
            #expect(serve.configuration.transport.headerTimeout == .milliseconds(2_500))
            #expect(serve.configuration.streams.connectsPerSecond == 3)
            #expect(serve.demo?.seed == 9)
            #expect(serve.tls == .files(certificate: "c.pem", key: "k.pem"))
        }
        let quiet = try ServeSettings(try await Settings.load(environment: ["BOURSE_NO_DEMO": "1", "BOURSE_TLS": "1"]))
        #expect(quiet.demo == nil && quiet.tls == .selfSigned && quiet.configuration.port == 8_080)

        let port = await #expect(throws: CLIError.self) {
            try ServeSettings(try await Settings.load(environment: ["BOURSE_PORT": "70000"]))
        }
        #expect(port?.description.hasPrefix("--port (BOURSE_PORT") == true)
        let level = await #expect(throws: CLIError.self) {
            try ServeSettings(try await Settings.load(["logLevel": .string("loud")], environment: [:]))
        }
        #expect(level?.description.contains("'loud'") == true)
        await #expect(throws: CLIError.self) {
            try ServeSettings(try await Settings.load(environment: ["BOURSE_TLS_CERT": "only.pem"]))
        }
        await #expect(throws: CLIError.self) {
            try ServeSettings(try await Settings.load(environment: ["BOURSE_IDLE_TIMEOUT": "0"]))
        }
    }
}
