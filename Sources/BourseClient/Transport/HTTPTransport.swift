public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// How the REST clients send a request and read its answer.
///
/// `URLSession` is the default (what an iOS or macOS app uses). ``NIOHTTPTransport`` runs on SwiftNIO and
/// can trust a certificate of your own (``TrustedCertificates``), which `URLSession` cannot do on Linux.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the answer's status code and body.
    func send(_ request: URLRequest) async throws -> (status: Int, body: Data)
}

extension URLSession: HTTPTransport {
    /// Sends `request` with `data(for:)`.
    public func send(_ request: URLRequest) async throws -> (status: Int, body: Data) {
        let (data, response) = try await data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}
