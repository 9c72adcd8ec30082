import HTTPTypes
import Hummingbird

/// Whether a request comes from a page of this server, by its `Origin` header.
///
/// Browsers send `Origin` with every WebSocket handshake and cross-origin request; a request without it
/// comes from a program, which no other site can drive, so it counts as the same origin.
enum WebOrigin {
    static func isSameOrigin(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        return sameOrigin(origin: origin, host: request.head.authority ?? "")
    }

    /// `origin` (`http://127.0.0.1:8080`) names `host` (the `Host` header, `127.0.0.1:8080`), default
    /// ports aside. A page's origin is `http(s)://…`, or `null` for a sandboxed or local page, which is
    /// never ours; other schemes come from programs (swift-websocket's client sends `ws://host`).
    static func sameOrigin(origin: String, host: String) -> Bool {
        let lowered = origin.lowercased()
        let (scheme, rest): (String, Substring) =
            if lowered.hasPrefix("https://") { ("https", lowered.dropFirst(8)) } else if lowered.hasPrefix("http://") {
                ("http", lowered.dropFirst(7))
            } else { ("", "") }
        if scheme.isEmpty { return lowered != "null" && lowered.contains("://") }
        guard !rest.contains("/") else { return false }
        let defaultPort = scheme == "https" ? ":443" : ":80"
        let strip = { (text: String) in text.hasSuffix(defaultPort) ? String(text.dropLast(defaultPort.count)) : text }
        return strip(String(rest)) == strip(host.lowercased())
    }
}
