import BourseCommandSupport
import BourseDemo
import BourseServer
import Foundation
import Logging

/// What `bourse serve` runs with, read from its ``Settings``: the command line, then `BOURSE_…` variables,
/// then the settings file, then the defaults here. A value out of range is an error naming its flag, its
/// variable and its file key, so a typo in a service's environment stops the start instead of being ignored.
struct ServeSettings {
    /// Where the server listens, its limits and TLS (the identity is loaded later, from ``tls``).
    var configuration = ServerConfiguration()
    /// How fast the simulated chains move.
    var chain = ChainService.Options()
    /// The demo's options, nil with `--no-demo`.
    var demo: DemoOptions?
    var logLevel: Logger.Level = .info
    var tls = TLSChoice.none

    /// How the server gets its certificate.
    enum TLSChoice: Equatable {
        /// Plain `http`/`ws`.
        case none
        /// A self-signed certificate kept in the data directory.
        case selfSigned
        /// These PEM files.
        case files(certificate: String, key: String)
    }

    init(_ settings: Settings) throws {
        configuration.host = settings.string("host") ?? configuration.host
        configuration.port =
            try Self.int(settings, "port", "from 0 to 65535 (0 picks a free port)") {
                (0...65_535).contains($0)
            } ?? 8_080
        configuration.rateLimitPerSecond =
            try Self.int(settings, "rateLimit", "a number ≥ 0") { $0 >= 0 } ?? configuration.rateLimitPerSecond
        if let name = settings.string("logLevel") {
            guard let level = Logger.Level(rawValue: name.lowercased()) else {
                throw CLIError(
                    "\(Settings.names("logLevel")) must be one of "
                        + Logger.Level.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(name)'.")
            }
            logLevel = level
        }
        configuration.webRoot = try Self.webRoot(settings)
        configuration.signIn.signUpsPerAddress =
            try Self.int(settings, "signUpsPerAddress", "a number ≥ 1") { $0 >= 1 }
            ?? configuration.signIn.signUpsPerAddress
        try readTLS(settings)
        try readTransport(settings)
        let delay = try Self.double(settings, "chainDelay", "a number of seconds from 0 to 86400") {
            (0...86_400).contains($0)
        }
        if let delay {
            chain.confirmationDelay = .milliseconds(Int64(delay * 1_000))
            chain.sendDelay = .milliseconds(Int64(min(delay, 2) * 1_000))
        }
        demo = try Self.demo(settings)
    }

    /// `--web-root`, which must be a folder with an `index.html`; without it, `Web` in the current directory
    /// when there is one (as after `git clone` and `swift run`), else no web client.
    private static func webRoot(_ settings: Settings) throws -> String? {
        let given = settings.string("webRoot")
        let path = URL(fileURLWithPath: given ?? "Web").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path + "/index.html") else {
            if given == nil { return nil }
            throw CLIError(
                "\(Settings.names("webRoot")) must be a folder with an index.html (the repository's Web), not '\(path)'."
            )
        }
        return path
    }

    /// `--tls`, `--tls-cert` and `--tls-key`: both files, or neither (a self-signed certificate).
    private mutating func readTLS(_ settings: Settings) throws {
        switch (settings.string("tlsCert"), settings.string("tlsKey")) {
        case (let certificate?, let key?): tls = .files(certificate: certificate, key: key)
        case (nil, nil): tls = try settings.bool("tls") == true ? .selfSigned : .none
        default:
            throw CLIError(
                "--tls-cert and --tls-key go together: give both, or neither for a self-signed certificate.")
        }
    }

    /// The connection limits and timers (``TransportFlags``).
    private mutating func readTransport(_ settings: Settings) throws {
        let seconds = "a number of seconds above 0 and at most 86400"
        let positive: (Double) -> Bool = { $0 > 0 && $0 <= 86_400 }
        var transport = configuration.transport
        transport.maximumConnections =
            try Self.int(settings, "maxConnections", "a number ≥ 1") { $0 >= 1 } ?? transport.maximumConnections
        for (key, path) in [
            ("headerTimeout", \TransportOptions.headerTimeout), ("idleTimeout", \.idleTimeout),
            ("shutdownGrace", \.shutdownGrace),
        ] {
            if let value = try Self.double(settings, key, seconds, positive) {
                transport[keyPath: path] = .milliseconds(Int64(value * 1_000))
            }
        }
        configuration.transport = transport
        let streams = configuration.streams
        configuration.streams.connectsPerSecond =
            try Self.int(settings, "wsConnectRate", "a number ≥ 0") { $0 >= 0 } ?? streams.connectsPerSecond
        configuration.streams.messagesPerSecond =
            try Self.int(settings, "wsMessageRate", "a number ≥ 0") { $0 >= 0 } ?? streams.messagesPerSecond
    }

    /// The demo's options, nil when `noDemo` is set.
    private static func demo(_ settings: Settings) throws -> DemoOptions? {
        guard try settings.bool("noDemo") != true else { return nil }
        var demo = DemoOptions()
        demo.seed = try int(settings, "seed", "a number ≥ 0") { $0 >= 0 }.map(UInt64.init) ?? demo.seed
        demo.backfillDays = try int(settings, "backfillDays", "a number ≥ 0") { $0 >= 0 } ?? demo.backfillDays
        if let step = try int(settings, "stepMilliseconds", "a number ≥ 1", { $0 >= 1 }) {
            demo.stepInterval = .milliseconds(step)
        }
        demo.pulsePerSecond = try int(settings, "demoPulse", "a number ≥ 0") { $0 >= 0 } ?? demo.pulsePerSecond
        return demo
    }

    /// The whole-number setting `key` if given, refused unless `valid`.
    private static func int(
        _ settings: Settings, _ key: String, _ rule: String, _ valid: (Int) -> Bool
    ) throws -> Int? {
        try checked(key, try settings.int(key), rule, valid)
    }

    /// The number setting `key` if given, refused unless `valid`.
    private static func double(
        _ settings: Settings, _ key: String, _ rule: String, _ valid: (Double) -> Bool
    ) throws -> Double? {
        try checked(key, try settings.double(key), rule, valid)
    }

    private static func checked<Value>(
        _ key: String, _ value: Value?, _ rule: String, _ valid: (Value) -> Bool
    ) throws -> Value? {
        guard let value else { return nil }
        guard valid(value) else { throw CLIError("\(Settings.names(key)) must be \(rule), not \(value).") }
        return value
    }
}
