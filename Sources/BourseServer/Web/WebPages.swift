/// Which file of the web client answers a path: the pages by their addresses, the assets by theirs.
///
/// Pure, so the mapping is tested without a server. A page is one HTML file whose script reads the rest of
/// the address (the market code, the item id) from `location`.
enum WebPages {
    /// The page file for `path`, or nil when `path` is not a page's address.
    static func file(for path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        switch parts.count {
        case 0: return "/index.html"
        case 1 where parts[0] == "favicon.ico": return "/favicon.svg"
        case 1 where parts[0] == "auctions" || parts[0] == "me": return "/auctions.html"
        case 2 where parts[0] == "exchange": return "/exchange.html"
        case 2 where parts[0] == "wallet" && parts[1] == "status": return "/wallet.html"
        case 2 where parts[0] == "auctions": return "/auctions.html"
        default: return nil
        }
    }

    /// The API's own prefixes: never files, so their 404s stay in the API's shape.
    static func isAPI(_ path: String) -> Bool {
        path.hasPrefix("/v1/") || path == "/v1" || path.hasPrefix("/auction/") || path.hasPrefix("/websocket")
            || path.hasPrefix("/widget/")
    }

    /// Whether `path` (decoded) may name a file of the web client: only letters, digits, `.`, `_`, `-`
    /// and `/` (so no `?`, `#`, NUL or `%` that a second parse would read differently), no hidden files or
    /// folders (`.git`, editors' swap files), no `..`, no `//` (which a browser reads as another host), and
    /// no trailing `/` (`/js/chrome.js/` was served as the file, with no content type).
    static func isServable(_ path: String) -> Bool {
        guard path.hasPrefix("/"), !path.hasSuffix("/"), !path.contains("//"), !path.contains("..") else {
            return false
        }
        let allowed = path.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"),
                UInt8(ascii: "/"):
                true
            default: false
            }
        }
        return allowed && !path.split(separator: "/").contains { $0.hasPrefix(".") }
    }
}
