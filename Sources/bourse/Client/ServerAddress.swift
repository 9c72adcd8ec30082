import ArgumentParser
import BourseClient
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server a client command talks to: `--server`, else `$BOURSE_SERVER`, else the local default.
struct ServerAddress {
    /// The REST base (`http://127.0.0.1:8080`).
    let rest: URL
    /// The public stream (`ws://127.0.0.1:8080/websocket/v1`).
    let stream: String

    /// The REST client of this server: requests give up after 10 s (a screen waits on them).
    var quotation: QuotationClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        return QuotationClient(baseURL: rest, session: URLSession(configuration: configuration))
    }

    /// Reads `text` (`http://`, `https://`, `ws://` or `wss://`, with or without a path).
    init(_ text: String?) throws {
        let given = text ?? ProcessInfo.processInfo.environment["BOURSE_SERVER"] ?? "http://127.0.0.1:8080"
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
        self.rest = rest
        self.stream = stream
    }
}
