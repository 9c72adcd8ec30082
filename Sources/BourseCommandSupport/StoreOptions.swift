public import ArgumentParser

/// Which store a command uses: `--store`, `--data-dir`, `--postgres-url` and the settings file `--config`,
/// shared by every command that opens one. ``resolve(_:)`` reads them with the environment and the file
/// (``Settings``) into a ``StoreLocation``.
public struct StoreOptions: ParsableArguments {
    /// Options as the command line gave them.
    public init() {}

    /// The store backends.
    public enum Backend: String, ExpressibleByArgument, CaseIterable, Sendable {
        case sqlite
        case postgres
        case memory
    }

    /// `--store`, if given.
    @Option(
        help:
            "Where data lives: 'sqlite' (embedded, the default), 'postgres' or 'memory' (lost on exit) (default: $BOURSE_STORE or sqlite)."
    )
    public var store: Backend?

    /// `--data-dir`, if given.
    @Option(
        help: ArgumentHelp(
            "Directory of the SQLite database (created if missing).",
            discussion: "Default: $BOURSE_DATA_DIR or ./bourse-data."
        ))
    public var dataDir: String?

    /// `--postgres-url`, if given.
    @Option(help: "PostgreSQL connection URL for '--store postgres' (default: $BOURSE_POSTGRES_URL).")
    public var postgresURL: String?

    /// `--config`, if given.
    @Option(
        help: ArgumentHelp(
            "A JSON file of settings, e.g. {\"port\": 8080, \"dataDir\": \"/var/lib/bourse\"} (default: $BOURSE_CONFIG).",
            discussion: "The command line wins over the environment (BOURSE_…), which wins over the file.",
            valueName: "file"))
    public var config: String?

    /// Reads the settings (these options and `more` of the command's, the environment, the settings file)
    /// and says where the data lives.
    public func resolve(_ more: Settings.CommandLine = [:]) async throws -> StoreLocation {
        var values = more
        values["store"] = store.map { .string($0.rawValue) }
        values["dataDir"] = dataDir.map { .string($0) }
        values["postgresURL"] = postgresURL.map { .string($0) }
        let settings = try await Settings.load(values, file: config)
        let name = settings.string("store") ?? Backend.sqlite.rawValue
        guard let backend = Backend(rawValue: name.lowercased()) else {
            throw CLIError("\(Settings.names("store")) must be sqlite, postgres or memory, not '\(name)'.")
        }
        let location = StoreLocation(
            settings: settings, backend: backend, dataDirectory: settings.string("dataDir") ?? "bourse-data",
            postgresURL: settings.string("postgresURL"))
        if backend == .postgres, location.postgresURL == nil {
            throw CLIError("'--store postgres' needs --postgres-url or $BOURSE_POSTGRES_URL.")
        }
        return location
    }
}
