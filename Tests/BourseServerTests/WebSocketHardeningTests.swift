import BourseServer
import BourseToolkit
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The WebSocket endpoints under abuse, over raw loopback sockets: RFC 6455's close codes for bad frames,
/// the connect and message rates, no connection left in memory after its socket closes, and a shutdown
/// that does not wait for a client that never answers the close frame.
@Suite("WebSocket hardening")
struct WebSocketHardeningTests {
    @Test func textThatIsNotUTF8IsClosedWith1007() async throws {
        try await HTTPTransportTests.serve(configure: { _ in }) { port in
            let code = try await OwnThread.run { () -> Int? in
                let client = try RawClient(port: port)
                guard client.upgrade("/websocket/v1") == 101 else { return nil }
                client.sendFrame(opcode: 0x1, payload: [0x5b, 0xff, 0xfe, 0x5d])  // "[", invalid bytes, "]"
                return client.closeCode()
            }
            #expect(code == 1007)
        }
    }

    @Test(arguments: [false, true])
    func anUnmaskedClientFrameIsClosedWith1002(onPrivate: Bool) async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await ExchangeRoutesTests().makeKey(harness)
            let authorization = "Authorization: \(ExchangeRoutesTests.token(key))\r\n"
            try await harness.live { port, _ in
                let code = try await OwnThread.run { () -> Int? in
                    let client = try RawClient(port: port)
                    let path = onPrivate ? "/websocket/v1/private" : "/websocket/v1"
                    guard client.upgrade(path, extraHeaders: onPrivate ? authorization : "") == 101 else { return nil }
                    // Not `PING`: its keepalive would keep the read below from ever timing out were the frame taken.
                    client.sendFrame(opcode: 0x1, payload: Array(#"[{"ticket":"t"}]"#.utf8), key: nil)
                    return client.closeCode()
                }
                #expect(code == 1002)
            }
        }
    }

    @Test func messagesPastTheRateGetAnErrorFrame() async throws {
        // A stopped clock: the ten requests count in one second however slowly a loaded machine sends them.
        try await HTTPTransportTests.serve(
            configure: { $0.streams.messagesPerSecond = 2 }, clock: ServerHarness.stoppedClock()
        ) { port in
            let (answers, refused) = try await OwnThread.run { () -> (Int, Bool) in
                let client = try RawClient(port: port)
                guard client.upgrade("/websocket/v1") == 101 else { return (0, false) }
                for _ in 0..<10 { client.sendFrame(opcode: 0x1, payload: Array("PING".utf8)) }
                var answers = 0
                while answers < 10, let (_, payload) = client.readFrame() {
                    answers += 1
                    if String(decoding: payload, as: UTF8.self).contains("TOO_MANY_REQUESTS") { return (answers, true) }
                }
                return (answers, false)
            }
            #expect(refused, "no TOO_MANY_REQUESTS error frame in \(answers) answers")
        }
    }

    @Test func handshakesPastTheConnectRateGet429() async throws {
        // A stopped clock: the ten handshakes count in one second however slowly a loaded machine makes them
        // (CI once spread them over five).
        try await HTTPTransportTests.serve(
            configure: { $0.streams.connectsPerSecond = 2 }, clock: ServerHarness.stoppedClock()
        ) { port in
            let statuses = await OwnThread.run { () -> [Int?] in
                (0..<10).map { _ in (try? RawClient(port: port))?.upgrade("/websocket/v1") }
            }
            #expect(statuses.contains(101))
            #expect(statuses.contains(429), "\(statuses)")
        }
    }

