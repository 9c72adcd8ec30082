import ArgumentParser
import BourseClient
import BourseCommandSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `--server` and `--ca`, shared by the client commands.
struct ServerOptions: ParsableArguments {
    @Option(help: "The server (default: $BOURSE_SERVER or http://127.0.0.1:8080; https:// and wss:// work).")
    var server: String?

    @Option(
        name: .customLong("ca"),
        help: ArgumentHelp(
            "A PEM certificate to trust besides the system's, for a server with its own certificate.",
            discussion: "`bourse serve --tls` writes its self-signed one to tls-cert.pem in its data directory.",
            valueName: "file"))
    var certificateFile: String?

    func validate() throws {
        let address = try address()
        if address.trusted != nil && !address.secure {
            Progress.line(
                "bourse: --ca has no effect on \(address.rest.absoluteString), which is not https:// or wss://")
        }
    }

    /// The server these options name, with the certificate read.
    func address() throws -> ServerAddress {
        let trusted: TrustedCertificates?
        do {
            trusted = try certificateFile.map { try TrustedCertificates(pemFile: $0) }
        } catch {
            throw ValidationError("--ca \(certificateFile ?? ""): \(error)")
        }
        return try ServerAddress(server, trusted: trusted)
    }
}

/// The server a client command talks to: `--server`, else `$BOURSE_SERVER`, else the local default.
struct ServerAddress {
    /// The REST base (`http://127.0.0.1:8080`).
    let rest: URL
    /// The public stream (`ws://127.0.0.1:8080/websocket/v1`).
    let stream: String
    /// Whether the server speaks TLS (`https://` or `wss://`).
    let secure: Bool
    /// Certificates to trust besides the system's (`--ca`).
    let trusted: TrustedCertificates?

    /// Reads `text` (`http://`, `https://`, `ws://` or `wss://`, with or without a path).
    init(_ text: String?, trusted: TrustedCertificates? = nil) throws {
        let given = text ?? Settings.environment().string("server") ?? "http://127.0.0.1:8080"
        guard var components = URLComponents(string: given), let scheme = components.scheme?.lowercased(),
            components.host?.isEmpty == false
        else {
            throw ValidationError("--server must be a URL such as http://127.0.0.1:8080 (got \(given))")
        }
        let secure: Bool
        switch scheme {
        case "http", "ws": secure = false
        case "https", "wss": secure = true
        default: throw ValidationError("--server must start with http://, https://, ws:// or wss:// (got \(given))")
        }
        components.path = ""
        components.query = nil
        components.scheme = secure ? "https" : "http"
        guard let rest = components.url else { throw ValidationError("--server is not a usable URL: \(given)") }
        components.scheme = secure ? "wss" : "ws"
        components.path = "/websocket/v1"
        guard let stream = components.url?.absoluteString else {
            throw ValidationError("--server is not a usable URL: \(given)")
        }
        self.secure = secure
        self.rest = rest
        self.stream = stream
        self.trusted = trusted
    }

    /// The stream of this server (trusting `--ca`).
    func marketStream() -> MarketStream {
        var options = MarketStream.Options()
        options.trusted = trusted
        return MarketStream(url: stream, options: options)
    }

    /// The private socket of `exchange`'s account, following its orders in `codes` (trusting `--ca`).
    func orderStream(_ exchange: ExchangeClient, codes: [String]) -> OrderStream {
        var options = OrderStream.Options()
        options.trusted = trusted
        return OrderStream(client: exchange, codes: codes, options: options)
    }

    /// Runs `body` with this server's REST client, which gives up on a request after 10 s (a screen
    /// waits on it).
    func withQuotation<Result>(_ body: (QuotationClient) async throws -> Result) async throws -> Result {
        try await withTransport { try await body(QuotationClient(baseURL: rest, transport: $0)) }
    }

    /// Runs `body` with a transport to this server that gives up on a request after 10 s: URLSession (which
    /// honours `https_proxy`), or with `--ca` the SDK's SwiftNIO transport trusting it, shut down afterwards.
    func withTransport<Result>(_ body: (any HTTPTransport) async throws -> Result) async throws -> Result {
        guard let trusted else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 10
            return try await body(URLSession(configuration: configuration))
        }
        let transport = NIOHTTPTransport(trusted: trusted, timeout: .seconds(10))
        let result: Result
        do {
            result = try await body(transport)
        } catch {
            try? await transport.shutdown()
            throw error
        }
        try? await transport.shutdown()
        return result
    }
}
