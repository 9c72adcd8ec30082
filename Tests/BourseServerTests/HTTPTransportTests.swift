import BourseCore
import BourseServer
import BourseToolkit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The transport under abuse, over real loopback sockets: slow and idle clients are closed, connections
/// past the limit and requests that never reach a route get an answer in Upbit's error shape, HTTP/1.0
/// closes, and none of it is logged as an error.
@Suite("HTTP transport")
struct HTTPTransportTests {
    /// The `name` of an Upbit error body.
    static func errorName(_ body: [UInt8]) -> Int? {
        let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        return (object?["error"] as? [String: Any])?["name"] as? Int
    }

    /// A fresh server with `configure`d limits, listening: runs `body` with its port.
    static func serve(
        logger: Logger = Logger(label: "test"), configure: @escaping (inout ServerConfiguration) -> Void,
        clock: @escaping @Sendable () -> Timestamp = ServerHarness.wallClock,
        _ body: @escaping @Sendable (Int) async throws -> Void
    ) async throws {
        try await ServerHarness.with(steps: 0, configure: configure, clock: clock) { harness in
            try await harness.live(logger: logger) { port, client in
                // The test client connects on its own schedule: once it has answered, its connection counts
                // first against any limit (unless a short head timeout closed it before it asked).
                _ = try? await client.execute(uri: "/healthz", method: .get)
                try await body(port)
            }
        }
    }

