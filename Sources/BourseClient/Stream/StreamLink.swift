import Foundation
import HummingbirdWSClient
import NIOSSL

/// What the SDK's two sockets (``MarketStream`` and ``AuctionStream``) share about keeping a WebSocket:
/// the client's settings for a URL, and the delay before reconnecting.
///
/// The protocols differ (Upbit's subscriptions, the auction's requests with ids); how a link is opened,
/// kept alive and retried does not, so a fix here reaches both.
enum StreamLink {
    /// Largest frame either socket reads: a page of item snapshots or a full order book fits easily.
    static let maximumFrameBytes = 1 << 22

    /// The WebSocket client's settings for `url`: pings every `pingInterval` (an unanswered one closes the
    /// link as dead), TLS trusting `trusted` besides the system's, and the server name TLS should ask for.
    static func configuration(
        url: String, pingInterval: Duration, trusted: TrustedCertificates?
    ) throws -> (WebSocketClientConfiguration, TLSConfiguration?) {
        var configuration = WebSocketClientConfiguration()
        configuration.autoPing = .enabled(timePeriod: pingInterval)
        configuration.maxFrameSize = maximumFrameBytes
        configuration.sniHostname = try serverName(for: url)
        return (configuration, trusted?.clientConfiguration())
    }

    /// The delay before reconnect attempt `attempt + 1`: `initial · 2^(attempt-1)`, at most `maximum`, times
    /// a random factor in [0.5, 1] so that many clients do not return at once.
    static func backoff(attempt: Int, initial: Duration, maximum: Duration) -> Duration {
        let doubled = initial * (1 << min(max(attempt - 1, 0), 20))
        return min(doubled, maximum) * Double.random(in: 0.5...1)
    }

    /// The TLS server name for `url`: `nil` (its host) for a host name or a plain `ws://` URL. TLS cannot
    /// name an IP address, and the WebSocket client would try; a loopback address is named `localhost`,
    /// which is the same machine (and in the certificate `bourse serve --tls` makes). Other addresses need
    /// the server's host name.
    static func serverName(for url: String) throws -> String? {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "wss",
            let host = components.host
        else { return nil }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let isIPv4 = bare.split(separator: ".").count == 4 && bare.allSatisfy { $0.isNumber || $0 == "." }
        guard isIPv4 || bare.contains(":") else { return nil }
        if bare.hasPrefix("127.") || bare == "::1" { return "localhost" }
        throw ClientError.invalidURL("\(url): wss:// needs the server's host name, not an IP address (TLS names hosts)")
    }
}
