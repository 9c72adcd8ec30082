import BourseClient
import BourseServer
import Foundation
import HummingbirdTesting
import Testing

/// The SDK's connection behaviour against a live in-process server: the stream closes when no view wants
/// anything and opens again for the next interest, a refused subscription shows as a state, and REST and
/// stream reach a TLS server whose self-signed certificate is trusted (and only then).
@Suite("SDK connections against a live server", .timeLimit(.minutes(3)))
struct ClientConnectionTests {
    @Test func theStreamClosesWithoutInterestAndReopensForNewInterest() async throws {
        try await ServerHarness.with { harness in
            try await harness.live { port, _ in
                let stream = MarketStream(url: "ws://127.0.0.1:\(port)/websocket/v1")
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await stream.run() }
                    var states = stream.states().makeAsyncIterator()
                    // Nothing wanted yet: no connection is opened.
                    while let state = await states.next(), state != .idle {}
                    #expect(stream.reconnects == 0)

                    let viewer = Task {
                        var tickers = stream.tickers(["KRW-BTC"]).makeAsyncIterator()
                        return await tickers.next()?.code
                    }
                    while let state = await states.next(), state != .connected {}
                    #expect(await viewer.value == "KRW-BTC")
                    // The view is gone (its stream ended): the connection closes.
                    while let state = await states.next(), state != .idle {}
                    #expect(stream.wantedTickers.isEmpty)

                    var again = stream.tickers(["KRW-ETH"]).makeAsyncIterator()
                    #expect(await again.next()?.code == "KRW-ETH")
                    // Opening again for new interest is not a reconnect.
                    #expect(stream.currentState == .connected && stream.reconnects == 0)
                    group.cancelAll()
                }
            }
        }
    }

    @Test func aViewSwapResubscribesOnTheSameConnection() async throws {
        try await ServerHarness.with { harness in
            try await harness.live { port, _ in
                var options = MarketStream.Options()
                // Long enough that a swap waiting it out (instead of resubscribing) runs past the time limit.
                options.idleAfter = .seconds(300)
                let stream = MarketStream(url: "ws://127.0.0.1:\(port)/websocket/v1", options: options)
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await stream.run() }
                    let seen = Task {
                        var seen: [MarketStream.ConnectionState] = []
                        for await state in stream.states() { seen.append(state) }
                        return seen
                    }
                    for code in ["KRW-BTC", "KRW-ETH", "KRW-XRP"] {
                        // Each view goes as the next arrives: the stream resubscribes, it does not close.
                        let view = Task {
                            var tickers = stream.tickers([code]).makeAsyncIterator()
                            return await tickers.next()?.code
                        }
                        #expect(await view.value == code)
                    }
                    group.cancelAll()
                    let states = await seen.value
                    #expect(states.filter { $0 == .connected }.count == 1, "\(states)")
                    #expect(!states.contains { if case .waiting = $0 { true } else { false } }, "\(states)")
                    #expect(stream.reconnects == 0)
                }
            }
        }
    }

    @Test func aStreamThatCannotWorkFailsAtOnce() async throws {
        // TLS cannot name an IP address; loopback's is named localhost, another is refused for good.
        #expect(throws: Never.self) { try MarketStream.serverName(for: "wss://127.0.0.1:1/websocket/v1") }
        #expect(try MarketStream.serverName(for: "wss://[::1]:1/websocket/v1") == "localhost")
        #expect(try MarketStream.serverName(for: "wss://example.com/websocket/v1") == nil)
        #expect(try MarketStream.serverName(for: "ws://10.0.0.1/websocket/v1") == nil)
        let stream = MarketStream(url: "wss://10.0.0.1:9/websocket/v1")
        var tickers = stream.tickers(["KRW-BTC"]).makeAsyncIterator()
        await stream.run()
        guard case .failed(let reason) = stream.currentState else {
            Issue.record("expected a failed state, got \(stream.currentState)")
            return
        }
        #expect(reason.contains("host name"))
        #expect(await tickers.next() == nil)
    }

    @Test func aRefusedSubscriptionIsAStateUntilTheNextOne() async throws {
        try await ServerHarness.with { harness in
            try await harness.live { port, _ in
                let stream = MarketStream(url: "ws://127.0.0.1:\(port)/websocket/v1")
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await stream.run() }
                    var states = stream.states().makeAsyncIterator()
                    var book = stream.orderbooks(["KRW-BTC"]).makeAsyncIterator()
                    #expect(await book.next()?.code == "KRW-BTC")
                    // More (type, market) pairs than one request may hold: the server answers with an error.
                    let tooMany = Task {
                        for await _ in stream.tickers((0..<1_001).map { "KRW-X\($0)" }) {}
                    }
                    var refusal: MarketStream.ServerError?
                    while let state = await states.next() {
                        if case .refused(let error) = state {
                            refusal = error
                            break
                        }
                    }
                    #expect(refusal?.name == "INVALID_PARAM")
                    // Dropping that interest sends a new request, which the server accepts.
                    tooMany.cancel()
                    while let state = await states.next(), state != .connected {}
                    #expect(await book.next()?.code == "KRW-BTC")
                    group.cancelAll()
                }
            }
        }
    }

    @Test func restAndStreamReachATLSServerOnlyWithItsCertificateTrusted() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-sdk-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let identity = try TLSIdentity.selfSigned(in: directory, hosts: []).identity
        let trusted = try TrustedCertificates(pem: Array(identity.certificateChainPEM.utf8))
        #expect(throws: ClientError.self) { try TrustedCertificates(pem: Array("not a certificate".utf8)) }
        try await ServerHarness.with(configure: { $0.tls = identity }) { harness in
            try await harness.live { port, _ in
                let base = try #require(URL(string: "https://localhost:\(port)"))

                let trusting = NIOHTTPTransport(trusted: trusted)
                let untrusting = NIOHTTPTransport(timeout: .seconds(3))
                let markets = try await QuotationClient(baseURL: base, transport: trusting).markets()
                #expect(markets.contains { $0.code == "KRW-BTC" })
                await #expect(throws: (any Error).self) {
                    _ = try await QuotationClient(baseURL: base, transport: untrusting).markets()
                }
                try await trusting.shutdown()
                try await untrusting.shutdown()

                var options = MarketStream.Options()
                options.trusted = trusted
                let secure = MarketStream(url: "wss://localhost:\(port)/websocket/v1", options: options)
                let refused = MarketStream(url: "wss://localhost:\(port)/websocket/v1")
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await secure.run() }
                    group.addTask { await refused.run() }
                    var tickers = secure.tickers(["KRW-BTC"]).makeAsyncIterator()
                    #expect(await tickers.next()?.code == "KRW-BTC")
                    let untrusted = refused.tickers(["KRW-BTC"])
                    var states = refused.states().makeAsyncIterator()
                    var failure: String?
                    while let state = await states.next() {
                        if case .waiting(_, let error) = state {
                            failure = error
                            break
                        }
                    }
                    #expect(failure != nil)
                    withExtendedLifetime(untrusted) {}
                    group.cancelAll()
                }
            }
        }
    }
}