    @Test func noConnectionStaysInMemoryAfterItsSocketCloses() async throws {
        try await ServerHarness.with(steps: 2) { harness in
            let key = try await ExchangeRoutesTests().makeKey(harness, scopes: "accounts,orders:read")
            let authorization = "Authorization: \(ExchangeRoutesTests.token(key))\r\n"
            try await harness.live { port, _ in
                let opened = try await OwnThread.run { () -> Int in
                    var opened = 0
                    for round in 0..<60 {
                        let client = try RawClient(port: port)
                        let isPrivate = round % 2 == 1
                        guard
                            client.upgrade(
                                isPrivate ? "/websocket/v1/private" : "/websocket/v1",
                                extraHeaders: isPrivate ? authorization : "") == 101
                        else { continue }
                        opened += 1
                        let request =
                            isPrivate
                            ? #"[{"ticket":"t"},{"type":"myAsset"}]"#
                            : #"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"]},{"type":"orderbook","codes":["KRW-BTC"]}]"#
                        client.sendFrame(opcode: 0x1, payload: Array(request.utf8))
                        client.sendFrame(opcode: 0x1, payload: Array("PING".utf8))
                        _ = client.readFrame()
                        // However it ends: a clean close, the socket just dropped, or a protocol error.
                        switch round % 3 {
                        case 0:
                            client.sendFrame(opcode: 0x8, payload: [0x03, 0xE8])
                            _ = client.closeCode()
                        case 1: break
                        default: client.sendFrame(opcode: 0x1, payload: [0xff])
                        }
                    }
                    return opened
                }
                #expect(opened == 60)
                // Sockets close asynchronously: wait (boundedly) for the server to see every close.
                for _ in 0..<500 where harness.feed.liveConnectionObjects > 0 || harness.feed.connections > 0 {
                    try await Task.sleep(for: .milliseconds(20))
                }
                #expect(harness.feed.connections == 0)
                #expect(harness.feed.liveConnectionObjects == 0, "connection objects outlived their sockets")
                #expect(harness.privateFeed.connectedAccounts == 0)
            }
        }
    }

    /// Where the server's port is handed over once it listens.
    final class PortBox: Sendable {
        let port = Mutex<Int?>(nil)
    }

    @Test func shutdownEndsWithinTheGraceWhenAClientNeverAnswersTheClose() async throws {
        try await ServerHarness.with(
            steps: 2,
            configure: {
                $0.port = 0
                // Long enough for the close frame on a loaded machine (swift-websocket sends it from a new
                // task; CI once closed the socket at 500 ms before it went out), far short of the deadline.
                $0.transport.shutdownGrace = .seconds(3)
                // Without the grace, only this would end the connection.
                $0.streams.idleTimeout = .seconds(600)
            }
        ) { harness in
            let box = PortBox()
            let application = try BourseApplication.buildApplication(
                reader: harness.reader, feed: harness.feed, metrics: harness.metrics,
                configuration: harness.configuration, logger: Logger(label: "test"),
                onServerRunning: { port in box.port.withLock { $0 = port } })
            let group = ServiceGroup(
                configuration: .init(
                    services: [application], gracefulShutdownSignals: [], logger: Logger(label: "test")))
            try await withThrowingTaskGroup(of: Bool.self) { tasks in
                tasks.addTask {
                    try await group.run()
                    return true
                }
                var port: Int?
                while port == nil {
                    try await Task.sleep(for: .milliseconds(10))
                    port = box.port.withLock { $0 }
                }
                let connected = try await OwnThread.run { [port] () -> RawClient? in
                    let client = try RawClient(port: port!)
                    guard client.upgrade("/websocket/v1") == 101 else { return nil }
                    let request = #"[{"ticket":"t"},{"type":"trade","codes":["KRW-BTC"]}]"#
                    client.sendFrame(opcode: 0x1, payload: Array(request.utf8))
                    return client
                }
                let client = try #require(connected)
                await group.triggerGracefulShutdown()
                // A deadline far past the grace and far short of the idle timeout: the requirement is that
                // shutdown does not wait for this client.
                tasks.addTask {
                    try await Task.sleep(for: .seconds(60))
                    return false
                }
                let stopped = try await tasks.next()
                tasks.cancelAll()
                #expect(stopped == true, "the server was still waiting for the client after 60 s")
                let code = await OwnThread.run { [client] in client.closeCode() }
                #expect(code == 1000 || code == 1001, "the client was told with a close frame first")
            }
        }
    }
}
