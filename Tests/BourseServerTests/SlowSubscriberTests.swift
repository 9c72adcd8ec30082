import BourseCore
import BourseServer
import BourseSimulator
import Foundation
import HummingbirdTesting
import HummingbirdWSTesting
import Synchronization
import Testing
import WSCore

#if canImport(Glibc)
import Glibc
#endif

/// A subscriber that stops reading is closed once its queue passes the bound, and the others keep
/// receiving (reference §6; the bounded-buffer rule of the streams).
@Suite("Slow subscribers")
struct SlowSubscriberTests {
    /// A raw WebSocket client that subscribes to every market's order book and then never reads: its
    /// small receive buffer fills, the server's socket stops being writable, and frames pile up.
    final class StalledClient {
        let descriptor: Int32

        init(port: Int) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var small: Int32 = 2_048
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard connected else { throw POSIXError(.ECONNREFUSED) }
            send(
                "GET /websocket/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            // Read the 101 head byte by byte, so nothing after it is consumed.
            var head: [UInt8] = []
            var byte: UInt8 = 0
            while !head.suffix(4).elementsEqual([13, 10, 13, 10]), read(descriptor, &byte, 1) == 1 { head.append(byte) }
            guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else { throw POSIXError(.EPROTO) }
            let codes = DemoMarket.defaults.map { "\"\($0.market.code)\"" }.joined(separator: ",")
            sendMaskedText(#"[{"ticket":"stall"},{"type":"orderbook","codes":[\#(codes)]}]"#)
        }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
        }

        /// One client frame: FIN + text, masked with a zero key (masking is required, any key is valid).
        func sendMaskedText(_ text: String) {
            let payload = Array(text.utf8)
            var frame: [UInt8] = [0x81, 0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff), 0, 0, 0, 0]
            frame += payload
            _ = frame.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
        }

        deinit { close(descriptor) }
    }

    /// What the live client saw, before and after the stalled one was dropped.
    final class Observed: Sendable {
        let counts = Mutex<(before: Int, after: Int)>((0, 0))
        let droppedSeen = Atomic<Bool>(false)
    }

    static func dropped(_ metrics: ServerMetrics) -> Int {
        let text = String(decoding: metrics.render(), as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix("bourse_websocket_dropped_subscribers_total") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
    }

    @Test func aStalledSubscriberIsClosedAndTheOthersKeepReceiving() async throws {
        try await ServerHarness.with(steps: 5, configure: { $0.streams.maximumQueuedBytes = 64 << 10 }) { harness in
            try await harness.live { port, client in
                let stalled = try StalledClient(port: port)
                let observed = Observed()
                try await client.ws("/websocket/v1") { inbound, outbound, _ in
                    try await outbound.write(
                        .text(#"[{"ticket":"live"},{"type":"orderbook","codes":["KRW-BTC"],"isOnlyRealtime":true}]"#))
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for try await _ in inbound.messages(maxSize: 1 << 22) {
                                let late = observed.droppedSeen.load(ordering: .relaxed)
                                let counts = observed.counts.withLock { counts in
                                    if late { counts.after += 1 } else { counts.before += 1 }
                                    return counts
                                }
                                if counts.after >= 5 { return }
                            }
                        }
                        group.addTask {
                            // The harness's participants, picked up; the writer numbers every new order.
                            var simulator = harness.simulator(seed: 6)
                            for _ in 0..<2_000 where !observed.droppedSeen.load(ordering: .relaxed) {
                                try await harness.step(&simulator)
                                if Self.dropped(harness.metrics) > 0 {
                                    observed.droppedSeen.store(true, ordering: .relaxed)
                                }
                            }
                            for _ in 0..<50 { try await harness.step(&simulator) }
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
                withExtendedLifetime(stalled) {}
                #expect(Self.dropped(harness.metrics) == 1, "exactly the stalled client is dropped")
                let counts = observed.counts.withLock { $0 }
                #expect(counts.before > 0 && counts.after >= 5, "the live client kept receiving: \(counts)")
            }
        }
    }
}
