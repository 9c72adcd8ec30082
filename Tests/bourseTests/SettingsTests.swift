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
}
