import BourseAuth
import BourseCore
import BourseToolkit
import Foundation
import Testing

@testable import BourseServer

/// `POST /v1/orders` on the event loop (``HTTPLane``, ADR 0020) over real loopback sockets: the same
/// bytes as the router's answers, in request order among other requests on a pipelined connection. The
/// clock is stopped, so the key cache (2 s) that lets the lane take a request never expires mid-test.
@Suite("Orders on the event loop")
struct HTTPLaneTests {
    typealias Key = ExchangeRoutesTests.TestKey
    let orders = OrderRoutesTests()
    let keys = ExchangeRoutesTests()

    /// `POST /v1/orders` with `pairs` in a JSON body (or a form), signed as ccxt signs it (or with `token`).
    static func order(_ key: Key, _ pairs: [(String, String)], form: Bool = false, token: String? = nil) -> String {
        let query = pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        let body = form ? query : "{" + pairs.map { #""\#($0.0)":"\#($0.1)""# }.joined(separator: ",") + "}"
        let type = form ? "application/x-www-form-urlencoded" : "application/json"
        return "POST /v1/orders HTTP/1.1\r\nHost: localhost\r\n"
            + "Authorization: \(token ?? ExchangeRoutesTests.token(key, query: query))\r\n"
            + "Content-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// A signed `GET /v1/accounts`: the router's, and it puts `key` in the directory's cache.
    static func accounts(_ key: Key) -> String {
        "GET /v1/accounts HTTP/1.1\r\nHost: localhost\r\nAuthorization: \(ExchangeRoutesTests.token(key))\r\n\r\n"
    }

    static func bid(price: String = "10000", volume: String = "1", identifier: String? = nil) -> [(String, String)] {
        [("market", "KRW-BTC"), ("side", "bid"), ("ord_type", "limit"), ("price", price), ("volume", volume)]
            + (identifier.map { [("identifier", $0)] } ?? [])
    }

    /// The requests of ``theLaneAnswersAsTheRouterDoes()``, one at a time, and their answers as sent.
    func exchange(_ harness: ServerHarness, rich: Key, reader readOnly: Key) async throws -> [String] {
        try await harness.serving { port in
            try await OwnThread.run { try Self.ask(port: port, rich: rich, readOnly: readOnly) }
        }
    }

    /// The requests of ``exchange(_:rich:reader:)`` (blocking: on a thread of its own).
    static func ask(port: Int, rich: Key, readOnly: Key) throws -> [String] {
        do {
            let client = try RawClient(port: port)
            let reader = ResponseReader(client)
            var answers: [String] = []
            func ask(_ request: String) throws {
                #expect(client.send(request))
                answers.append(try #require(reader.next()))
            }
            try ask(Self.accounts(rich))
            try ask(Self.accounts(readOnly))
            try ask(Self.order(rich, Self.bid()))
            try ask(Self.order(rich, Self.bid(), form: true))
            try ask(Self.order(rich, Self.bid(volume: "100000000")))
            try ask(Self.order(rich, [("market", "KRW-NOPE"), ("side", "bid"), ("ord_type", "limit")]))
            try ask(
                Self.order(rich, [("market", "KRW-BTC"), ("side", "bid"), ("ord_type", "limit"), ("price", "1000")]))
            try ask(Self.order(readOnly, Self.bid()))
            var forged = rich
            forged.secret = "not the secret"
            try ask(Self.order(rich, Self.bid(), token: ExchangeRoutesTests.token(forged, query: "market=KRW-BTC")))
            try ask(Self.order(rich, Self.bid(), token: ExchangeRoutesTests.token(rich, query: "market=KRW-ETH")))
            let query = Self.bid().map { "\($0.0)=\($0.1)" }.joined(separator: "&")
            let token = ExchangeRoutesTests.token(rich, query: query)
            try ask(Self.order(rich, Self.bid(), token: token))
            try ask(Self.order(rich, Self.bid(), token: token))
            return answers
        }
    }

    /// Runs `body` on a thread of its own (its reads block) with a connection to `harness`'s server on which
    /// a first request, the router's, put `key` in the directory's cache, so the lane can take its orders.
    func connection<Result: Sendable>(
        _ harness: ServerHarness, warming key: Key,
        _ body: @escaping @Sendable (RawClient, ResponseReader) throws -> Result
    ) async throws -> Result {
        try await harness.serving { port in
            try await OwnThread.run {
                let client = try RawClient(port: port)
                let reader = ResponseReader(client)
                #expect(client.send(Self.accounts(key)))
                _ = try #require(reader.next())
                return try body(client, reader)
            }
        }
    }

    /// `text` without what differs from one placement to the next: the date, the order's uuid and time.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #"(?m)^Date: .*$"#, with: "Date: *", options: .regularExpression)
            .replacingOccurrences(of: #""uuid":"[^"]*""#, with: #""uuid":"*""#, options: .regularExpression)
            .replacingOccurrences(of: #""created_at":"[^"]*""#, with: #""created_at":"*""#, options: .regularExpression)
    }

    static func ordersOnEventLoop(_ harness: ServerHarness) -> Int {
        answeredOnEventLoop(harness, route: "/v1/orders")
    }

    /// Requests of `route` answered by the lane, from `/metrics`.
    static func answeredOnEventLoop(_ harness: ServerHarness, route: String) -> Int {
        let text = String(decoding: harness.metrics.render(), as: UTF8.self)
        let line = text.split(separator: "\n").first {
            $0.hasPrefix(#"bourse_http_event_loop_requests_total{route="\#(route)"} "#)
        }
        return line.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
    }

    @Test func theLaneAnswersAsTheRouterDoes() async throws {
        try await ServerHarness.with(steps: 0, clock: ServerHarness.stoppedClock()) { harness in
            let rich = try await orders.account(harness, krw: 1_000_000)
            let reader = try await keys.makeKey(harness, scopes: "accounts,orders:read")
            let viaLane = try await exchange(harness, rich: rich, reader: reader)
            let taken = Self.ordersOnEventLoop(harness)
            var routerOnly = harness
            routerOnly.configuration.transport.answersOnEventLoop = false
            let viaRouter = try await exchange(routerOnly, rich: rich, reader: reader)
            // Every order request went the lane's way in the first run and none in the second.
            #expect(taken == 10)
            #expect(Self.ordersOnEventLoop(harness) == taken)
            #expect(viaLane.count == viaRouter.count)
            // The two accounts answers come first: the second run's balances include the first run's orders.
            // The two accounts answers come first: the second run's balances include the first run's orders.
            for (lane, router) in zip(viaLane.dropFirst(2), viaRouter.dropFirst(2)) {
                #expect(Self.normalized(lane) == Self.normalized(router))
            }
            let statuses = viaLane.map { $0.split(separator: " ")[1] }
            #expect(statuses == ["200", "200", "201", "201", "400", "400", "400", "401", "401", "401", "201", "401"])
            #expect(viaLane[2].contains("Remaining-Req: group=order"))
            #expect(viaLane[11].contains("nonce_used"))
        }
    }

    @Test func pipelinedOrdersAndRoutedRequestsAreAnsweredInOrder() async throws {
        try await ServerHarness.with(steps: 0, clock: ServerHarness.stoppedClock()) { harness in
            let rich = try await orders.account(harness, krw: 1_000_000)
            try await connection(harness, warming: rich) { client, reader in
                let requests = [
                    Self.order(rich, Self.bid(identifier: "first")), Self.accounts(rich),
                    Self.order(rich, Self.bid(identifier: "second")),
                    "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n",
                    Self.order(rich, Self.bid(identifier: "third")),
                ]
                #expect(client.send(requests.joined()))
                let answers = try (0..<requests.count).map { _ in try #require(reader.next()) }
                #expect(answers.map { $0.split(separator: " ")[1] } == ["201", "200", "201", "200", "201"])
                #expect(answers[0].contains(#""identifier":"first""#))
                #expect(answers[2].contains(#""identifier":"second""#))
                #expect(answers[3].hasSuffix(#"{"status":"ok"}"#))
                #expect(answers[4].contains(#""identifier":"third""#))
                // The accounts request waited for the order before it: the bid's 1,000 KRW (and fee) are locked.
                let body = try #require(answers[1].components(separatedBy: "\r\n\r\n").last)
                let balances = try #require(
                    try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]])
                let krw = try #require(balances.first { $0["currency"] as? String == "KRW" })
                #expect(Double(krw["locked"] as? String ?? "") ?? 0 >= 10000)
            }
            #expect(Self.ordersOnEventLoop(harness) == 3)
        }
    }

    @Test func aDeepPipelineIsAnsweredWholeAndInOrder() async throws {
        try await ServerHarness.with(steps: 0, clock: ServerHarness.stoppedClock()) { harness in
            let rich = try await orders.account(harness, krw: 100_000_000)
            let count = HTTPLane.maximumOwed + 88
            try await connection(harness, warming: rich) { client, reader in
                let requests = (0..<count).map { Self.order(rich, Self.bid(identifier: "deep-\($0)")) }
                #expect(client.send(requests.joined()))
                for number in 0..<count {
                    let answer = try #require(reader.next())
                    #expect(answer.hasPrefix("HTTP/1.1 201"))
                    #expect(answer.contains(#""identifier":"deep-\#(number)""#))
                }
            }
            #expect(Self.ordersOnEventLoop(harness) == count)
        }
    }
}

extension HTTPLaneTests {
    @Test func aHalfClosedConnectionIsAnsweredBeforeItCloses() async throws {
        try await ServerHarness.with(steps: 0, clock: ServerHarness.stoppedClock()) { harness in
            let rich = try await orders.account(harness, krw: 1_000_000)
            try await connection(harness, warming: rich) { client, reader in
                #expect(client.send(Self.order(rich, Self.bid(identifier: "half")) + Self.accounts(rich)))
                shutdown(client.descriptor, Int32(SHUT_WR))
                let order = try #require(reader.next())
                #expect(order.hasPrefix("HTTP/1.1 201"))
                let accounts = try #require(reader.next())
                #expect(accounts.hasPrefix("HTTP/1.1 200"))
                #expect(reader.next() == nil, "then the server closes")
            }
        }
    }

    @Test func aBadRequestBehindPipelinedOrdersClosesAfterTheirAnswers() async throws {
        try await ServerHarness.with(steps: 0, clock: ServerHarness.stoppedClock()) { harness in
            let rich = try await orders.account(harness, krw: 1_000_000)
            try await connection(harness, warming: rich) { client, reader in
                let pipelined = Self.order(rich, Self.bid(identifier: "before-1")) + Self.order(rich, Self.bid())
                #expect(client.send(pipelined + "NOT HTTP AT ALL\r\n"))
                // More bytes, likely in a later read: the decoder's complaints about them must not end the
                // connection before the orders are answered (whether they arrive before the answers are written
                // depends on timing, so this does not always reach that case).
                Thread.sleep(forTimeInterval: 0.05)
                _ = client.send("MORE GARBAGE\r\n\r\n")
                let first = try #require(reader.next())
                #expect(first.hasPrefix("HTTP/1.1 201"))
                let second = try #require(reader.next())
                #expect(second.hasPrefix("HTTP/1.1 201"))
                #expect(reader.next() == nil, "then the server closes, without a 400 that would read as theirs")
            }
        }
    }

    @Test func anOrderAskingForAnUpgradeIsLeftToTheRouter() async throws {
        try await ServerHarness.with(steps: 0, clock: ServerHarness.stoppedClock()) { harness in
            let rich = try await orders.account(harness, krw: 1_000_000)
            try await connection(harness, warming: rich) { client, reader in
                let upgrade = Self.order(rich, Self.bid()).replacingOccurrences(
                    of: "Host: localhost\r\n",
                    with: "Host: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                        + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")
                #expect(client.send(upgrade))
                let answer = try #require(reader.next())
                #expect(!answer.hasPrefix("HTTP/1.1 201"))
            }
            #expect(Self.ordersOnEventLoop(harness) == 0)
        }
    }

    @Test func ordersKeepAConnectionAlivePastTheIdleTimeout() async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.transport.idleTimeout = .milliseconds(400) }) {
            harness in
            let rich = try await orders.account(harness, krw: 1_000_000)
            try await connection(harness, warming: rich) { client, reader in
                // Three idle timeouts' worth of orders, one every 100 ms, after a request the router answered.
                for number in 0..<12 {
                    #expect(client.send(Self.order(rich, Self.bid(identifier: "alive-\(number)"))))
                    let answer = try #require(reader.next())
                    #expect(answer.hasPrefix("HTTP/1.1 201"))
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
        }
    }

    @Test func aRefusalAnsweredAtOnceLeavesTheIdleDeadline() async throws {
        // The refusal is written in the very read that brought the request; that read's bytes must not
        // count as the start of a next head (which would cut the idle wait to the header timeout).
        try await ServerHarness.with(
            steps: 0,
            configure: {
                $0.transport.headerTimeout = .milliseconds(300)
                $0.transport.idleTimeout = .seconds(20)
            }, clock: ServerHarness.stoppedClock()
        ) { harness in
            let rich = try await orders.account(harness, krw: 1_000_000)
            try await connection(harness, warming: rich) { client, reader in
                #expect(client.send(Self.order(rich, [("market", "KRW-NOPE"), ("side", "bid")])))
                let refused = try #require(reader.next())
                #expect(refused.hasPrefix("HTTP/1.1 4"))
                Thread.sleep(forTimeInterval: 1)
                #expect(client.send(Self.order(rich, Self.bid())))
                let answer = try #require(reader.next(), "the connection was closed at the header timeout")
                #expect(answer.hasPrefix("HTTP/1.1 201"))
            }
            #expect(Self.ordersOnEventLoop(harness) == 2, "both orders went the lane's way")
        }
    }

    @Test func anOrderWhoseBodyStallsIsClosedAtTheIdleTimeout() async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.transport.idleTimeout = .milliseconds(300) }) {
            harness in
            let rich = try await orders.account(harness, krw: 1_000_000)
            let closedAfter = try await harness.serving { port in
                try await OwnThread.run { () -> Double? in
                    let client = try RawClient(port: port, readTimeoutSeconds: 10)
                    let whole = Self.order(rich, Self.bid())
                    #expect(client.send(String(whole.dropLast(20))))
                    let start = Date()
                    guard client.readToEnd() != nil else { return nil }
                    return Date().timeIntervalSince(start)
                }
            }
            let seconds = try #require(closedAfter, "the connection outlived its stalled body")
            #expect(seconds < 5)
        }
    }
}

