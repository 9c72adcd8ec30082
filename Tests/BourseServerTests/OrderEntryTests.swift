import BourseCore
import BourseServer
import BourseStore
import Foundation
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOCore
import Synchronization
import Testing
import WSCore

/// Order entry on `/websocket/v1/private` (ADR 0019) over real loopback sockets: a bot authenticates once
/// at the handshake, then places and cancels orders as messages, each answered by its id once durable.
@Suite("Order entry on the private socket")
struct OrderEntryTests {
    let keys = ExchangeRoutesTests()

    /// Connects with `key`'s token, sends `messages` back to back, and collects the answers (JSON objects
    /// with an `id` member) until there are `count` of them or 5 seconds pass.
    func answers(
        _ harness: ServerHarness, key: ExchangeRoutesTests.TestKey, _ messages: [String], count: Int
    ) async throws -> [[String: Any]] {
        try await sessions(harness, [(ExchangeRoutesTests.token(key), messages, count)])[0]
    }

    /// ``answers(_:key:_:count:)`` for several connections, one after the other, to one server.
    func sessions(
        _ harness: ServerHarness, _ sessions: [(token: String, messages: [String], count: Int)]
    ) async throws -> [[[String: Any]]] {
        try await harness.application().test(.live) { client in
            var all: [[[String: Any]]] = []
            for (token, messages, count) in sessions {
                let collected = PrivateStreamTests.Collector()
                var configuration = WebSocketClientConfiguration()
                configuration.additionalHeaders[.authorization] = token
                try await client.ws("/websocket/v1/private", configuration: configuration) { inbound, outbound, _ in
                    for message in messages { try await outbound.write(.text(message)) }
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for try await message in inbound.messages(maxSize: 1 << 20) {
                                let text =
                                    switch message {
                                    case .binary(let buffer): String(buffer: buffer)
                                    case .text(let text): text
                                    }
                                guard Self.answer(text) != nil else { continue }
                                let total = collected.texts.withLock { texts in
                                    texts.append(text)
                                    return texts.count
                                }
                                if total >= count { return }
                            }
                        }
                        group.addTask { try await Task.sleep(for: .seconds(5)) }
                        try await group.next()
                        group.cancelAll()
                    }
                }
                all.append(collected.texts.withLock { $0 }.compactMap(Self.answer))
            }
            return all
        }
    }

    /// `text` as a JSON object if it is an answer (it has an `id`).
    static func answer(_ text: String) -> [String: Any]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            object.keys.contains("id")
        else { return nil }
        return object
    }

    static func place(
        _ id: String, side: String = "bid", price: String = "50000000", identifier: String? = nil
    )
        -> String
    {
        let named = identifier.map { #","identifier":"\#($0)""# } ?? ""
        return #"{"id":\#(id),"method":"place","params":{"market":"KRW-BTC","side":"\#(side)","ord_type":"limit","#
            + #""price":"\#(price)","volume":"0.001"\#(named)}}"#
    }

    static func byID(_ answers: [[String: Any]]) -> [String: [String: Any]] {
        var found: [String: [String: Any]] = [:]
        for answer in answers {
            let id = (answer["id"] as? String) ?? (answer["id"] as? NSNumber)?.stringValue ?? "null"
            found[id] = answer
        }
        return found
    }

    @Test func aBotPlacesAndCancelsOrdersAndEachAnswerComesByItsIDOnceDurable() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let bot = try await keys.makeKey(harness, scopes: "accounts,orders:read,orders:write")
            _ = try await harness.submit([
                .deposit(bot.account, currency: "KRW", amount: Funds(units: 10_000_000 * 100_000_000))
            ])
            // More orders than the socket's message rate allows messages (50 a second): orders meet REST's
            // `order` limit instead, off in this harness.
            let burst = (0..<60).map { Self.place("\(100 + $0)", price: "\(40_000_000 + $0 * 1_000)") }
            let messages =
                [Self.place("1", identifier: "bot-1")] + burst + [
                    #"{"id":"c","method":"cancel","params":{"identifier":"bot-1"}}"#,
                    #"{"id":"again","method":"cancel","params":{"identifier":"bot-1"}}"#,
                ]
            let answers = Self.byID(try await answers(harness, key: bot, messages, count: messages.count))
            #expect(answers.count == messages.count, "\(answers.keys.sorted())")
            let placed = try #require(answers["1"]?["order"] as? [String: Any], "\(answers["1"] ?? [:])")
            #expect(answers["1"]?["type"] as? String == "order")
            #expect(placed["state"] as? String == "wait" && placed["identifier"] as? String == "bot-1")
            #expect(placed["market"] as? String == "KRW-BTC" && placed["price"] as? String == "50000000")
            let uuid = try #require(placed["uuid"] as? String)
            #expect((100..<160).allSatisfy { answers["\($0)"]?["type"] as? String == "order" })
            let cancelled = try #require(answers["c"]?["order"] as? [String: Any], "\(answers["c"] ?? [:])")
            #expect(answers["c"]?["type"] as? String == "cancel")
            #expect(cancelled["uuid"] as? String == uuid && cancelled["state"] as? String == "cancel")
            #expect(cancelled["remaining_volume"] as? String == "0.001")
            let again = try #require(answers["again"]?["error"] as? [String: Any])
            #expect(answers["again"]?["type"] as? String == "error" && again["name"] as? String == "order_not_found")
            // Every answer followed its commit: the store has the orders as the answers said.
            let record = try #require(
                try await harness.store.order(identifier: "bot-1", of: bot.account))
            #expect(record.state == .cancel)
            let open = try await harness.store.orders(OrderQuery(account: bot.account, states: [.wait], limit: 100))
            #expect(open.count == 60)
        }
    }

    @Test func requestsThatCannotBePlacedGetRESTsErrorsWithTheirIDsAndTheSocketGoesOn() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let bot = try await keys.makeKey(harness, scopes: "accounts,orders:read,orders:write")
            let messages = [
                #"{"method":"place","params":{}}"#,
                #"{"id":2,"method":"sell-everything"}"#,
                #"{"id":3,"method":"place","params":{"market":"KRW-BTC","side":"bid"}}"#,
                #"{"id":4,"method":"place","params":{"market":"NOPE","side":"bid","ord_type":"limit"}}"#,
                Self.place("5"),  // no KRW to pay with
                #"{"id":6,"method":"cancel","params":{}}"#,
                #"{"id":7,"method":"place""#,
                #"[{"ticket":"t"},{"type":"myOrder"}]"#,
                Self.place("8", side: "ask"),  // no BTC either
            ]
            let answers = Self.byID(try await answers(harness, key: bot, messages, count: 8))
            func name(_ id: String) -> String? { (answers[id]?["error"] as? [String: Any])?["name"] as? String }
            #expect(name("null") == "validation_error", "\(answers)")
            #expect(name("2") == "validation_error")
            #expect(name("3") == "validation_error")
            #expect(name("4") == "validation_error")
            #expect(name("5") == "insufficient_funds_bid")
            #expect(name("6") == "validation_error")
            #expect(name("8") == "insufficient_funds_ask")
            #expect(answers.values.allSatisfy { $0["type"] as? String == "error" })
        }
    }

    @Test func anOversizedRequestIsRefusedUnreadAndAnUpbitArrayIsNeverTakenForOne() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let bot = try await keys.makeKey(harness, scopes: "accounts,orders:read,orders:write")
            _ = try await harness.submit([
                .deposit(bot.account, currency: "KRW", amount: Funds(units: 10_000_000 * 100_000_000))
            ])
            let padding = String(repeating: "x", count: 5_000)
            let messages = [
                #"{"id":1,"method":"place","params":{"market":"KRW-BTC","note":"\#(padding)"}}"#,
                // Upbit's requests are arrays: one that mentions "method" is still a subscription.
                #"[{"ticket":"{"method":"place"}"},{"type":"myOrder"}]"#,
                Self.place("3"),
            ]
            let answers = Self.byID(try await answers(harness, key: bot, messages, count: 2))
            let refused = try #require(answers["null"]?["error"] as? [String: Any], "\(answers)")
            #expect(refused["name"] as? String == "validation_error")
            #expect((refused["message"] as? String)?.contains("4096") == true)
            #expect(answers["3"]?["type"] as? String == "order", "\(answers)")
            #expect(answers.count == 2)
        }
    }

    @Test func aSocketOpenedWithATokenUsedBeforeReadsButDoesNotTrade() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let bot = try await keys.makeKey(harness, scopes: "accounts,orders:read,orders:write")
            _ = try await harness.submit([
                .deposit(bot.account, currency: "KRW", amount: Funds(units: 10_000_000 * 100_000_000))
            ])
            // ccxt.pro reconnects with the token it signed first: the handshake takes it, but a token seen
            // before may have been captured, so that socket may not place orders.
            let token = ExchangeRoutesTests.token(bot)
            let both = try await sessions(
                harness,
                [
                    (token, [Self.place("1")], 1),
                    (token, [#"[{"ticket":"t"},{"type":"myOrder"}]"#, Self.place("2", price: "50001000")], 1),
                ])
            let (first, again) = (both[0], both[1])
            #expect(first.first?["type"] as? String == "order", "\(first)")
            let error = try #require(again.first?["error"] as? [String: Any], "\(again)")
            #expect(error["name"] as? String == "nonce_used")
            let open = try await harness.store.orders(OrderQuery(account: bot.account, states: [.wait], limit: 10))
            #expect(open.count == 1)
        }
    }

    @Test func aKeyThatMayNotTradeIsRefusedAndOrdersCountInTheOrderRateLimit() async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.rateLimitPerSecond = 3 }) { harness in
            let reader = try await keys.makeKey(harness, scopes: "accounts,orders:read")
            let refused = try await answers(harness, key: reader, [Self.place("1")], count: 1)
            #expect((refused.first?["error"] as? [String: Any])?["name"] as? String == "out_of_scope", "\(refused)")

            let bot = try await keys.makeKey(harness, scopes: "accounts,orders:read,orders:write")
            _ = try await harness.submit([
                .deposit(bot.account, currency: "KRW", amount: Funds(units: 10_000_000 * 100_000_000))
            ])
            let answers = try await answers(
                harness, key: bot, (0..<12).map { Self.place("\($0)", price: "\(40_000_000 + $0 * 1_000)") },
                count: 12)
            let placed = answers.filter { $0["type"] as? String == "order" }.count
            let limited = answers.compactMap { ($0["error"] as? [String: Any])?["name"] as? String }
            // Three a second per key: a burst of twelve gets three orders, or six if it straddles a second's edge.
            #expect(answers.count == 12 && (3...6).contains(placed), "\(answers)")
            #expect(limited.count == 12 - placed && limited.allSatisfy { $0 == "too_many_requests" })
        }
    }
}
