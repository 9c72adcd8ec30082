import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the REST clients share: the URL of a path under the server's base URL, and a request sent and its
/// JSON answer decoded, with Upbit's error object turned into a ``ClientError``.
enum ServerCall {
    /// The components of `path` under `baseURL` (which may itself have a path); the caller adds the query.
    static func components(_ baseURL: URL, _ path: String) throws -> URLComponents {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw ClientError.invalidURL(baseURL.absoluteString)
        }
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + path
        return components
    }

    /// The URL of `components`, or the error saying which path could not be made one.
    static func url(_ components: URLComponents, _ baseURL: URL, _ path: String) throws -> URL {
        guard let url = components.url else { throw ClientError.invalidURL(baseURL.absoluteString + path) }
        return url
    }

    /// Sends `request` (asking for JSON) and decodes a 2xx answer as `Response`.
    static func perform<Response: Decodable>(
        _ request: URLRequest, _ transport: any HTTPTransport, path: String
    )
        async throws -> Response
    {
        var request = request
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (status, data) = try await transport.send(request)
        guard (200..<300).contains(status) else { throw ClientError.server(status: status, body: data) }
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch {
            throw ClientError.undecodable(path: path, error: String(describing: error))
        }
    }
}
