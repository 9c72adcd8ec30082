import BourseCore
import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import BourseServer

@Suite("Web client: pages and files from the web root, with the security headers")
struct WebClientServingTests {
    /// A web root with the pages and a script, in a fresh temporary folder.
    static func withWebRoot(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-web-\(UUID().uuidString)")
        let outside = root.deletingLastPathComponent().appendingPathComponent("outside.txt")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        let files = [
            "index.html": "<!doctype html><title>board</title>",
            "exchange.html": "<!doctype html><title>market</title>",
            "wallet.html": "<!doctype html><title>wallet</title>", "js/board.js": "export const x = 1;\n",
            "js/big.js": String(repeating: "export const longName = 'a fairly repetitive line';\n", count: 200),
            "favicon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", ".secret": "hidden-bytes",
        ]
        // A file beside the root, which no address may reach.
        try Data("outside-bytes".utf8).write(to: outside)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try await ServerHarness.with(steps: 0, configure: { $0.webRoot = root.path }) { harness in
            try await Application(router: harness.router).test(.router) { client in try await body(client) }
        }
    }

    @Test func pagesAreServedByTheirAddressesWithTheSecurityHeaders() async throws {
        try await Self.withWebRoot { client in
            for (path, title) in [
                ("/", "board"), ("/exchange/KRW-BTC", "market"), ("/wallet/status", "wallet"),
            ] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .ok, "\(path)")
                #expect(String(buffer: response.body).contains("<title>\(title)</title>"), "\(path)")
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                let policy = try #require(response.headers[.contentSecurityPolicy])
                #expect(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'"))
                #expect(!policy.contains("unsafe-inline"))
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.cacheControl] == "no-cache")
            }
        }
    }

    @Test func filesHaveTheirTypesAndRevalidateByETag() async throws {
        try await Self.withWebRoot { client in
            let first = try await client.execute(uri: "/js/board.js", method: .get)
            #expect(first.status == .ok && String(buffer: first.body) == "export const x = 1;\n")
            #expect(first.headers[.contentType] == "text/javascript")
            let etag = try #require(first.headers[.eTag])
            let again = try await client.execute(uri: "/js/board.js", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            // Text worth compressing is gzipped for clients that accept it, and the same bytes otherwise.
            let plain = try await client.execute(uri: "/js/big.js", method: .get)
            let gzipped = try await client.execute(uri: "/js/big.js", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(plain.headers[.contentEncoding] == nil && gzipped.headers[.contentEncoding] == "gzip")
            #expect(gzipped.body.readableBytes < plain.body.readableBytes / 10)
            var compressed = gzipped.body
            let inflated = try compressed.decompress(with: .gzip(), allocator: ByteBufferAllocator())
            #expect(inflated == plain.body && gzipped.headers[.vary] == "Accept-Encoding")
            // A range is served as bytes of the file itself, never of its gzip.
            let range = try await client.execute(
                uri: "/js/big.js", method: .get, headers: [.acceptEncoding: "gzip", .range: "bytes=0-9"])
            #expect(range.status == .partialContent && range.headers[.contentEncoding] == nil)
            #expect(String(buffer: range.body) == "export con")
            let head = try await client.execute(uri: "/", method: .head)
            #expect(head.status == .ok && head.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            let icon = try await client.execute(uri: "/favicon.ico", method: .get)
            #expect(icon.status == .ok && icon.headers[.contentType] == "image/svg+xml")
        }
    }

    @Test func theAPIsAnswersAndMissesKeepTheirShape() async throws {
        try await Self.withWebRoot { client in
            let ticker = try await client.execute(uri: "/v1/ticker?markets=KRW-BTC", method: .get)
            #expect(ticker.status == .ok && ticker.headers[.contentSecurityPolicy] == nil)
            // A missing API path is still the API's JSON error, not a page.
            for path in [
                "/v1/nope", "/js/missing.js", "/exchange", "/.secret", "/js/../.secret", "/%2e%2e/Package.swift",
                "/%2esecret", "/%2Esecret", "/js/%2e%2e/%2esecret", "/%252esecret", "/%2Fjs", "//js/board.js", "/js",
                "/index.html%3F", "/index.html%00.js", "/js/board.js%23x", "/%2e%2e/outside.txt", "/..%2foutside.txt",
            ] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .notFound || response.status == .badRequest, "\(path): \(response.status)")
                let body = String(buffer: response.body)
                #expect(!body.contains("hidden-bytes") && !body.contains("outside-bytes"), "\(path) leaked a file")
                #expect(body.contains(#""error""#) || response.status == .badRequest, "\(path): \(body)")
                #expect(response.headers[.location] == nil, "\(path) redirected")
            }
            let posted = try await client.execute(uri: "/", method: .post)
            #expect(posted.status != .ok)
        }
    }

    @Test func originsMatchTheirHostAndSchemeDefaultPortsAside() {
        #expect(WebOrigin.sameOrigin(origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080", secure: false))
        #expect(WebOrigin.sameOrigin(origin: "https://Bourse.example", host: "bourse.example:443", secure: true))
        #expect(WebOrigin.sameOrigin(origin: "http://bourse.example:80", host: "bourse.example", secure: false))
        #expect(WebOrigin.sameOrigin(origin: "http://[::1]:8080", host: "[::1]:8080", secure: false))
        #expect(!WebOrigin.sameOrigin(origin: "http://[::1]:8081", host: "[::1]:8080", secure: false))
        #expect(!WebOrigin.sameOrigin(origin: "http://127.0.0.1:9000", host: "127.0.0.1:8080", secure: false))
        #expect(!WebOrigin.sameOrigin(origin: "http://evil.example", host: "bourse.example", secure: false))
        #expect(!WebOrigin.sameOrigin(origin: "http://evil.example", host: "", secure: false))
        #expect(!WebOrigin.sameOrigin(origin: "null", host: "bourse.example", secure: false))
        #expect(!WebOrigin.sameOrigin(origin: "http://bourse.example/x", host: "bourse.example", secure: false))
        // A plain-http page is another origin than a TLS server, whatever the host.
        #expect(!WebOrigin.sameOrigin(origin: "http://bourse.example", host: "bourse.example", secure: true))
        #expect(!WebOrigin.sameOrigin(origin: "chrome-extension://abc", host: "bourse.example", secure: false))
        // Not a page: a program's client (swift-websocket sends its ws:// URL).
        #expect(WebOrigin.sameOrigin(origin: "ws://localhost", host: "localhost:8080", secure: false))
    }

    @Test func pageAddressesMapToTheirFiles() {
        #expect(WebPages.file(for: "/") == "/index.html")
        #expect(WebPages.file(for: "/exchange/KRW-BTC") == "/exchange.html")
        #expect(WebPages.file(for: "/exchange/KRW-BTC/") == "/exchange.html")
        #expect(WebPages.file(for: "/wallet/status") == "/wallet.html")
        #expect(WebPages.file(for: "/auctions") == "/auctions.html")
        #expect(WebPages.file(for: "/auctions/12") == "/auctions.html")
        #expect(WebPages.file(for: "/js/board.js") == nil)
        #expect(WebPages.isAPI("/v1/ticker") && WebPages.isAPI("/auction/v1/items") && !WebPages.isAPI("/v1x"))
        #expect(!WebPages.isServable("/.git/config") && !WebPages.isServable("/js/../../etc/passwd"))
        // A file's path with a trailing slash was served with no content type (a probe's finding).
        #expect(!WebPages.isServable("/js/chrome.js/") && WebPages.isServable("/js/chrome.js"))
    }
}

