import BourseCore
import BourseServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Every REST quotation endpoint, in process, with the parameter spellings and errors of reference §1–§2.
@Suite("Quotation REST")
struct QuotationRoutesTests {
    /// Runs `body` with a test client of a fresh server.
    func withClient(
        configure: @escaping (inout ServerConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (any TestClientProtocol, ServerHarness) async throws -> Void
    ) async throws {
        try await ServerHarness.with(configure: configure) { harness in
            try await Application(router: harness.router).test(.router) { client in
                try await body(client, harness)
            }
        }
    }

    func get(_ client: any TestClientProtocol, _ uri: String) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .get)
    }

    func array(_ response: TestResponse) throws -> [[String: Any]] {
        try #require(try json(response.body) as? [[String: Any]], "not a JSON array: \(String(buffer: response.body))")
    }

    func error(_ response: TestResponse) throws -> (name: String, message: String) {
        let object = try #require(try json(response.body) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any], "no error object: \(object)")
        return ("\(error["name"] ?? "")", "\(error["message"] ?? "")")
    }

    @Test func marketsWithAndWithoutDetails() async throws {
        try await withClient { client, _ in
            let plain = try array(try await get(client, "/v1/market/all"))
            #expect(plain.count >= 4)
            #expect(plain.first?["market_event"] == nil)
            #expect(plain.contains { $0["market"] as? String == "KRW-BTC" && $0["korean_name"] as? String == "비트코인" })
            for spelling in ["is_details", "isDetails"] {
                let detailed = try array(try await get(client, "/v1/market/all?\(spelling)=true"))
                #expect(detailed.count == plain.count)
                #expect(detailed.first?["market_event"] != nil, "\(spelling)")
            }
        }
    }

    @Test func everyResponseCarriesRemainingReq() async throws {
        try await withClient { client, _ in
            for uri in ["/v1/market/all", "/v1/ticker?markets=KRW-BTC", "/v1/ticker?markets=KRW-NOPE", "/v1/nowhere"] {
                let response = try await get(client, uri)
                let header = try #require(response.headers[HTTPField.Name("Remaining-Req")!], "\(uri)")
                #expect(header.hasPrefix("group="), "\(uri): \(header)")
            }
        }
    }

    @Test func tickersBySpellingOfTheMarketsParameter() async throws {
        try await withClient { client, _ in
            for uri in [
                "/v1/ticker?markets=KRW-BTC,KRW-ETH", "/v1/ticker?markets=KRW-BTC&markets=KRW-ETH",
                "/v1/ticker?markets=KRW-BTC,%20KRW-ETH", "/v1/ticker?markets=krw-btc,krw-eth",
                "//v1//ticker/?markets=KRW-BTC,KRW-ETH",
            ] {
                let tickers = try array(try await get(client, uri))
                #expect(tickers.map { $0["market"] as? String } == ["KRW-BTC", "KRW-ETH"], "\(uri)")
            }
            let ticker = try array(try await get(client, "/v1/ticker?markets=KRW-BTC"))[0]
            for key in [
                "trade_price", "prev_closing_price", "change", "signed_change_rate", "acc_trade_price_24h",
                "highest_52_week_price", "lowest_52_week_date", "timestamp",
            ] {
                #expect(ticker[key] != nil, "ticker lacks \(key)")
            }
        }
    }

    @Test func tickerErrors() async throws {
        try await withClient { client, _ in
            let missing = try await get(client, "/v1/ticker")
            #expect(missing.status == .badRequest)
            let unknown = try await get(client, "/v1/ticker?markets=KRW-NOPE")
            #expect(unknown.status == .notFound)
            #expect(try error(unknown).message == "Code not found")
            let malformed = try await get(client, "/v1/ticker?markets=BTC")
            #expect(malformed.status.code >= 400 && malformed.status.code < 500)
            #expect(!(try error(malformed).message.isEmpty))
        }
    }

    @Test func tickersOfAQuoteCurrency() async throws {
        try await withClient { client, _ in
            let krw = try array(try await get(client, "/v1/ticker/all?quote_currencies=KRW"))
            #expect(!krw.isEmpty && krw.allSatisfy { ($0["market"] as? String)?.hasPrefix("KRW-") == true })
            let both = try array(try await get(client, "/v1/ticker/all?quote_currencies=KRW,BTC"))
            #expect(both.count > krw.count)
            #expect(try await get(client, "/v1/ticker/all").status == .badRequest)
        }
    }

    @Test func orderBooksWithCountAndLevel() async throws {
        try await withClient { client, _ in
            let books = try array(try await get(client, "/v1/orderbook?markets=KRW-BTC&count=5"))
            let units = try #require(books.first?["orderbook_units"] as? [[String: Any]])
            #expect(units.count == 5)
            let asks = units.compactMap { $0["ask_price"] as? Double }
            let bids = units.compactMap { $0["bid_price"] as? Double }
            #expect(asks == asks.sorted() && bids == bids.sorted(by: >))
            #expect(bids[0] < asks[0])
            let full = try array(try await get(client, "/v1/orderbook?markets=KRW-BTC"))
            #expect((full[0]["orderbook_units"] as? [Any])?.count == 30)
            let instruments = try array(try await get(client, "/v1/orderbook/instruments?markets=KRW-BTC"))
            let levels = try #require(instruments.first?["supported_levels"] as? [Any])
            #expect(levels.count > 1 && instruments[0]["tick_size"] != nil)
            let level = "\(levels[1])"
            let grouped = try array(try await get(client, "/v1/orderbook?markets=KRW-BTC&level=\(level)"))
            #expect("\(grouped[0]["level"] ?? "")" == level || grouped[0]["level"] as? Double == Double(level))
            let unsupported = try array(try await get(client, "/v1/orderbook?markets=KRW-BTC&level=7"))
            #expect(unsupported.isEmpty, "an unsupported level gives an empty array")
            #expect(try await get(client, "/v1/orderbook?markets=KRW-BTC&count=abc").status == .badRequest)
        }
    }

    @Test func tradeTapeNewestFirstWithCursor() async throws {
        try await withClient { client, harness in
            // The demo trades a pair only every few minutes of its warm-up: the tape gets its trades here.
            for _ in 0..<12 { _ = try await harness.tradeBTC() }
            let trades = try array(try await get(client, "/v1/trades/ticks?market=KRW-BTC&count=5"))
            #expect(trades.count == 5)
            let times = trades.compactMap { $0["timestamp"] as? Int64 }
            #expect(times == times.sorted(by: >))
            let cursor = try #require(trades.last?["sequential_id"] as? Int64)
            let older = try array(try await get(client, "/v1/trades/ticks?market=KRW-BTC&count=5&cursor=\(cursor)"))
            #expect(older.allSatisfy { ($0["sequential_id"] as? Int64 ?? .max) != cursor })
            #expect(try await get(client, "/v1/trades/ticks?market=KRW-BTC&count=501").status == .badRequest)
            #expect(try await get(client, "/v1/trades/ticks").status == .badRequest)
        }
    }

    @Test func candlesOfEveryUnit() async throws {
        try await withClient { client, harness in
            _ = try await harness.tradeBTC()
            for path in [
                "seconds", "minutes/1", "minutes/3", "minutes/5", "minutes/10", "minutes/15", "minutes/30",
                "minutes/60", "minutes/240", "days", "weeks", "months", "years",
            ] {
                let candles = try array(try await get(client, "/v1/candles/\(path)?market=KRW-BTC&count=2"))
                #expect(!candles.isEmpty, "\(path)")
                #expect(candles.first?["candle_date_time_utc"] is String, "\(path)")
            }
            let days = try array(try await get(client, "/v1/candles/days?market=KRW-BTC"))
            #expect(days.first?["prev_closing_price"] != nil && days.first?["change_rate"] != nil)
            #expect(try await get(client, "/v1/candles/minutes/2?market=KRW-BTC").status.code >= 400)
            #expect(try await get(client, "/v1/candles/minutes/1?market=KRW-BTC&count=201").status == .badRequest)
            #expect(try await get(client, "/v1/candles/minutes/1").status == .badRequest)
            let future = try array(
                try await get(client, "/v1/candles/minutes/1?market=KRW-BTC&to=2000-01-01T00:00:00Z"))
            #expect(future.isEmpty)
        }
    }

    /// pyupbit sends GET parameters as a form body, and DELETE ones as JSON (reference §1).
    @Test func parametersFromFormAndJSONBodies() async throws {
        try await withClient { client, _ in
            let form = try await client.execute(
                uri: "/v1/ticker", method: .get, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "markets=KRW-BTC%2CKRW-ETH"))
            #expect(try array(form).count == 2)
            let body = try await client.execute(
                uri: "/v1/ticker", method: .get, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"markets":"KRW-ETH"}"#))
            #expect(try array(body).first?["market"] as? String == "KRW-ETH")
        }
    }

    @Test func aBodyOverOneMebibyteIs413InUpbitsShape() async throws {
        try await withClient { client, _ in
            let body = ByteBuffer(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1)  // one byte over the limit
            let response = try await client.execute(uri: "/v1/ticker?markets=KRW-BTC", method: .get, body: body)
            #expect(response.status == .contentTooLarge)
            #expect(try error(response).message == "The request body is larger than 1 MiB.")
            #expect(response.headers[HTTPField.Name("Remaining-Req")!] != nil)
        }
    }

    @Test func gzipWhenTheClientAcceptsIt() async throws {
        try await withClient { client, _ in
            let uri = "/v1/market/all?isDetails=true"
            let plain = try await get(client, uri)
            #expect(plain.headers[.contentEncoding] == nil)
            let zipped = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip, deflate"])
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(Array(zipped.body.readableBytesView.prefix(2)) == [0x1f, 0x8b])
            #expect(zipped.body.readableBytes < plain.body.readableBytes / 3)
            let refused = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip;q=0"])
            #expect(refused.headers[.contentEncoding] == nil)
        }
    }

    @Test func walletStatusHasAMixOfStates() async throws {
        try await withClient { client, _ in
            let rows = try array(try await get(client, "/v1/status/wallet"))
            let states = Set(rows.compactMap { $0["wallet_state"] as? String })
            #expect(states.isSuperset(of: ["working", "withdraw_only", "deposit_only", "paused", "unsupported"]))
            let bitcoin = try #require(rows.first { $0["currency"] as? String == "BTC" })
            #expect((bitcoin["block_height"] as? Int ?? 0) > 927_600)
            #expect(bitcoin["net_type"] as? String == "BTC" && bitcoin["block_updated_at"] is String)
            #expect(rows.contains { $0["block_height"] is NSNull })
        }
    }

    @Test func unknownPathsAnswerInUpbitsShape() async throws {
        try await withClient { client, _ in
            let response = try await get(client, "/v1/nowhere")
            #expect(response.status == .notFound)
            #expect(!(try error(response).message.isEmpty))
        }
    }

    @Test func rateLimitAnswers429WithRetryAfter() async throws {
        try await withClient(configure: { $0.rateLimitPerSecond = 1 }) { client, _ in
            // Bursts of concurrent requests: with one allowed per second, any two that land in the same second
            // give a 429, however slowly a busy machine serves them (sequential requests need not).
            var throttled: TestResponse?
            var statuses: [UInt] = []
            for _ in 0..<10 where throttled == nil {
                let responses = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                    for _ in 0..<8 { group.addTask { try await client.execute(uri: "/v1/market/all", method: .get) } }
                    return try await group.reduce(into: [TestResponse]()) { $0.append($1) }
                }
                statuses += responses.map { UInt($0.status.code) }
                throttled = responses.first { $0.status.code == 429 }
            }
            let response = try #require(throttled, "no 429 in \(statuses)")
            #expect(statuses.contains(200))
            #expect(response.headers[.retryAfter] != nil)
            #expect(response.headers[HTTPField.Name("Remaining-Req")!] != nil)
        }
    }

    @Test func theLimiterCountsPerClientGroupAndSecond() {
        let limiter = RateLimiter(perSecond: 2)
        let now = Timestamp(milliseconds: 10_000)
        #expect(limiter.check("a", group: .market, at: now).allowed)
        #expect(limiter.check("a", group: .market, at: now).remaining == 0)
        #expect(!limiter.check("a", group: .market, at: now).allowed)
        #expect(limiter.check("a", group: .ticker, at: now).allowed)  // other groups are counted apart
        #expect(limiter.check("b", group: .market, at: now).allowed)  // and other clients
        #expect(limiter.check("a", group: .market, at: Timestamp(milliseconds: 11_000)).allowed)  // a new second
    }

    @Test func corsPreflightAndHeaders() async throws {
        try await withClient { client, _ in
            let preflight = try await client.execute(
                uri: "/v1/ticker", method: .options,
                headers: [.origin: "http://example.com", .accessControlRequestMethod: "GET"])
            #expect(preflight.headers[.accessControlAllowOrigin] != nil)
            let response = try await client.execute(
                uri: "/v1/market/all", method: .get, headers: [.origin: "http://example.com"])
            #expect(response.headers[.accessControlAllowOrigin] != nil)
        }
    }

    @Test func healthAndMetrics() async throws {
        try await withClient { client, _ in
            #expect(try await get(client, "/healthz").status == .ok)
            _ = try await get(client, "/v1/market/all")
            let metrics = String(buffer: try await get(client, "/metrics").body)
            for name in [
                "bourse_http_requests_total", "bourse_http_request_duration_seconds", "bourse_websocket_connections",
                "bourse_websocket_messages_sent_total", "bourse_websocket_dropped_subscribers_total",
                "bourse_journal_lag_commands",
            ] {
                #expect(metrics.contains(name), "\(name) missing from /metrics")
            }
        }
    }
}
