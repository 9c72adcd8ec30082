public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// How the REST clients send a request and read its answer.
///
/// `URLSession` is the default (what an iOS or macOS app uses; `URLSession.bourse`, which keeps no
/// cookies). ``NIOHTTPTransport`` runs on SwiftNIO and
/// can trust a certificate of your own (``TrustedCertificates``), which `URLSession` cannot do on Linux.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the answer's status code and body.
    func send(_ request: URLRequest) async throws -> (status: Int, body: Data)

    /// Sends `request` and returns the answer with its headers, for the callers that need one (a `429`'s
    /// `Retry-After`); names are lowercased. A transport that cannot read headers keeps the default, which
    /// has none.
    func sendReadingHeaders(_ request: URLRequest) async throws -> HTTPAnswer
}

/// An answer's status, headers (names lowercased) and body.
public struct HTTPAnswer: Sendable {
    /// The status code.
    public var status: Int
    /// The headers by lowercased name (the last value when a header repeats).
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// An answer of `status` with `headers` and `body`.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

extension HTTPTransport {
    /// Sends with ``send(_:)``: the answer without headers.
    public func sendReadingHeaders(_ request: URLRequest) async throws -> HTTPAnswer {
        let (status, body) = try await send(request)
        return HTTPAnswer(status: status, headers: [:], body: body)
    }
}

extension URLSession {
    /// The SDK's default transport: `URLSession.shared`'s settings with no cookies kept or sent.
    ///
    /// Bourse's clients authenticate by key or bearer token only. A sign-in also sets the browsers' session
    /// cookie, and `URLSession.shared` keeps cookies per host for the whole process: every other client of
    /// that host (a second user's, a signed-out one's, a visitor's) would then send it and act as that user.
    public static let bourse: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return URLSession(configuration: configuration)
    }()
}

extension URLSession: HTTPTransport {
    /// Sends `request` with `data(for:)`.
    public func send(_ request: URLRequest) async throws -> (status: Int, body: Data) {
        let (data, response) = try await data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// Sends `request` with `data(for:)`, keeping the answer's headers.
    public func sendReadingHeaders(_ request: URLRequest) async throws -> HTTPAnswer {
        let (data, response) = try await data(for: request)
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPAnswer(status: http?.statusCode ?? 0, headers: headers, body: data)
    }
}
