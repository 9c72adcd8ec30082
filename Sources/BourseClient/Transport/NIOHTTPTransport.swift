import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A REST transport on SwiftNIO (AsyncHTTPClient) with its own connection pool, able to trust extra
/// certificates (``TrustedCertificates``). Call ``shutdown()`` when done with it; one released without it
/// closes its connections in the background.
public final class NIOHTTPTransport: HTTPTransport {
    private let client: HTTPClient
    private let timeout: TimeAmount
    /// The largest answer read; a bigger one is ``ClientError/tooLarge(path:limit:)``.
    public let maximumBodySize: Int

    /// A transport trusting the system's authorities and `trusted`; a request gives up after `timeout`.
    public init(
        trusted: TrustedCertificates? = nil, timeout: Duration = .seconds(10), maximumBodySize: Int = 16 << 20
    ) {
        let tls = trusted?.clientConfiguration()
        let limit = TimeAmount.nanoseconds(
            timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        let configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, timeout: HTTPClient.Configuration.Timeout(connect: limit, read: limit))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.timeout = limit
        self.maximumBodySize = maximumBodySize
    }

    /// Sends `request` (URL, method, headers, body) and collects the answer.
    public func send(_ request: URLRequest) async throws -> (status: Int, body: Data) {
        let answer = try await sendReadingHeaders(request)
        return (answer.status, answer.body)
    }

    /// Sends `request` (URL, method, headers, body) and collects the answer with its headers.
    public func sendReadingHeaders(_ request: URLRequest) async throws -> HTTPAnswer {
        guard let url = request.url else { throw ClientError.invalidURL("a request without a URL") }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] { outgoing.headers.add(name: name, value: value) }
        if let body = request.httpBody { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(outgoing, timeout: timeout)
        let body: ByteBuffer
        do {
            body = try await response.body.collect(upTo: maximumBodySize)
        } catch is NIOTooManyBytesError {
            throw ClientError.tooLarge(path: url.path, limit: maximumBodySize)
        }
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return HTTPAnswer(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
    }

    /// Closes the pool's connections; the transport cannot be used afterwards.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    deinit {
        // Already shut down, this only reports that (ignored); otherwise the pool closes in the background.
        client.shutdown { _ in }
    }
}
