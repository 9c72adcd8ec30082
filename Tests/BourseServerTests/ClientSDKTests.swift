import BourseClient
import Foundation
import HummingbirdTesting
import Testing

/// The SDK (BourseClient) against a live in-process server on a loopback port: the REST quotation client,
/// the board filled from it, and the multiplexed stream with interest, pause and resume.
@Suite("SDK against a live server", .timeLimit(.minutes(3)))
struct ClientSDKTests {
    @Test func theQuotationClientFillsABoard() async throws {
        try await ServerHarness.with { harness in
            // The demo trades a pair only every few minutes of its warm-up: the tape gets its trades here.
            for _ in 0..<12 { _ = try await harness.tradeBTC() }
            try await harness.live { port, _ in
                let quotation = QuotationClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
                let markets = try await quotation.markets()
                #expect(markets.contains { $0.code == "KRW-BTC" && $0.koreanName == "비트코인" })
                var board = MarketBoard(
                    markets: markets, settings: BoardSettings(sort: BoardSort(.tradedValue, .descending)))
                for ticker in try await quotation.tickers(quotes: ["KRW"]) { board.apply(ticker) }
                let snapshot = board.snapshot()
                #expect(snapshot.rows.count == markets.filter { $0.quote == "KRW" }.count)
                #expect(snapshot.rows.first?.ticker != nil)
                let values = snapshot.rows.compactMap { $0.ticker?.accTradePrice24h }
                #expect(values == values.sorted(by: >))
                board.settings.query = "ㅂㅌ"
                #expect(board.snapshot().rows.map(\.id).contains("KRW-BTC"))
                await #expect(throws: ClientError.self) { _ = try await quotation.tickers(codes: ["NOT-A-MARKET"]) }

                var series = CandleSeries(interval: .minutes(1))
                let page = try await quotation.candles("KRW-BTC", .minutes(1), count: 5)
                series.merge(history: page, asked: 5)
                #expect(!page.isEmpty && series.candles.map(\.start) == page.map(\.start).sorted())
                let book = try await quotation.orderbook("KRW-BTC")
                #expect((book.bestAsk ?? 0) > (book.bestBid ?? .infinity))
                var tape = TradeTape(capacity: 10)
                for trade in try await quotation.trades("KRW-BTC", count: 20) { tape.apply(trade) }
                #expect(tape.trades.count == 10)
                for trade in tape.trades.reversed() { series.apply(trade) }
                #expect(series.candles.last?.close == tape.trades.first?.price)
            }
        }
    }

    @Test func theStreamDeliversTickersAndResubscribesAfterAPause() async throws {
        try await ServerHarness.with { harness in
            try await harness.live { port, _ in
                let stream = MarketStream(url: "ws://127.0.0.1:\(port)/websocket/v1")
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await stream.run() }
                    var tickers = stream.tickers(["KRW-BTC"]).makeAsyncIterator()
                    var trades = stream.trades(["KRW-BTC"]).makeAsyncIterator()
                    var books = stream.orderbooks(["KRW-BTC"]).makeAsyncIterator()
                    var states = stream.states().makeAsyncIterator()
                    let first = try #require(await tickers.next())
                    #expect(first.code == "KRW-BTC" && first.tradePrice > 0)
                    #expect(stream.wantedTickers == ["KRW-BTC"])

                    #expect(await books.next()?.code == "KRW-BTC")
                    _ = try await harness.tradeBTC()
                    #expect(await tickers.next()?.code == "KRW-BTC")
                    #expect(await trades.next()?.code == "KRW-BTC")

                    stream.pause()
                    while let state = await states.next(), state != .paused {}
                    stream.resume()
                    while let state = await states.next(), state != .connected {}
                    // After resuming, the resubscription brings a snapshot again.
                    #expect(await tickers.next()?.code == "KRW-BTC")
                    #expect(stream.reconnects == 1)
                    group.cancelAll()
                }
            }
        }
    }

    @Test func theExchangeClientSignsBalancesAndOrders() async throws {
        try await ServerHarness.with { harness in
            let key = try await OrderRoutesTests().account(harness, krw: 1_000_000, btc: 1)
            try await harness.live { port, _ in
                let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
                let exchange = ExchangeClient(baseURL: base, accessKey: key.access, secretKey: key.secret)
                let balances = try await exchange.accounts()
                #expect(balances.first { $0.currency == "KRW" }?.balance == "1000000")
                let placed = try await exchange.placeLimitOrder(
                    market: "KRW-BTC", side: .bid, volume: "0.01", price: "1000000", identifier: "sdk 1/가+")
                #expect(placed.state == "wait" && placed.side == "bid" && placed.price == "1000000")
                #expect(try await exchange.openOrders(market: "KRW-BTC").map(\.uuid) == [placed.uuid])
                #expect(try await exchange.order(uuid: placed.uuid).remainingVolume == "0.01")
                let locked = try await exchange.accounts().first { $0.currency == "KRW" }
                #expect(locked?.locked == "10005")
                _ = try await exchange.cancelOrder(uuid: placed.uuid)
                #expect(try await exchange.order(uuid: placed.uuid).state == "cancel")
                let stranger = ExchangeClient(baseURL: base, accessKey: key.access, secretKey: "wrong secret")
                do {
                    _ = try await stranger.accounts()
                    Issue.record("a token signed with the wrong secret was accepted")
                } catch ClientError.server(let status, let name, _) {
                    #expect(status == 401 && name == "jwt_verification")
                }
            }
        }
    }
}
