import BourseClient
import BourseCore
import BourseServer
import BourseToolkit
import Foundation
import HTTPTypes
import Synchronization
import Testing

/// The SDK's `OrderStream` against a live in-process server: a signed-in user's own fills arrive over the
/// private socket with the session as the bearer and are found on the public tape; a browser's cookie opens
/// the socket only from this server's pages; an ended session is refused in words.
@Suite("SDK order stream against a live server", .timeLimit(.minutes(3)))
struct OrderStreamClientTests {
    typealias C = AuctionClientTests

    final class Collected: Sendable {
        let events = Mutex<[OrderEvent]>([])
    }

    @Test func aSignedInUsersFillsArriveAndMarkTheirTradesOnTheTape() async throws {
        try await C.with { harness, port in
            let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let ann = try await C.signedIn(port, "ann", krw: 1_000_000, harness)
            let ben = try await C.signedIn(port, "ben", krw: 0, harness)
            let benAccount = try #require(try await harness.store.account(named: "ben")).id
            _ = try await harness.submit([.deposit(benAccount, currency: "BTC", amount: Funds(units: 100_000_000))])
            let annExchange = ExchangeClient(baseURL: base, sessionToken: try #require(ann.token))
            let benExchange = ExchangeClient(baseURL: base, sessionToken: try #require(ben.token))

            let stream = OrderStream(client: annExchange, codes: ["KRW-BTC"])
            let collected = Collected()
            let events = stream.events()
            let tasks = [
                Task { await stream.run() },
                Task { for await event in events { collected.events.withLock { $0.append(event) } } },
            ]
            defer { for task in tasks { task.cancel() } }
            try await AuctionStreamClientTests.waitFor("the connection") { stream.currentState == .connected }

            // Ann's buy rests; Ben sells into it: one trade, Ann's fill as the maker.
            let bid = try await annExchange.placeLimitOrder(
                market: "KRW-BTC", side: .bid, volume: "0.002", price: "60000000")
            _ = try await benExchange.placeLimitOrder(market: "KRW-BTC", side: .ask, volume: "0.001", price: "60000000")
            try await AuctionStreamClientTests.waitFor("Ann's fill") {
                collected.events.withLock { $0.contains(where: \.isFill) }
            }
            let seen = collected.events.withLock { $0 }
            #expect(seen.map(\.state).prefix(2) == ["wait", "trade"], "\(seen)")
            #expect(seen.allSatisfy { $0.uuid == bid.uuid }, "Ben's order is not Ann's business")
            let fill = try #require(seen.first { $0.isFill })
            #expect(fill.side == .bid && fill.isMaker == true && fill.price == 60_000_000 && fill.volume == 0.001)

            var fills = OwnFills()
            for event in seen { fills.record(event) }
            let tape = try await QuotationClient(baseURL: base).trades("KRW-BTC", count: 10)
            #expect(tape.count == 1 && tape.first.flatMap { fills.side(of: $0) } == .bid, "\(tape)")
            #expect(tape.first?.isSell == true, "Ben's sell took Ann's bid")
        }
    }

    @Test func anEndedSessionIsRefusedInWords() async throws {
        try await C.with { harness, port in
            let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let ann = try await C.signedIn(port, "ann", krw: 0, harness)
            let token = try #require(ann.token)
            try await ann.signOut()
            var options = OrderStream.Options()
            options.initialBackoff = .seconds(30)
            let stream = OrderStream(client: ExchangeClient(baseURL: base, sessionToken: token), options: options)
            let task = Task { await stream.run() }
            defer { task.cancel() }
            try await AuctionStreamClientTests.waitFor("the refusal (\(stream.currentState))") {
                if case .waiting(_, let error) = stream.currentState { error.contains("INVALID_AUTH") } else { false }
            }
            if case .waiting(_, let error) = stream.currentState {
                #expect(error.contains("sign in again"), "\(error)")
            }
        }
    }

    @Test func signingOutClosesTheSessionsSockets() async throws {
        try await C.with { harness, port in
            let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let ann = try await C.signedIn(port, "ann", krw: 0, harness)
            let orders = OrderStream(client: ExchangeClient(baseURL: base, sessionToken: try #require(ann.token)))
            let auction = AuctionStreamClientTests.Running(ann)
            let task = Task { await orders.run() }
            defer { task.cancel() }
            // Generous waits: on a loaded machine a connection can take seconds (these are not speed checks).
            try await AuctionStreamClientTests.waitFor("the private socket") {
                orders.currentState == .connected
            }
            try await AuctionStreamClientTests.waitFor("the auction socket") {
                auction.stream.currentState == .connected
            }
            // Connected means the stream's sign-in (`auth`) is sent, not handled; requests are answered in
            // order, so a ping's answer means the socket is signed in (and so among the session's sockets).
            _ = try await auction.stream.ping()
            try await ann.signOut()
            // The private socket is closed at once; its reconnect is refused in words.
            try await AuctionStreamClientTests.waitFor("the refusal after signing out") {
                if case .waiting(_, let error) = orders.currentState { error.contains("sign in again") } else { false }
            }
            // The auction socket is closed too, and comes back without the session.
            try await AuctionStreamClientTests.waitFor("the auction socket's reconnect") {
                auction.stream.reconnects >= 1
            }
        }
    }

    @Test func aSessionEndedOutsideTheServerClosesItsSocketsAtTheNextSweep() async throws {
        try await C.with { harness, port in
            let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let ann = try await C.signedIn(port, "ann", krw: 0, harness)
            let ben = try await C.signedIn(port, "ben", krw: 0, harness)
            let streams = [ann, ben].map { OrderStream(client: ExchangeClient(baseURL: base, sessionToken: $0.token!)) }
            let tasks = streams.map { stream in Task { await stream.run() } }
            defer { for task in tasks { task.cancel() } }
            try await AuctionStreamClientTests.waitFor("both private sockets") {
                streams.allSatisfy { $0.currentState == .connected }
            }
            let sockets = harness.auctions.sockets
            #expect(try await sockets.sweep(harness.store, at: ServerHarness.wallClock()) == 0)
            // What `bourse user password ann` does from another process: the store alone learns of it.
            let account = try #require(try await harness.store.account(named: "ann")).id
            #expect(try await harness.store.revokeSessions(of: account, at: ServerHarness.wallClock()) == 1)
            #expect(try await sockets.sweep(harness.store, at: ServerHarness.wallClock()) == 1)
            try await AuctionStreamClientTests.waitFor("Ann's refusal after the sweep") {
                if case .waiting(_, let error) = streams[0].currentState {
                    error.contains("sign in again")
                } else {
                    false
                }
            }
            #expect(streams[1].currentState == .connected, "Ben's session is live")
            // Thirty days later every session has expired.
            let later = Timestamp(milliseconds: ServerHarness.wallClock().milliseconds + 31 * 86_400_000)
            #expect(try await sockets.sweep(harness.store, at: later) == 1)
        }
    }

    /// A probe revoked a key with `bourse keys revoke` while its private socket was open: REST refused the
    /// key, the socket went on streaming `myOrder`. The sweep now closes sockets of revoked and expired keys
    /// as it closes ended sessions'.
    @Test func aRevokedKeysPrivateSocketIsClosedAtTheNextSweep() async throws {
        try await C.with { harness, port in
            let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let keys = ExchangeRoutesTests()
            let (kept, revoked) = (
                try await keys.makeKey(harness, scopes: "orders:read"),
                try await keys.makeKey(harness, scopes: "orders:read")
            )
            let streams = [kept, revoked].map {
                OrderStream(client: ExchangeClient(baseURL: base, accessKey: $0.access, secretKey: $0.secret))
            }
            let tasks = streams.map { stream in Task { await stream.run() } }
            defer { for task in tasks { task.cancel() } }
            try await AuctionStreamClientTests.waitFor("both private sockets") {
                streams.allSatisfy { $0.currentState == .connected }
            }
            let sockets = harness.auctions.sockets
            #expect(try await sockets.sweep(harness.store, at: ServerHarness.wallClock()) == 0)
            // What `bourse keys revoke` does from another process: the store alone learns of it.
            #expect(try await harness.store.revokeAPIKey(accessKey: revoked.access, at: ServerHarness.wallClock()))
            #expect(try await sockets.sweep(harness.store, at: ServerHarness.wallClock()) == 1)
            try await AuctionStreamClientTests.waitFor("the revoked key's socket closed") {
                streams[1].currentState != .connected
            }
            #expect(streams[0].currentState == .connected, "the other key is live")
        }
    }

    @Test func aBrowsersCookieOpensThePrivateSocketOnlyFromThisServersPages() async throws {
        // A raw handshake: the SDK's WebSocket client replaces Origin with its own URL. A page of another
        // port sends the cookie too (SameSite is per site), and a socket has no CSRF token.
        try await ServerHarness.with(steps: 0, configure: { $0.signIn.passwordCost = 4 }) { harness in
            try await harness.live { port, client in
                let mina = try await AuctionRoutesTests.user("mina", krw: 100, harness, client)
                let first = await OwnThread.run { () -> [String] in
                    // RawClient sends `Host: 127.0.0.1`: the page of that origin is this server's.
                    ["http://127.0.0.1:\(port + 1)", "http://127.0.0.1"].map { origin in
                        guard let raw = try? RawClient(port: port) else { return "no connection" }
                        let headers = "Cookie: bourse_session=\(mina.token)\r\nOrigin: \(origin)\r\n"
                        guard raw.upgrade("/websocket/v1/private", extraHeaders: headers) == 101 else {
                            return "no upgrade"
                        }
                        raw.sendFrame(opcode: 0x1, payload: Array(#"[{"ticket":"t"},{"type":"myAsset"}]"#.utf8))
                        raw.sendFrame(opcode: 0x1, payload: Array("PING".utf8))
                        return raw.readFrame().map { String(decoding: $0.1, as: UTF8.self) } ?? "closed"
                    }
                }
                #expect(first.count == 2)
                #expect(first.first?.contains("INVALID_AUTH") == true, "another origin: \(first)")
                // The server's own page: signed in and subscribed, the socket answers the ping.
                #expect(first.last?.contains(#""status":"UP""#) == true, "this server's page: \(first)")
            }
        }
    }
}
