import BourseClient
import Foundation
import HummingbirdTesting
import Testing

/// The SDK's wider exchange API against a live in-process server on an empty book (no simulator steps):
/// market orders moving balances between two accounts, time in force, the order chance, closed orders,
/// orders named by the client's identifier, the deposit and withdrawal lists, and the server's refusals
/// arriving as ``ClientError``.
@Suite("SDK exchange client: market orders, chance, closed orders, transfers", .timeLimit(.minutes(3)))
struct ExchangeClientMoreTests {
    let orders = OrderRoutesTests()

    /// Runs `body` with a live server on a loopback port, its base URL and a test client for what the SDK
    /// does not do (deposits, withdrawals).
    func live(
        _ harness: ServerHarness, _ body: @escaping @Sendable (URL, any TestClientProtocol) async throws -> Void
    ) async throws {
        try await harness.live { port, client in
            try await body(try #require(URL(string: "http://127.0.0.1:\(port)")), client)
        }
    }

    /// The SDK client of `key`.
    func client(_ base: URL, _ key: OrderRoutesTests.Key) -> ExchangeClient {
        ExchangeClient(baseURL: base, accessKey: key.access, secretKey: key.secret)
    }

    @Test func aMarketBuyAndAMarketSellMoveBothAccountsBalances() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let sellerKey = try await orders.account(harness, btc: 1)
            let buyerKey = try await orders.account(harness, krw: 1_000_000)
            try await live(harness) { base, _ in
                let (seller, buyer) = (client(base, sellerKey), client(base, buyerKey))
                let ask = try await seller.placeLimitOrder(
                    market: "KRW-BTC", side: .ask, volume: "0.01", price: "60000000")

                let bought = try await buyer.placeMarketBuy(market: "KRW-BTC", total: "120000", identifier: "mb-1")
                #expect(bought.ordType == "price" && bought.side == "bid" && bought.price == "120000")
                #expect(bought.volume == nil && bought.executedVolume == "0.002" && bought.paidFee == "60")
                #expect(try await balance(buyer, "KRW") == ["879940", "0"])
                #expect(try await balance(buyer, "BTC") == ["0.002", "0"])
                #expect(try await balance(seller, "KRW") == ["119940", "0"])
                #expect(try await seller.order(uuid: ask.uuid).remainingVolume == "0.008")

                let bid = try await buyer.placeLimitOrder(
                    market: "KRW-BTC", side: .bid, volume: "0.001", price: "50000000")
                let sold = try await seller.placeMarketSell(market: "KRW-BTC", volume: "0.001")
                #expect(sold.ordType == "market" && sold.side == "ask" && sold.price == nil)
                #expect(try await seller.order(uuid: sold.uuid).state == "done")
                #expect(try await balance(seller, "KRW") == ["169915", "0"])
                #expect(try await balance(seller, "BTC") == ["0.989", "0.008"], "the rest of the ask stays locked")
                #expect(try await balance(buyer, "KRW") == ["829915", "0"])
                #expect(try await balance(buyer, "BTC") == ["0.003", "0"])

                let buyerClosed = try await buyer.closedOrders(market: "KRW-BTC")
                #expect(buyerClosed.map(\.uuid) == [bid.uuid, bought.uuid])
                #expect(buyerClosed.last?.executedFunds == "120000" && buyerClosed.last?.identifier == "mb-1")
                #expect(try await seller.closedOrders().map(\.uuid) == [sold.uuid], "the resting ask is still open")
            }
        }
    }

    @Test func anIdentifierNamesTheOrderAndClosedOrdersFilterAndSort() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await orders.account(harness, krw: 1_000_000)
            try await live(harness) { base, _ in
                let exchange = client(base, key)
                let placed = try await exchange.placeLimitOrder(
                    market: "KRW-BTC", side: .bid, volume: "0.01", price: "1000000", identifier: "more-1")
                let found = try await exchange.order(identifier: "more-1")
                #expect(found.uuid == placed.uuid && found.identifier == "more-1" && found.state == "wait")
                let cancelled = try await exchange.cancelOrder(identifier: "more-1")
                #expect(cancelled.uuid == placed.uuid && cancelled.state == "wait", "as it was, as Upbit answers")
                #expect(try await exchange.order(uuid: placed.uuid).state == "cancel")
                await expectRefusal(404, "order_not_found") { try await exchange.cancelOrder(identifier: "more-1") }
                await expectRefusal(404, "order_not_found") { try await exchange.order(identifier: "nobody") }

                // Nothing to trade against on an empty book: an IOC order is cancelled on arrival.
                let ioc = try await exchange.placeLimitOrder(
                    market: "KRW-BTC", side: .bid, volume: "0.01", price: "1000000", timeInForce: .ioc)
                #expect(ioc.timeInForce == "ioc")
                #expect(try await exchange.order(uuid: ioc.uuid).state == "cancel")
                #expect(try await balance(exchange, "KRW") == ["1000000", "0"])

                #expect(try await exchange.closedOrders().map(\.uuid) == [ioc.uuid, placed.uuid])
                #expect(try await exchange.closedOrders(newestFirst: false).map(\.uuid) == [placed.uuid, ioc.uuid])
                #expect(try await exchange.closedOrders(limit: 1).map(\.uuid) == [ioc.uuid])
                #expect(try await exchange.closedOrders(state: .cancel).count == 2)
                #expect(try await exchange.closedOrders(state: .done).isEmpty)
                #expect(try await exchange.closedOrders(market: "KRW-ETH").isEmpty)
                let now = Date()
                #expect(try await exchange.closedOrders(from: now.addingTimeInterval(-3_600)).count == 2)
                #expect(try await exchange.closedOrders(through: now.addingTimeInterval(-86_400)).isEmpty)
                await expectRefusal(400, "validation_error") { try await exchange.closedOrders(limit: 0) }
                await expectRefusal(400, "validation_error") {
                    try await exchange.closedOrders(from: now.addingTimeInterval(-30 * 86_400), through: now)
                }
            }
        }
    }

    @Test func theOrderChanceShowsFeesMinimumsAndTheAccountsBalances() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await orders.account(harness, krw: 1_000_000, btc: 1)
            try await live(harness) { base, _ in
                let exchange = client(base, key)
                let chance = try await exchange.orderChance(market: "KRW-BTC")
                #expect(chance.bidFee == "0.0005" && chance.askFee == "0.0005" && chance.market.id == "KRW-BTC")
                #expect(chance.market.bid.currency == "KRW" && chance.market.bid.minTotal == "5000")
                #expect(chance.market.ask.currency == "BTC" && chance.market.state == "active")
                #expect(chance.market.bidTypes.contains("price") && chance.market.askTypes.contains("market"))
                #expect(chance.bidAccount.currency == "KRW" && chance.bidAccount.balance == "1000000")
                #expect(chance.askAccount.currency == "BTC" && chance.askAccount.balance == "1")

                _ = try await exchange.placeLimitOrder(
                    market: "KRW-BTC", side: .bid, volume: "0.01", price: "1000000")
                let after = try await exchange.orderChance(market: "KRW-BTC")
                #expect(after.bidAccount.balance == "989995" && after.bidAccount.locked == "10005")

                await expectRefusal(400, "under_min_total_bid") {
                    try await exchange.placeMarketBuy(market: "KRW-BTC", total: "1000")
                }
                await expectRefusal(400, "insufficient_funds_ask") {
                    try await exchange.placeMarketSell(market: "KRW-BTC", volume: "2")
                }
                await expectRefusal(400, "validation_error") {
                    try await exchange.placeMarketBuy(market: "KRW-BTC", total: "1e999")
                }
                await expectRefusal(400, "validation_error") { try await exchange.orderChance(market: "KRW-NOPE") }
                #expect(try await balance(exchange, "BTC") == ["1", "0"], "refused orders lock nothing")
            }
        }
    }

    @Test func depositsAndWithdrawalsAreListedWithTheirAmountsAndStates() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await orders.keys.makeKey(harness, scopes: "accounts,deposit,withdraw")
            let trader = try await orders.account(harness, krw: 1_000)
            try await live(harness) { base, http in
                let made = try await orders.send(
                    http, .post, "/v1/deposits/krw", key, ["amount": "50000", "two_factor_type": "naver"])
                let depositUUID = try #require((made.body as? [String: Any])?["uuid"] as? String, "\(made)")
                let sent = try await orders.send(http, .post, "/v1/withdraws/krw", key, ["amount": "10000"])
                let withdrawalUUID = try #require((sent.body as? [String: Any])?["uuid"] as? String, "\(sent)")

                let exchange = client(base, key)
                let deposits = try await exchange.deposits(currency: "KRW")
                #expect(deposits.map(\.uuid) == [depositUUID])
                let deposit = try #require(deposits.first)
                #expect(deposit.type == "deposit" && deposit.state == "ACCEPTED" && deposit.amount == "50000")
                #expect(deposit.fee == "0" && deposit.netType == nil && deposit.isCancelable == nil)
                #expect(try await exchange.deposits(state: "REJECTED").isEmpty)
                #expect(try await exchange.deposits(currency: "BTC").isEmpty)

                let withdrawals = try await exchange.withdrawals()
                #expect(withdrawals.map(\.uuid) == [withdrawalUUID])
                let withdrawal = try #require(withdrawals.first)
                #expect(withdrawal.type == "withdraw" && withdrawal.amount == "10000" && withdrawal.fee == "1000")
                #expect(withdrawal.state == "WAITING" && withdrawal.isCancelable == true)
                #expect(withdrawal.transactionType == "default" && withdrawal.doneAt == nil)
                #expect(try await exchange.withdrawals(state: "DONE").isEmpty)
                #expect(try await balance(exchange, "KRW") == ["39000", "11000"], "amount and fee locked")

                await expectRefusal(400, "validation_error") { try await exchange.withdrawals(limit: 0) }
                await expectRefusal(401, "out_of_scope") { try await client(base, trader).deposits() }
            }
        }
    }

    // MARK: - Helpers

    /// The available and locked amounts of `currency`, as the SDK reads them.
    func balance(_ exchange: ExchangeClient, _ currency: String) async throws -> [String] {
        let row = try await exchange.accounts().first { $0.currency == currency }
        return [row?.balance ?? "none", row?.locked ?? "none"]
    }

    /// Expects `body` to fail with the server's error `status` and `name`, as ``ClientError/server``.
    func expectRefusal(
        _ status: Int, _ name: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> some Any
    ) async {
        do {
            let answer = try await body()
            Issue.record("expected \(status) \(name), got \(answer)", sourceLocation: sourceLocation)
        } catch ClientError.server(let actualStatus, let actualName, let message) {
            #expect(
                actualStatus == status && actualName == name, "\(message ?? "no message")",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected \(status) \(name), got \(error)", sourceLocation: sourceLocation)
        }
    }
}
