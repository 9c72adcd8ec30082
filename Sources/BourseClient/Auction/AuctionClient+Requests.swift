import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An answer with no body (`204`).
struct Empty: Decodable {}

extension AuctionClient {
    /// Sends `method` to `path` under `/auction/v1` with the token, and decodes the answer.
    func send<Response: Decodable>(
        _ method: String, _ path: String, query: [URLQueryItem] = [], json: [String: String]? = nil
    ) async throws -> Response {
        guard let json else { return try await send(method, path, query: query, body: nil) }
        return try await send(method, path, query: query, object: json)
    }

    /// Sends `method` to `path` with `body` of its content type, and decodes the answer.
    func send<Response: Decodable>(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: (type: String, data: Data)?
    ) async throws -> Response {
        let fullPath = "/auction/v1" + path
        var request = URLRequest(url: try url(fullPath, query))
        request.httpMethod = method
        // The bearer token is the only credential, even through a transport that keeps cookies (an app's own
        // URLSession): a sign-in's session cookie must not make a token-less client act as that user.
        request.httpShouldHandleCookies = false
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = body.data
            request.setValue(body.type, forHTTPHeaderField: "Content-Type")
        }
        let answer: HTTPAnswer
        do {
            answer = try await transport.sendReadingHeaders(request)
        } catch let error as AuctionClientError {
            throw error
        } catch {
            throw AuctionClientError.transport(String(describing: error))
        }
        let received = Date()
        guard (200..<300).contains(answer.status) else {
            throw AuctionClientError.refusal(
                status: answer.status, body: answer.body, retryAfter: answer.headers["retry-after"])
        }
        if Response.self == Empty.self, let empty = Empty() as? Response { return empty }
        let decoded: Response
        do {
            decoded = try JSONDecoder().decode(Response.self, from: answer.body)
        } catch {
            throw AuctionClientError.undecodable(path: fullPath, error: String(describing: error))
        }
        if let serverTime = Self.serverTime(of: decoded) { observe(serverTime: serverTime, received: received) }
        return decoded
    }

    /// Refines ``clock`` with an answer or event the server wrote at `serverTime` that arrived at `received`.
    func observe(serverTime: Date, received: Date) {
        state.withLock { $0.clock.observe(serverTime: serverTime, received: received) }
    }

    private func url(_ path: String, _ query: [URLQueryItem]) throws -> URL {
        do {
            var components = try ServerCall.components(baseURL, path)
            components.queryItems = query.isEmpty ? nil : query
            return try ServerCall.url(components, baseURL, path)
        } catch {
            throw AuctionClientError.invalidURL(baseURL.absoluteString + path)
        }
    }

    /// The server's time in an answer that has one: an item, or the first item of a page or a list.
    static func serverTime(of answer: Any) -> Date? {
        switch answer {
        case let item as AuctionItem: item.serverTime
        case let page as AuctionPage: page.items.first?.serverTime
        case let items as [AuctionItem]: items.first?.serverTime
        case let bids as [MyBid]: bids.first?.item.serverTime
        default: nil
        }
    }
}
