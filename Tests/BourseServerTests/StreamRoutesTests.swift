import BourseCore
import BourseServer
import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import NIOCore
import Synchronization
import Testing
import WSCore

/// `/websocket/v1` over real loopback sockets: every type, format and flag of reference §6.
@Suite("WebSocket streams")
struct StreamRoutesTests {
    /// What one connection received.
    struct Received: Sendable {
        var frames: [(binary: Bool, text: String)] = []
        /// The frames as JSON objects (a LIST frame's array gives its elements).
        var objects: [[String: Any]] {
            frames.flatMap { frame -> [[String: Any]] in
                guard let value = try? JSONSerialization.jsonObject(with: Data(frame.text.utf8)) else { return [] }
                if let list = value as? [[String: Any]] { return list }
                return (value as? [String: Any]).map { [$0] } ?? []
            }
        }
    }

    final class Collector: Sendable {
        let state = Mutex(Received())
    }

    /// Connects, sends `requests`, runs `during` (e.g. a trade), and collects frames until `enough` says so
    /// or `seconds` pass.
    func session(
        _ requests: [String], seconds: Double = 5, steps: Int = 20,
        during: @escaping @Sendable (ServerHarness) async throws -> Void = { _ in },
        until enough: @escaping @Sendable (Received) -> Bool
    ) async throws -> Received {
        try await ServerHarness.with(steps: steps) { harness in
            try await harness.application().test(.live) { client in
                let received = Collector()
                try await client.ws("/websocket/v1") { inbound, outbound, _ in
                    for request in requests { try await outbound.write(.text(request)) }
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for try await message in inbound.messages(maxSize: 1 << 22) {
                                let done = received.state.withLock { received in
                                    switch message {
                                    case .binary(let buffer): received.frames.append((true, String(buffer: buffer)))
                                    case .text(let text): received.frames.append((false, text))
                                    }
                                    return enough(received)
                                }
                                if done { return }
                            }
                        }
                        group.addTask {
                            try await Task.sleep(for: .milliseconds(200))
                            try await during(harness)
                            try await Task.sleep(for: .seconds(seconds))
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
                return received.state.withLock { $0 }
            }
        }
    }

    @Test func tickerSnapshotThenRealtimeInBinaryFrames() async throws {
        let received = try await session(
            [#"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"]}]"#],
            during: { harness in _ = try await harness.tradeBTC() },
            until: { $0.objects.count >= 2 })
        let objects = received.objects
        try #require(objects.count >= 2, "\(received.frames.map(\.text))")
        #expect(received.frames.allSatisfy { $0.binary })
        #expect(objects[0]["stream_type"] as? String == "SNAPSHOT")
        #expect(objects[1]["stream_type"] as? String == "REALTIME")
        #expect(objects.allSatisfy { $0["type"] as? String == "ticker" && $0["code"] as? String == "KRW-BTC" })
    }

    @Test func requestObjectsInAnyOrderAndLowerCaseCodes() async throws {
        let received = try await session(
            [#"[{"codes":["krw-eth"],"type":"trade"},{"format":"DEFAULT"},{"ticket":"x"}]"#],
            until: { !$0.objects.isEmpty })
        let first = try #require(received.objects.first, "\(received.frames.map(\.text))")
        #expect(first["type"] as? String == "trade" && first["code"] as? String == "KRW-ETH")
    }

    @Test(arguments: ["SIMPLE", "JSON_LIST", "SIMPLE_LIST"])
    func formats(format: String) async throws {
        let received = try await session(
            [#"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"]},{"format":"\#(format)"}]"#],
            until: { !$0.frames.isEmpty })
        let text = try #require(received.frames.first?.text)
        #expect(text.hasPrefix("[") == format.hasSuffix("_LIST"), "\(text)")
        let object = try #require(received.objects.first)
        if format.hasPrefix("SIMPLE") {
            #expect(object["ty"] as? String == "ticker" && object["cd"] as? String == "KRW-BTC")
            #expect(object["st"] as? String == "SNAPSHOT")
        } else {
            #expect(object["type"] as? String == "ticker" && object["stream_type"] as? String == "SNAPSHOT")
        }
    }

    @Test(arguments: ["isOnlySnapshot", "is_only_snapshot"])
    func onlySnapshot(spelling: String) async throws {
        let received = try await session(
            [#"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"],"\#(spelling)":true}]"#], seconds: 1.5,
            during: { harness in _ = try await harness.tradeBTC() },
            until: { _ in false })
        #expect(received.objects.map { $0["stream_type"] as? String } == ["SNAPSHOT"])
    }

    @Test(arguments: ["isOnlyRealtime", "is_only_realtime"])
    func onlyRealtime(spelling: String) async throws {
        let received = try await session(
            [#"[{"ticket":"t"},{"type":"trade","codes":["KRW-BTC"],"\#(spelling)":"true"}]"#],
            during: { harness in _ = try await harness.tradeBTC() },
            until: { !$0.objects.isEmpty })
        try #require(!received.objects.isEmpty)
        #expect(received.objects.allSatisfy { $0["stream_type"] as? String == "REALTIME" })
    }

    @Test func orderBookDepthSuffixAndLevel() async throws {
        let received = try await session(
            [#"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC.5"]},{"format":"DEFAULT"}]"#],
            until: { !$0.objects.isEmpty })
        let book = try #require(received.objects.first)
        #expect(book["code"] as? String == "KRW-BTC")
        #expect((book["orderbook_units"] as? [Any])?.count == 5)
        let grouped = try await session(
            [#"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC"],"level":100000}]"#],
            until: { !$0.objects.isEmpty })
        let units = try #require(grouped.objects.first?["orderbook_units"] as? [[String: Any]])
        #expect(units.allSatisfy { (($0["ask_price"] as? Double) ?? 1).truncatingRemainder(dividingBy: 100_000) == 0 })
    }

    @Test func tradesAndCandles() async throws {
        let received = try await session(
            [
                #"[{"ticket":"t"},{"type":"trade","codes":["KRW-BTC"]},{"type":"candle.1s","codes":["KRW-BTC"]},{"type":"candle.1m","codes":["KRW-BTC"]}]"#
            ],
            during: { harness in _ = try await harness.tradeBTC() },
            until: { received in
                let types = Set(received.objects.compactMap { $0["type"] as? String })
                return types.isSuperset(of: ["trade", "candle.1s", "candle.1m"])
            })
        let types = Set(received.objects.compactMap { $0["type"] as? String })
        #expect(types.isSuperset(of: ["trade", "candle.1s", "candle.1m"]), "\(types)")
        let trade = try #require(received.objects.first { $0["type"] as? String == "trade" })
        for key in ["trade_price", "trade_volume", "ask_bid", "sequential_id", "best_ask_price", "best_bid_price"] {
            #expect(trade[key] != nil, "trade lacks \(key)")
        }
    }

    @Test func pingTextIsAnsweredWithStatusUp() async throws {
        let received = try await session(["PING"], until: { !$0.frames.isEmpty })
        #expect(received.objects.first?["status"] as? String == "UP")
    }

    @Test func newRequestReplacesTheSetAndListSubscriptionsShowsIt() async throws {
        let received = try await session(
            [
                #"[{"ticket":"a"},{"type":"ticker","codes":["KRW-BTC"],"isOnlyRealtime":true}]"#,
                #"[{"ticket":"b"},{"type":"trade","codes":["KRW-ETH"],"isOnlyRealtime":true}]"#,
                #"[{"ticket":"c"},{"method":"LIST_SUBSCRIPTIONS"}]"#,
            ],
            until: { received in received.objects.contains { $0["method"] as? String == "LIST_SUBSCRIPTIONS" } })
        let reply = try #require(
            received.objects.first { $0["method"] as? String == "LIST_SUBSCRIPTIONS" },
            "\(received.frames.map(\.text))")
        let text = String(data: try JSONSerialization.data(withJSONObject: reply), encoding: .utf8) ?? ""
        #expect(text.contains("KRW-ETH") && !text.contains("KRW-BTC"), "\(text)")
    }

    @Test(arguments: [
        ("WRONG_FORMAT", #"not json"#),
        ("WRONG_FORMAT", #"{"ticket":"t","type":"ticker","codes":["KRW-BTC"]}"#),
        ("NO_TICKET", #"[{"type":"ticker","codes":["KRW-BTC"]}]"#),
        ("NO_TYPE", #"[{"ticket":"t"}]"#),
        ("NO_CODES", #"[{"ticket":"t"},{"type":"ticker"}]"#),
        ("INVALID_PARAM", #"[{"ticket":"t"},{"type":"weather","codes":["KRW-BTC"]}]"#),
        ("INVALID_PARAM", #"[{"ticket":"t"},{"type":"ticker","codes":["KRW-NOPE"]}]"#),
        ("INVALID_PARAM", #"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC.7"]}]"#),
    ])
    func errorFrames(name: String, request: String) async throws {
        let received = try await session([request], until: { !$0.frames.isEmpty })
        let error = try #require(received.objects.first?["error"] as? [String: Any], "\(received.frames.map(\.text))")
        #expect(error["name"] as? String == name)
        #expect(!((error["message"] as? String) ?? "").isEmpty)
    }
}