@Suite("Widget: the sparkline card of a market")
struct SparklineCardTests {
    @Test func theCardShowsNamePriceChangeAndTheLine() throws {
        let market = try #require(ServerHarness.markets.first { $0.code.description == "KRW-BTC" })
        let svg = SparklineCard.svg(
            market: market, ticker: nil, closes: [Price(units: 100), Price(units: 300), Price(units: 200)])
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">비트코인<") && svg.contains(">KRW-BTC<"))
        #expect(svg.contains("<polyline points=\"12.0,108.0 160.0,64.0 308.0,86.0\""))
        #expect(SparklineCard.polyline([Price(units: 5)]).isEmpty)
    }

    @Test func textIsEscapedAndNumbersReadAsOnTheBoard() {
        #expect(SparklineCard.escape(#"<a href="x">&'"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
        #expect(SparklineCard.grouped("140000000") == "140,000,000")
        #expect(SparklineCard.grouped("1234.5678") == "1,234.5678")
        #expect(SparklineCard.grouped("-1000") == "-1,000")
        #expect(SparklineCard.percent(ChangeRate(units: 123_456_789)) == "+1.23%")
        #expect(SparklineCard.percent(ChangeRate(units: -5_000_000)) == "-0.05%")
        #expect(SparklineCard.percent(ChangeRate(units: 0)) == "0.00%")
    }

    @Test func theRouteServesAnEmbeddableImageAndRefusesUnknownMarkets() async throws {
        try await ServerHarness.with { harness in
            try await Application(router: harness.router).test(.router) { client in
                let response = try await client.execute(uri: "/widget/KRW-BTC.svg", method: .get)
                #expect(response.status == .ok && response.headers[.contentType] == "image/svg+xml; charset=utf-8")
                #expect(String(buffer: response.body).contains(">비트코인<"))
                #expect(response.headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] == "cross-origin")
                for path in ["/widget/KRW-NOPE.svg", "/widget/KRW-BTC.png", "/widget/"] {
                    let missing = try await client.execute(uri: path, method: .get)
                    #expect(missing.status == .notFound, "\(path)")
                }
            }
        }
    }
}
