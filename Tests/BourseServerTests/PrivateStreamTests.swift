import BourseCore
import BourseServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOCore
import Synchronization
import Testing
import WSCore

/// `/websocket/v1/private` over real loopback sockets: `myOrder` and `myAsset` for the key's own account.
@Suite("Private WebSocket")
struct PrivateStreamTests {
    let keys = ExchangeRoutesTests()

    final class Collector: Sendable {
        let texts = Mutex<[String]>([])
    }

    /// Connects with `authorization`, sends `request`, runs `during`, and collects JSON objects until
    /// `enough` or 5 seconds.
    func session(
        _ harness: ServerHarness, authorization: String?, request: String,
        during: @escaping @Sendable () async throws -> Void, until enough: @escaping @Sendable ([[String: Any]]) -> Bool
    ) async throws -> [[String: Any]] {
        try await harness.application().test(.live) { client in
            let collector = Collector()
            var configuration = WebSocketClientConfiguration()
            if let authorization { configuration.additionalHeaders[.authorization] = authorization }
            try await client.ws("/websocket/v1/private", configuration: configuration) { inbound, outbound, _ in
                try await outbound.write(.text(request))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await message in inbound.messages(maxSize: 1 << 20) {
                            let text: String =
                                switch message {
                                case .binary(let buffer): String(buffer: buffer)
                                case .text(let text): text
                                }
                            let texts = collector.texts.withLock { texts in
                                texts.append(text)
                                return texts
                            }
                            let done = enough(Self.objects(texts))
                            if done { return }
                        }
                    }
                    group.addTask {
                        try await Task.sleep(for: .milliseconds(300))
                        try await during()
                        try await Task.sleep(for: .seconds(5))
                    }
                    try await group.next()
                    group.cancelAll()
                }
            }
            return Self.objects(collector.texts.withLock { $0 })
        }
    }

    static func objects(_ texts: [String]) -> [[String: Any]] {
        texts.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func ordersAndBalancesOfTheKeysAccountArriveAsTheyChange() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let buyer = try await keys.makeKey(harness, scopes: "accounts,orders:read,orders:write")
            let seller = try await keys.makeKey(harness, scopes: "accounts,orders:read,orders:write")
            _ = try await harness.submit([
                .deposit(buyer.account, currency: "KRW", amount: Funds(units: 1_000_000 * 100_000_000)),
                .deposit(seller.account, currency: "BTC", amount: Funds(units: 100_000_000)),
            ])
            let objects = try await session(
                harness, authorization: ExchangeRoutesTests.token(buyer),
                request: #"[{"ticket":"t"},{"type":"myOrder","codes":["KRW-BTC"]},{"type":"myAsset"}]"#,
                during: {
                    _ = try await harness.exchange.submit { id in
                        .place(
                            .limit(
                                id, seller.account, MarketCode("KRW-BTC")!, .ask,
                                price: Price(units: 6_000_000_000_000_000), volume: Volume(units: 1_000_000)))
                    }
                    _ = try await harness.exchange.submit { id in
                        .place(
                            .marketBuy(
                                id, buyer.account, MarketCode("KRW-BTC")!, total: Funds(units: 12_000_000_000_000)))
                    }
                },
                until: { objects in
                    objects.contains { $0["state"] as? String == "done" }
                        && objects.contains { $0["type"] as? String == "myAsset" }
                })
            let orders = objects.filter { $0["type"] as? String == "myOrder" }
            #expect(orders.map { $0["state"] as? String } == ["trade", "done"], "\(objects)")
            let trade = try #require(orders.first)
            #expect(trade["ask_bid"] as? String == "BID" && trade["order_type"] as? String == "price")
            #expect(trade["price"] as? Double == 60_000_000 && trade["volume"] as? Double == 0.002)
            #expect(trade["is_maker"] as? Bool == false && trade["trade_fee"] as? Double == 60)
            #expect(trade["trade_uuid"] is String && trade["stream_type"] as? String == "REALTIME")
            #expect(orders.last?["trade_uuid"] is NSNull && orders.last?["is_maker"] is NSNull)
            let assets = try #require(
                objects.first { $0["type"] as? String == "myAsset" }?["assets"] as? [[String: Any]])
            let krw = try #require(assets.first { $0["currency"] as? String == "KRW" })
            #expect(krw["balance"] as? Double == 1_000_000 - 120_060 && krw["locked"] as? Double == 0)
            #expect(
                !objects.contains { ($0["uuid"] as? String) != nil && $0["ask_bid"] as? String == "ASK" },
                "the seller's order is not the buyer's business")
        }
    }

    @Test func aNumberedConnectionGetsWhatItMissedOnceAndInOrderAfterAReconnect() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await keys.makeKey(harness, scopes: "accounts,orders:read,orders:write")
            _ = try await harness.submit([
                .deposit(key.account, currency: "KRW", amount: Funds(units: 1_000_000 * 100_000_000))
            ])
            @Sendable func bid(_ thousands: Int64) async throws {
                try await harness.restingBid(by: key.account, thousands: thousands)
            }
            let token = ExchangeRoutesTests.token(key, nonce: "fixed")
            @Sendable func numbers(_ objects: [[String: Any]], _ type: String) -> [Int] {
                objects.filter { $0["type"] as? String == type }.compactMap { $0["seq"] as? Int }
            }
            func prices(_ objects: [[String: Any]]) -> [Double] {
                objects.filter { $0["type"] as? String == "myOrder" }.compactMap { $0["price"] as? Double }
            }
            let first = try await session(
                harness, authorization: token,
                request: #"[{"ticket":"t"},{"resume":{}},{"type":"myOrder"},{"type":"myAsset"}]"#,
                during: { try await bid(10_000) },
                until: { numbers($0, "myOrder").count == 1 && numbers($0, "myAsset").count == 1 })
            #expect(first.first?["type"] as? String == "resume", "the answer comes first: \(first)")
            let epoch = try #require(first.first?["epoch"] as? String)
            #expect((first.first?["resumed"] as? [Any])?.isEmpty == true)
            #expect(numbers(first, "myOrder") == [1] && numbers(first, "myAsset") == [1], "\(first)")
            #expect(harness.privateFeed.numberedAccounts == 1)

            // Away: three orders are numbered and kept for the account.
            for thousands in [10_001, 10_002, 10_003] as [Int64] { try await bid(thousands) }
            let resume = #"{"resume":{"epoch":"\#(epoch)","myOrder":{"KRW-BTC":1},"myAsset":1}}"#
            let second = try await session(
                harness, authorization: token,
                request: #"[{"ticket":"t"},\#(resume),{"type":"myOrder"},{"type":"myAsset"}]"#,
                during: { try await bid(10_004) },
                until: { numbers($0, "myOrder").count == 4 && numbers($0, "myAsset").count == 4 })
            let answer = try #require(second.first?["resumed"] as? [[String: Any]], "\(second)")
            #expect(second.first?["epoch"] as? String == epoch)
            #expect(answer.map { $0["status"] as? String } == ["replayed", "replayed"], "\(answer)")
            #expect(answer.map { $0["replayed"] as? Int } == [3, 3] && answer.map { $0["seq"] as? Int } == [4, 4])
            // The three missed, then the one placed after the reconnect: each once, in order.
            #expect(numbers(second, "myOrder") == [2, 3, 4, 5] && numbers(second, "myAsset") == [2, 3, 4, 5])
            #expect(prices(second) == [10_001_000, 10_002_000, 10_003_000, 10_004_000], "\(second)")

            // Up to date: nothing replayed. Numbers of another epoch (a restarted server): reset.
            let current = try await session(
                harness, authorization: token,
                request: #"[{"ticket":"t"},{"resume":{"epoch":"\#(epoch)","myAsset":5}},{"type":"myAsset"}]"#,
                during: {}, until: { !$0.isEmpty })
            #expect((current.first?["resumed"] as? [[String: Any]])?.first?["status"] as? String == "current")
            let other = try await session(
                harness, authorization: token,
                request: #"[{"ticket":"t"},{"resume":{"epoch":"another","myAsset":5}},{"type":"myAsset"}]"#,
                during: {}, until: { !$0.isEmpty })
            #expect((other.first?["resumed"] as? [[String: Any]])?.first?["status"] as? String == "reset")
            #expect(other.count == 1, "nothing replayed after a reset: \(other)")

            // Numbers are only for those who ask: a plain connection of the same account gets Upbit's bytes.
            let plain = try await session(
                harness, authorization: token, request: #"[{"ticket":"t"},{"type":"myOrder"}]"#,
                during: { try await bid(10_005) }, until: { !$0.isEmpty })
            #expect(plain.count == 1 && plain.first?["seq"] == nil && plain.first?["price"] as? Double == 10_005_000)
        }
    }

    @Test func aConnectionWithoutAValidTokenGetsInvalidAuth() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            for authorization in [nil, "Bearer not.a.token"] as [String?] {
                // The server answers the handshake with the refusal and a close at once; about one connection
                // in four of the in-process test client then receives neither within seconds (ccxt.pro gets the
                // refusal every time: test_ccxt_pro_private.py). So up to six connections, and every one that
                // receives anything must receive the refusal.
                var received: [[String: Any]] = []
                for _ in 0..<6 where received.isEmpty {
                    received = try await session(
                        harness, authorization: authorization, request: #"[{"ticket":"t"},{"type":"myAsset"}]"#,
                        during: {}, until: { !$0.isEmpty })
                }
                #expect((received.first?["error"] as? [String: Any])?["name"] as? String == "INVALID_AUTH")
            }
        }
    }

    @Test func aReusedTokenStillConnectsAsCcxtReconnects() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await keys.makeKey(harness, scopes: "accounts")
            let token = ExchangeRoutesTests.token(key, nonce: "fixed")
            for _ in 0..<2 {
                let objects = try await session(
                    harness, authorization: token, request: #"[{"ticket":"t"},{"type":"myAsset"}]"#,
                    during: {
                        _ = try await harness.submit([
                            .deposit(key.account, currency: "KRW", amount: Funds(units: 500_000_000_000))
                        ])
                    },
                    until: { !$0.isEmpty })
                #expect(objects.first?["type"] as? String == "myAsset", "\(objects)")
            }
        }
    }
}