extension HTTPLaneTests {
    /// `requests` (GET targets with extra header lines) one at a time, and the answers as sent.
    static func get(_ harness: ServerHarness, _ requests: [(target: String, headers: String)]) async throws -> [String]
    {
        try await harness.serving { port in
            try await OwnThread.run {
                let client = try RawClient(port: port)
                let reader = ResponseReader(client)
                return try requests.map { request in
                    #expect(client.send("GET \(request.target) HTTP/1.1\r\nHost: localhost\r\n\(request.headers)\r\n"))
                    return try #require(reader.next())
                }
            }
        }
    }

    static let tickerRequests: [(target: String, headers: String)] = [
        ("/v1/ticker/all?quote_currencies=KRW", ""),
        ("/v1/ticker/all?quote_currencies=KRW,BTC", "Accept-Encoding: gzip, deflate\r\n"),
        ("/v1/ticker?markets=KRW-BTC,KRW-ETH", ""),
        ("/v1/ticker?markets=KRW-NOPE", ""),
        ("/v1/ticker/all?quote_currencies=", ""),
        ("/v1/ticker?markets=krw-btc", "Accept-Encoding: gzip;q=0\r\n"),
        ("/v1/ticker/all?quote_currencies=KRW%2CBTC", "Accept-Encoding: br\r\nAccept-Encoding: gzip\r\n"),
        // The router's, not the lane's: a trailing slash, a token, a browser's origin.
        ("/v1/ticker/all/?quote_currencies=KRW", ""),
        ("/v1/ticker?markets=KRW-BTC", "Authorization: Bearer a.b.c\r\n"),
        ("/v1/ticker?markets=KRW-BTC", "Origin: https://example.com\r\n"),
    ]

