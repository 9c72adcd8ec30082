import HTTPTypes
import Hummingbird
import Synchronization

/// Which methods each route path answers, so a request for an existing path with a method it does not
/// answer gets `405` with `Allow` instead of `404` (RFC 9110 §15.5.6). Hummingbird's router only knows
/// "no responder", so ``UpbitFallbackMiddleware`` asks this table when the router found none.
///
/// Filled once from `Router.routes` after every route is added; read only for requests that matched
/// nothing.
final class AllowedMethods: Sendable {
    private struct Entry {
        var path: RouterPath
        var methods: [HTTPRequest.Method]
    }

    private let entries = Mutex<[Entry]>([])

    /// Records the routes of a router (a `GET` route also answers `HEAD`).
    func record(_ routes: [Router<BourseRequestContext>.RouteDescription]) {
        var byPath: [String: Entry] = [:]
        for route in routes {
            byPath[route.path.description, default: Entry(path: route.path, methods: [])].methods.append(route.method)
        }
        let entries = byPath.values.map { entry in
            var entry = entry
            if entry.methods.contains(.get), !entry.methods.contains(.head) { entry.methods.append(.head) }
            entry.methods.sort { $0.rawValue < $1.rawValue }
            return entry
        }
        self.entries.withLock { $0 = entries }
    }

    /// The methods `path` answers, or nil when no route has that path (path segments compare as the
    /// router's do: empty ones, from double or trailing slashes, are skipped).
    func methods(forPath path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return entries.withLock { entries in
            entries.first { entry in
                entry.path.components.count == segments.count
                    && zip(entry.path.components, segments).allSatisfy { element, segment in element ~= segment }
            }?.methods
        }
    }
}
