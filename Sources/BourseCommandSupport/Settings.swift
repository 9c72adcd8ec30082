public import Configuration
import Foundation
import SystemPackage

/// Bourse's settings, read through swift-configuration from, in order of precedence: the command line's
/// options, the environment (`BOURSE_…`: the key `dataDir` is `BOURSE_DATA_DIR`), an optional JSON file
/// (`--config FILE` or `$BOURSE_CONFIG`, keys as they are: `{"port": 8080, "dataDir": "/var/lib/bourse"}`),
/// then each setting's default in code.
///
/// A value that is there but cannot be read as its type is an error naming the flag, the variable and the
/// file key, never silently the default.
public struct Settings: Sendable {
    /// The values the command line gave, by key (`nil` for options left out).
    public typealias CommandLine = [String: ConfigContent?]

    /// The reader over every source.
    public let reader: ConfigReader
    /// The file read, if any (for messages).
    public let file: String?

    /// The environment variables holding secrets, redacted wherever swift-configuration reports values.
    static let secrets: Set<String> = ["BOURSE_MASTER_KEY", "BOURSE_POSTGRES_URL"]

    /// Reads the command line's `values`, the environment and the file `file` (or `$BOURSE_CONFIG`).
    public static func load(
        _ values: CommandLine = [:], file: String? = nil, environment: [String: String]? = nil
    ) async throws -> Settings {
        var given: [AbsoluteConfigKey: ConfigValue] = [:]
        for case (let key, let content?) in values {
            given[AbsoluteConfigKey(stringLiteral: key)] = ConfigValue(content, isSecret: false)
        }
        let variables = environment ?? ProcessInfo.processInfo.environment
        let environmentProvider = EnvironmentVariablesProvider(
            environmentVariables: variables, secretsSpecifier: .specific(secrets)
        )
        .prefixKeys(with: "bourse")
        var providers: [any ConfigProvider] = [
            InMemoryProvider(name: "command line", values: given), environmentProvider,
        ]
        let path = file ?? variables["BOURSE_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        if let path {
            do {
                providers.append(try await FileProvider<JSONSnapshot>(filePath: FilePath(path)))
            } catch {
                throw CLIError("Cannot read the settings file \(path): \(error).")
            }
        }
        return Settings(reader: ConfigReader(providers: providers), file: path)
    }

    /// The environment's settings alone (the client commands, which take no settings file).
    public static func environment(_ variables: [String: String]? = nil) -> Settings {
        let provider = EnvironmentVariablesProvider(
            environmentVariables: variables ?? ProcessInfo.processInfo.environment, secretsSpecifier: .specific(secrets)
        )
        .prefixKeys(with: "bourse")
        return Settings(reader: ConfigReader(provider: provider), file: nil)
    }

    // MARK: - Typed reads

    /// The text setting `key`, if any source has it.
    public func string(_ key: String) -> String? {
        reader.string(forKey: ConfigKey(stringLiteral: key)).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The whole-number setting `key`, `nil` if no source has it; throws if one has something else.
    public func int(_ key: String) throws -> Int? {
        try read(key, "a whole number", { try reader.requiredInt(forKey: $0) }, { Int($0) })
    }

    /// The number setting `key`, `nil` if no source has it; throws if one has something else.
    public func double(_ key: String) throws -> Double? {
        try read(key, "a number", { try reader.requiredDouble(forKey: $0) }, { Double($0) })
    }

    /// The yes/no setting `key` (`true`/`false`, `1`/`0`, `yes`/`no`), `nil` if no source has it; throws if
    /// one has something else.
    public func bool(_ key: String) throws -> Bool? {
        try read(key, "true or false", { try reader.requiredBool(forKey: $0) }) { text in
            switch text.lowercased() {
            case "1", "true", "yes", "on": true
            case "0", "false", "no", "off": false
            default: nil
            }
        }
    }

    /// The value of `key` as `typed` reads it; else, if a source has it in another type, as `parse` reads its
    /// text (a file's `"8080"`), or an error naming where to fix it; `nil` if no source has it.
    private func read<Value>(
        _ key: String, _ kind: String, _ typed: (ConfigKey) throws -> Value, _ parse: (String) -> Value?
    ) throws -> Value? {
        let configKey = ConfigKey(stringLiteral: key)
        if let value = try? typed(configKey) { return value }
        guard let text = presentText(configKey) else { return nil }
        if let value = parse(text.trimmingCharacters(in: .whitespaces)) { return value }
        throw CLIError("\(Self.names(key)) must be \(kind), not '\(text)'.")
    }

    /// The value of `key` in whatever type a source holds it, as text; `nil` if no source has it.
    private func presentText(_ key: ConfigKey) -> String? {
        if let text = reader.string(forKey: key) { return text }
        if let value = reader.int(forKey: key) { return String(value) }
        if let value = reader.double(forKey: key) { return String(value) }
        if let value = reader.bool(forKey: key) { return String(value) }
        return nil
    }

    /// How a person can set `key`: its flag, its environment variable and its key in the file.
    public static func names(_ key: String) -> String {
        "--\(dashed(key)) (\(environmentName(key)), or \"\(key)\" in the settings file)"
    }

    /// `dataDir` → `data-dir`, `postgresURL` → `postgres-url`: a word starts where a lower-case letter
    /// meets an upper-case one, the rule swift-configuration's environment provider follows.
    static func dashed(_ key: String) -> String {
        var text = ""
        var previous: Character?
        for character in key {
            if character.isUppercase, previous?.isLowercase == true { text.append("-") }
            text.append(Character(character.lowercased()))
            previous = character
        }
        return text
    }

    /// `dataDir` → `BOURSE_DATA_DIR`, as swift-configuration's environment provider spells it.
    public static func environmentName(_ key: String) -> String {
        "BOURSE_" + dashed(key).replacingOccurrences(of: "-", with: "_").uppercased()
    }
}