    @Test func tickersAnswerAsTheRouterDoes() async throws {
        try await ServerHarness.with(clock: ServerHarness.stoppedClock()) { harness in
            let viaLane = try await Self.get(harness, Self.tickerRequests)
            let all = Self.answeredOnEventLoop(harness, route: "/v1/ticker/all")
            let one = Self.answeredOnEventLoop(harness, route: "/v1/ticker")
            var routerOnly = harness
            routerOnly.configuration.transport.answersOnEventLoop = false
            let viaRouter = try await Self.get(routerOnly, Self.tickerRequests)
            #expect(all == 4)
            #expect(one == 3)
            #expect(viaLane.count == viaRouter.count)
            for (lane, router) in zip(viaLane, viaRouter) {
                #expect(Self.normalized(lane) == Self.normalized(router))
            }
            #expect(
                viaLane.map { $0.split(separator: " ")[1] } == [
                    "200", "200", "200", "404", "400", "200", "200", "200", "200", "200",
                ])
            #expect(viaLane[9].contains("Access-Control-Allow-Origin"))
            #expect(viaLane[1].contains("Content-Encoding: gzip"))
        }
    }

    @Test func theTickerRateLimitIsTheRoutersToo() async throws {
        try await ServerHarness.with(configure: { $0.rateLimitPerSecond = 2 }, clock: ServerHarness.stoppedClock()) {
            harness in
            let requests = Array(repeating: ("/v1/ticker?markets=KRW-BTC", ""), count: 30)
            let viaLane = try await Self.get(harness, requests)
            var routerOnly = harness
            routerOnly.configuration.transport.answersOnEventLoop = false
            let viaRouter = try await Self.get(routerOnly, requests)
            #expect(viaLane.contains { $0.hasPrefix("HTTP/1.1 429") })
            #expect(Self.answeredOnEventLoop(harness, route: "/v1/ticker") == 30)
            for (lane, router) in zip(viaLane, viaRouter) {
                #expect(Self.normalized(lane) == Self.normalized(router))
            }
        }
    }
}