    @Test func aHeadTrickledPastTheHeaderTimeoutIsClosed() async throws {
        try await Self.serve(configure: { $0.transport.headerTimeout = .milliseconds(300) }) { port in
            let closedAfter = try await OwnThread.run { () -> Int? in
                let client = try RawClient(port: port)
                // One byte of a never-ending head every 50 ms: each byte is traffic, none completes the head.
                for (index, byte) in Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8).enumerated() {
                    guard client.send([byte]) else { return index }
                    usleep(50_000)
                    var probe: UInt8 = 0
                    if recv(client.descriptor, &probe, 1, Int32(MSG_DONTWAIT)) == 0 { return index }
                }
                return client.readToEnd() == [] ? Int.max : nil
            }
            #expect(closedAfter != nil, "the connection outlived its head's deadline")
            let served = try await OwnThread.run { () -> Int? in
                let client = try RawClient(port: port)
                client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                return client.readResponse()?.status
            }
            #expect(served == 200, "a prompt client is still served")
        }
    }

    @Test func aKeptAliveConnectionIsClosedAtTheIdleTimeout() async throws {
        try await Self.serve(configure: { $0.transport.idleTimeout = .milliseconds(300) }) { port in
            let (status, rest) = try await OwnThread.run { () -> (Int?, [UInt8]?) in
                let client = try RawClient(port: port)
                client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                return (client.readResponse()?.status, client.readToEnd())
            }
            #expect(status == 200)
            #expect(rest == [], "the idle connection was not closed")
        }
    }

    @Test func connectionsPastTheLimitGet503AndAClose() async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.transport.maximumConnections = 3 }) { harness in
            try await harness.live { port, testClient in
                // The test client's own connection is the first of the three (it connects on its own schedule).
                #expect(try await testClient.execute(uri: "/healthz", method: .get).status == .ok)
                let (answers, servedLater) = try await OwnThread.run { () -> ([(Int?, Int?, [UInt8]?)], Bool) in
                    // All three are open before any asks: whichever the server set up last is past the limit.
                    var clients = try (0..<3).map { _ in try RawClient(port: port) }
                    let answers = clients.map { client in
                        client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                        let answer = client.readResponse()
                        let rest = answer?.status == 503 ? client.readToEnd() : []
                        return (answer?.status, answer.flatMap { Self.errorName($0.body) }, rest)
                    }
                    clients.removeAll()
                    // The server counts a connection as closed once it has seen the close: ask until it has.
                    var servedLater = false
                    for _ in 0..<100 where !servedLater {
                        let client = try RawClient(port: port)
                        client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                        servedLater = client.readResponse()?.status == 200
                        if !servedLater { usleep(20_000) }
                    }
                    return (answers, servedLater)
                }
                #expect(answers.map(\.0).sorted { ($0 ?? 0) < ($1 ?? 0) } == [200, 200, 503])
                let refused = answers.first { $0.0 == 503 }
                #expect(refused?.1 == 503, "Upbit's error shape")
                #expect(refused?.2 == [], "the refused connection is closed")
                #expect(servedLater, "a connection is served again once the others closed")
            }
        }
    }

    static let badHeads: [(request: String, status: Int)] = [
        ("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n", 431),
        ("GET /v1/ticker?markets=\(String(repeating: "A", count: 50_000)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 414),
        ("HELLO THERE\r\n\r\n", 400),
        ("GET /healthz HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\nHost: 127.0.0.1\r\n\r\n", 400),
        ("GET /healthz HTTP/1.1\r\nAccept: */*\r\n\r\n", 400),
        // WebSocket handshakes NIO's upgrader cannot take were closed with no answer (a probe's finding).
        (
            "GET /websocket/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                + "Sec-WebSocket-Version: 8\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n", 426
        ),
        (
            "GET /websocket/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n", 400
        ),
        (
            "GET /websocket/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                + "Sec-WebSocket-Version: 13, 8\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n", 426
        ),
    ]

    /// `curl --http2` asks for `Upgrade: h2c`; any upgrade other than WebSocket reached NIO's upgrade handler,
    /// which lost the request, and the client got an empty reply. It is ignored now (RFC 9110 §7.8): the
    /// request is answered, and the connection closed after it (NIO's decoder parses nothing after such a
    /// head).
    @Test(arguments: ["h2c", "foo"])
    func anUpgradeToAnythingButWebSocketIsIgnored(_ upgrade: String) async throws {
        try await Self.serve(configure: { _ in }) { port in
            let (status, closing, rest) = try await OwnThread.run { () -> (Int?, String?, [UInt8]?) in
                let client = try RawClient(port: port)
                client.send(
                    "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade, HTTP2-Settings\r\n"
                        + "Upgrade: \(upgrade)\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n")
                let response = client.readResponse()
                return (response?.status, response?.headers["connection"], client.readToEnd())
            }
            #expect(status == 200)
            #expect(closing == "close")
            #expect(rest == [], "closed after the answer")
        }
    }

    @Test(arguments: badHeads.indices)
    func aRequestThatNeverReachesARouteIsAnsweredAndClosed(_ index: Int) async throws {
        let (request, expected) = Self.badHeads[index]
        try await Self.serve(configure: { _ in }) { port in
            let (status, body, rest, next) = try await OwnThread.run { () -> (Int?, [UInt8], [UInt8]?, Int?) in
                let client = try RawClient(port: port)
                client.send(request)
                let answer = client.readResponse()
                let rest = client.readToEnd()
                let next = try RawClient(port: port)
                next.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                return (answer?.status, answer?.body ?? [], rest, next.readResponse()?.status)
            }
            #expect(status == expected)
            #expect(Self.errorName(body) == expected, "Upbit's error shape: \(String(decoding: body, as: UTF8.self))")
            #expect(rest == [], "the connection is closed after the answer")
            #expect(next == 200, "the server keeps serving")
        }
    }

    @Test func refusedAndMalformedRequestsAreNotLoggedAsErrors() async throws {
        let recorder = LogRecorder(minimum: .error)
        let logger = recorder.logger(label: "test")
        try await Self.serve(
            logger: logger,
            configure: {
                $0.transport.maximumConnections = 2  // the test client's, and one
                $0.transport.headerTimeout = .milliseconds(200)
            }
        ) { port in
            try await OwnThread.run {
                for (request, _) in Self.badHeads {
                    let client = try RawClient(port: port)
                    client.send(request)
                    _ = client.readToEnd()
                }
                let held = try RawClient(port: port)  // closed by the head timeout
                let refused = try RawClient(port: port)
                refused.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                _ = refused.readToEnd()
                _ = held.readToEnd()
            }
        }
        #expect(recorder.lines.withLock { $0 } == [])
    }

    @Test func http10WithoutKeepAliveIsClosedAfterItsResponse() async throws {
        try await Self.serve(configure: { _ in }) { port in
            let (plain, keptAlive) = try await OwnThread.run { () -> ([UInt8]?, [Int?]) in
                let client = try RawClient(port: port)
                client.send("GET /healthz HTTP/1.0\r\n\r\n")
                let plain = client.readToEnd()
                let alive = try RawClient(port: port)
                var statuses: [Int?] = []
                for _ in 0..<2 {
                    alive.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                    statuses.append(alive.readResponse()?.status)
                }
                return (plain, statuses)
            }
            let text = plain.map { String(decoding: $0, as: UTF8.self) }
            #expect(text?.hasPrefix("HTTP/1.0 200") == true, "answered, then closed: \(text ?? "still open")")
            #expect(text?.lowercased().contains("connection: close") == true)
            #expect(keptAlive == [200, 200], "HTTP/1.0 with keep-alive keeps its connection")
        }
    }

    @Test func aWrongMethodOnAKnownPathIs405WithAllow() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            try await Application(router: harness.router).test(.router) { client in
                let wrong = try await client.execute(uri: "/v1/ticker?markets=KRW-BTC", method: .post)
                #expect(wrong.status == .methodNotAllowed)
                #expect(wrong.headers[.allow] == "GET, HEAD")
                #expect(Self.errorName(Array(wrong.body.readableBytesView)) == 405)
                let candles = try await client.execute(uri: "/v1/candles/minutes/5?market=KRW-BTC", method: .delete)
                #expect(candles.status == .methodNotAllowed, "a path with a parameter is known too")
                let order = try await client.execute(uri: "/v1/order", method: .put)
                #expect(order.headers[.allow] == "DELETE, GET, HEAD")
                let unknown = try await client.execute(uri: "/v1/nothing", method: .post)
                #expect(unknown.status == .notFound)
                let head = try await client.execute(uri: "/v1/market/all", method: .head)
                #expect(head.status == .ok, "HEAD is answered wherever GET is")
            }
        }
    }
}
