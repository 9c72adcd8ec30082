import BourseClient
import BourseCore
import BourseServer
import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import NIOCore
import Synchronization
import Testing
import WSCore

/// Bourse's resume extension of `/websocket/v1` (issue #19) over real loopback sockets: numbers only for a
/// connection that asks, a replay of exactly the trades missed, a snapshot said so when that is too far back;
/// and the SDK's `MarketStream`, resuming by itself, hearing every trade once, in order, while the server goes
/// away and comes back on the same port.
@Suite("Resumable market streams", .timeLimit(.minutes(3)))
struct StreamResumeTests {
    typealias R = StreamRoutesTests

    /// KRW-BTC's trades in the feed's order: (number, sequential id).
    static func tape(_ harness: ServerHarness) -> [(sequence: UInt64, id: Int64)] {
        harness.exchange.withState { state in
            state.marketData(MarketCode("KRW-BTC")!)?.tape.records.map { ($0.sequence, $0.sequentialID) } ?? []
        }
    }

    /// One connection: sends `request`, collects JSON objects until `count` or 5 s.
    static func collect(
        _ client: any TestClientProtocol, _ request: String, count: Int,
        during: @escaping @Sendable () async throws -> Void = {}
    ) async throws -> [[String: Any]] {
        let received = R.Collector()
        _ = try await client.ws("/websocket/v1") { inbound, outbound, _ in
            try await outbound.write(.text(request))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await message in inbound.messages(maxSize: 1 << 22) {
                        let done = received.state.withLock { received in
                            if case .binary(let buffer) = message {
                                received.frames.append((true, String(buffer: buffer)))
                            }
                            return received.objects.count >= count
                        }
                        if done { return }
                    }
                }
                group.addTask {
                    try await Task.sleep(for: .milliseconds(200))
                    try await during()
                    try await Task.sleep(for: .seconds(5))
                }
                try await group.next()
                group.cancelAll()
            }
        }
        return received.state.withLock { $0.objects }
    }

    @Test func aConnectionThatAsksGetsNumbersAndAReplayOfExactlyWhatItMissed() async throws {
        try await ServerHarness.with(steps: 5) { harness in
            _ = try await harness.tradeBTC()
            try await harness.application().test(.live) { client in
                let plain = try await Self.collect(
                    client, #"[{"ticket":"t"},{"type":"trade","codes":["KRW-BTC"]}]"#, count: 1)
                #expect(plain.count == 1 && plain[0]["seq"] == nil, "Upbit's message, untouched: \(plain)")
                let first = try await Self.collect(
                    client, #"[{"ticket":"t"},{"type":"trade","codes":["KRW-BTC"]},{"resume":{}}]"#, count: 1)
                let seen = try #require(first.first?["seq"] as? Int)
                #expect(UInt64(seen) == Self.tape(harness).last?.sequence)

                // Away: three market buys trade. Back with the last number seen: those trades, in order, once.
                for _ in 0..<3 { _ = try await harness.tradeBTC() }
                let missed = Self.tape(harness).filter { $0.sequence > UInt64(seen) }
                #expect(missed.count >= 3)
                let resumed = try await Self.collect(
                    client,
                    #"[{"ticket":"t"},{"type":"trade","codes":["KRW-BTC"]},{"resume":{"trade":{"KRW-BTC":\#(seen)}}}]"#,
                    count: missed.count + 1)
                let status = try #require(resumed.first)
                #expect(status["type"] as? String == "resume" && status["status"] as? String == "replayed")
                #expect(status["replayed"] as? Int == missed.count && status["since"] as? Int == seen)
                #expect(resumed.dropFirst().map { $0["sequential_id"] as? Int64 } == missed.map(\.id))
                #expect(resumed.dropFirst().map { ($0["seq"] as? Int).map(UInt64.init) } == missed.map(\.sequence))

                // From the start: every trade the tape holds. A book (state, not events): a fresh snapshot, said so.
                let all = try await Self.collect(
                    client,
                    #"[{"ticket":"t"},{"type":"trade","codes":["KRW-BTC"]},{"resume":{"trade":{"KRW-BTC":0}}}]"#,
                    count: Self.tape(harness).count + 1)
                #expect(all.first?["status"] as? String == "replayed")
                #expect(all.dropFirst().map { $0["sequential_id"] as? Int64 } == Self.tape(harness).map(\.id))
                let book = try await Self.collect(
                    client,
                    #"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC"]},{"resume":{"orderbook":{"KRW-BTC":1}}}]"#,
                    count: 2)
                #expect(
                    book.first?["status"] as? String == "snapshot" && book.last?["stream_type"] as? String == "SNAPSHOT"
                )
                #expect((book.last?["seq"] as? Int ?? 0) > 1)
                let latest = try #require(Self.tape(harness).last?.sequence)
                let ticker = try await Self.collect(
                    client,
                    #"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"]},{"resume":{"ticker":{"KRW-BTC":\#(latest)}}}]"#,
                    count: 2, during: { _ = try await harness.tradeBTC() })
                #expect(ticker.first?["status"] as? String == "current")
                #expect(ticker.last?["type"] as? String == "ticker" && ticker.last?["seq"] as? Int != nil)

                // A malformed resume is Upbit's error frame.
                let bad = try await Self.collect(
                    client,
                    #"[{"ticket":"t"},{"type":"trade","codes":["KRW-BTC"]},{"resume":{"trade":{"KRW-BTC":-1}}}]"#,
                    count: 1)
                #expect((bad.first?["error"] as? [String: Any])?["name"] as? String == "INVALID_PARAM")
            }
        }
    }

    final class Heard: Sendable {
        let trades = Mutex<[TradeUpdate]>([])
    }

    @Test func theSDKHearsEveryTradeOnceInOrderWhileTheServerGoesAwayAndComesBack() async throws {
        try await ServerHarness.with(steps: 5) { harness in
            let heard = Heard()
            let holder = Mutex<(MarketStream, [Task<Void, Never>])?>(nil)
            defer { holder.withLock { $0?.1.forEach { $0.cancel() } } }
            @Sendable func wait(until count: Int) async throws {
                for _ in 0..<500 where heard.trades.withLock({ $0.count }) < count {
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            let port = try await harness.serving { port in
                var options = MarketStream.Options()
                options.initialBackoff = .milliseconds(100)
                let stream = MarketStream(url: "ws://127.0.0.1:\(port)/websocket/v1", options: options)
                let trades = stream.trades(["KRW-BTC"])
                let running = Task { await stream.run() }
                let reading = Task { for await trade in trades { heard.trades.withLock { $0.append(trade) } } }
                holder.withLock { $0 = (stream, [running, reading]) }
                try await wait(until: 1)
                for _ in 0..<2 { _ = try await harness.tradeBTC() }
                try await wait(until: 3)
                return port
            }
            // The server is away: trades go on.
            for _ in 0..<3 { _ = try await harness.tradeBTC() }
            try await harness.serving(port: port) { _ in
                _ = try await harness.tradeBTC()
                let last = try #require(Self.tape(harness).last?.id)
                for _ in 0..<500 where heard.trades.withLock({ $0.last?.sequentialID }) != last {
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            let ids = heard.trades.withLock { $0.map(\.sequentialID) }
            let tape = Self.tape(harness).map(\.id)
            let start = try #require(tape.firstIndex(of: ids[0]))
            #expect(ids == Array(tape[start...]), "every trade once, in order, across the server going away")
            #expect(holder.withLock { $0?.0.reconnects } ?? 0 >= 1)
            #expect(holder.withLock { $0?.0.resumeGaps } == 0)
        }
    }

    final class HeardOrders: Sendable {
        let events = Mutex<[OrderEvent]>([])
    }

    @Test func theSDKsOrderStreamHearsEveryEventOnceInOrderWhileTheServerGoesAwayAndComesBack() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await ExchangeRoutesTests().makeKey(harness, scopes: "accounts,orders:read,orders:write")
            _ = try await harness.submit([
                .deposit(key.account, currency: "KRW", amount: Funds(units: 1_000_000 * 100_000_000))
            ])
            @Sendable func bid(_ thousands: Int64) async throws {
                try await harness.restingBid(by: key.account, thousands: thousands)
            }
            let heard = HeardOrders()
            let holder = Mutex<(OrderStream, [Task<Void, Never>])?>(nil)
            defer { holder.withLock { $0?.1.forEach { $0.cancel() } } }
            @Sendable func wait(until count: Int) async throws {
                for _ in 0..<500 where heard.events.withLock({ $0.count }) < count {
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            // The first connection sees nothing before the server goes away: its stream knows only the epoch.
            let port = try await harness.serving { port in
                var options = OrderStream.Options()
                options.initialBackoff = .milliseconds(100)
                let client = ExchangeClient(
                    baseURL: URL(string: "http://127.0.0.1:\(port)")!, accessKey: key.access, secretKey: key.secret)
                let stream = OrderStream(client: client, codes: ["KRW-BTC"], options: options)
                let events = stream.events()
                let running = Task { await stream.run() }
                let reading = Task { for await event in events { heard.events.withLock { $0.append(event) } } }
                holder.withLock { $0 = (stream, [running, reading]) }
                for _ in 0..<500 where stream.currentState != .connected {
                    try await Task.sleep(for: .milliseconds(20))
                }
                return port
            }
            @Sendable func connected() async throws {
                for _ in 0..<500 where holder.withLock({ $0?.0.currentState }) != .connected {
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            // Away twice: orders placed meanwhile come after each reconnect, with what is new after them.
            for thousands in [10_000, 10_001] as [Int64] { try await bid(thousands) }
            try await harness.serving(port: port) { _ in
                try await connected()
                try await wait(until: 2)
            }
            for thousands in [10_002, 10_003] as [Int64] { try await bid(thousands) }
            try await harness.serving(port: port) { _ in
                try await connected()
                try await bid(10_004)
                try await wait(until: 5)
                try await Task.sleep(for: .milliseconds(200))
            }
            let prices = heard.events.withLock { $0.map(\.price) }
            #expect(prices == [10_000_000, 10_001_000, 10_002_000, 10_003_000, 10_004_000], "each once, in order")
            #expect(holder.withLock { $0?.0.reconnects } ?? 0 >= 2)
            #expect(holder.withLock { $0?.0.gaps } == 0)
        }
    }
}
