import HTTPTypes
import Hummingbird

/// Whether a request comes from a page of this server, by its `Origin` header.
///
/// Browsers send `Origin` with every WebSocket handshake and cross-origin request. A request without it, or
/// with a `ws://`/`wss://` one (swift-websocket's client sends its own URL), comes from a program, which no
/// other site can drive, so it counts as the same origin. Any other origin (another host, port or scheme,
/// `null` for a sandboxed or local page, an extension's page) is not ours.
enum WebOrigin {
    /// `secure`: whether this server serves https (then a page of plain http is another origin).
    static func isSameOrigin(_ request: Request, secure: Bool) -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        return sameOrigin(origin: origin, host: request.head.authority ?? "", secure: secure)
    }

    /// `origin` (`http://127.0.0.1:8080`) is this server's, `host` (the `Host` header) with the scheme it
    /// serves, its default port aside.
    static func sameOrigin(origin: String, host: String, secure: Bool) -> Bool {
        let lowered = origin.lowercased()
        if lowered.hasPrefix("ws://") || lowered.hasPrefix("wss://") { return true }
        let scheme = secure ? "https://" : "http://"
        guard lowered.hasPrefix(scheme) else { return false }
        let rest = lowered.dropFirst(scheme.count)
        guard !rest.isEmpty, !rest.contains("/") else { return false }
        let defaultPort = secure ? ":443" : ":80"
        let strip = { (text: String) in text.hasSuffix(defaultPort) ? String(text.dropLast(defaultPort.count)) : text }
        return strip(String(rest)) == strip(host.lowercased())
    }
}