/// The small pieces the lane's answers are made with.
@Suite("HTTP date and header checks")
struct HTTPLanePiecesTests {
    @Test func datesAreIMFFixdate() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(1_798_761_599) == "Thu, 31 Dec 2026 23:59:59 GMT")
    }

    @Test func headerValuesAreMatchedWithoutCase() {
        #expect("application/JSON; charset=utf-8".containsASCIILowercased("json"))
        #expect("Application/X-WWW-Form-Urlencoded".containsASCIILowercased("x-www-form-urlencoded"))
        #expect(!"text/plain".containsASCIILowercased("json"))
        #expect(!"js".containsASCIILowercased("json"))
        #expect("".containsASCIILowercased(""))
        #expect("Content-Length".equalsASCIILowercased("content-length"))
        #expect(!"Content-Lengthx".equalsASCIILowercased("content-length"))
    }
}

/// Reads whole HTTP responses off a ``RawClient`` as they were sent (head lines and body, as text).
final class ResponseReader {
    let client: RawClient
    private var buffer: [UInt8] = []

    init(_ client: RawClient) { self.client = client }

    /// The next response with a `Content-Length` body; nil if the connection ends or stalls first.
    func next() -> String? {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if buffer.count >= end + length {
                    defer { buffer.removeFirst(end + length) }
                    let body = buffer[end..<(end + length)]
                    // A compressed body is compared as its bytes, not as (lossily decoded) text.
                    if head.contains("Content-Encoding: gzip") {
                        return head + body.map { String($0, radix: 16) }.joined()
                    }
                    return head + String(decoding: body, as: UTF8.self)
                }
            }
            guard let chunk = client.receive(), !chunk.isEmpty else { return nil }
            buffer += chunk
        }
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}
