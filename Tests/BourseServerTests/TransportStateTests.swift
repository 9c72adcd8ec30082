import NIOCore
import NIOHTTP1
import Testing

@testable import BourseServer

/// The transport's decisions without sockets: the request guard's state machine and the WebSocket mask
/// scanner.
@Suite("Transport state")
struct TransportStateTests {
    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

    static func head(
        _ version: HTTPVersion = .http1_1, _ headers: [(String, String)] = [("Host", "x")]
    )
        -> HTTPRequestHead
    {
        HTTPRequestHead(version: version, method: .GET, uri: "/healthz", headers: HTTPHeaders(headers))
    }

    @Test func theFirstHeadIsDueWithinTheHeaderTimeoutAndTheNextOneWithinTheIdleTimeout() {
        var state = HTTPRequestGuardState(options: TransportOptions(), admitted: true)
        let header = TimeAmount(TransportOptions().headerTimeout)
        let idle = TimeAmount(TransportOptions().idleTimeout)
        #expect(state.started(now: Self.start) == .arm(Self.start + header))
        #expect(state.bytesArrived(now: Self.start + .seconds(1)) == .keep, "trickled bytes do not extend it")
        #expect(
            state.receivedHead(Self.head(), now: Self.start, admitUpgrade: { true })
                == .forward(.arm(Self.start + idle)))
        #expect(state.receivedPart(isEnd: true, now: Self.start) == .disarm)
        var response = HTTPResponseHead(version: .http1_1, status: .ok)
        #expect(state.writingHead(&response) == .write)
        let answered = Self.start + .seconds(2)
        #expect(state.writingEnd(now: answered) == .keepOpen(.arm(answered + idle)))
        let nextBytes = answered + .seconds(5)
        #expect(state.bytesArrived(now: nextBytes) == .arm(nextBytes + header), "a started head is due sooner")
        let closed = state.timerFired(now: nextBytes + header)
        #expect(closed, "a head still incomplete is closed")
    }

    @Test func aBodyThatStallsPastTheIdleTimeoutIsClosed() {
        var state = HTTPRequestGuardState(options: TransportOptions(), admitted: true)
        let idle = TimeAmount(TransportOptions().idleTimeout)
        _ = state.started(now: Self.start)
        _ = state.receivedHead(Self.head(), now: Self.start, admitUpgrade: { true })
        let part = Self.start + .seconds(30)
        #expect(state.receivedPart(isEnd: false, now: part) == .arm(part + idle), "each part extends it")
        let early = state.timerFired(now: part + idle - .seconds(1))
        #expect(!early)
        let closed = state.timerFired(now: part + idle)
        #expect(closed, "a body that stopped coming is closed")
    }

    @Test func aParseErrorBehindOwedAnswersClosesAfterThem() {
        var state = HTTPRequestGuardState(options: TransportOptions(), admitted: true)
        _ = state.started(now: Self.start)
        _ = state.receivedHead(Self.head(), now: Self.start, admitUpgrade: { true })
        _ = state.receivedPart(isEnd: true, now: Self.start)
        _ = state.receivedHead(Self.head(), now: Self.start, admitUpgrade: { true })
        #expect(state.parseError(.invalidHeaderToken) == .closeAfterAnswers, "the first request is still owed")
        var response = HTTPResponseHead(version: .http1_1, status: .ok)
        #expect(state.writingHead(&response) == .write)
        #expect(state.writingEnd(now: Self.start) == .closeAfterWrite)
    }

    @Test func bytesAfterARequestThatAskedToCloseAreIgnoredUntilItIsAnswered() {
        var state = HTTPRequestGuardState(options: TransportOptions(), admitted: true)
        _ = state.started(now: Self.start)
        _ = state.receivedHead(
            Self.head(.http1_1, [("Host", "x"), ("Connection", "close")]), now: Self.start, admitUpgrade: { true })
        _ = state.receivedPart(isEnd: true, now: Self.start)
        #expect(state.parseError(.closedConnection) == .ignore)
        var response = HTTPResponseHead(version: .http1_1, status: .ok)
        #expect(state.writingHead(&response) == .write)
        #expect(state.writingEnd(now: Self.start) == .closeAfterWrite)
    }

    @Test func aTimerThatFiresWhileARequestIsServedClosesNothing() {
        var state = HTTPRequestGuardState(options: TransportOptions(), admitted: true)
        _ = state.started(now: Self.start)
        _ = state.receivedHead(Self.head(), now: Self.start, admitUpgrade: { true })
        _ = state.receivedPart(isEnd: true, now: Self.start)
        let closed = state.timerFired(now: Self.start + .seconds(3_600))
        #expect(!closed)
        let closedOnShutdown = state.quiesce()
        #expect(!closedOnShutdown, "a request in progress is let finish on shutdown")
    }

    @Test func http10IsClosedAfterItsResponseUnlessKeptAlive() {
        var state = HTTPRequestGuardState(options: TransportOptions(), admitted: true)
        _ = state.receivedHead(Self.head(.http1_0, []), now: Self.start, admitUpgrade: { true })
        var response = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["content-length": "2"])
        #expect(state.writingHead(&response) == .write)
        #expect(response.version == .http1_0 && response.headers["connection"] == ["close"])
        #expect(state.writingEnd(now: Self.start) == .closeAfterWrite)

        var alive = HTTPRequestGuardState(options: TransportOptions(), admitted: true)
        _ = alive.receivedHead(
            Self.head(.http1_0, [("Connection", "keep-alive")]), now: Self.start, admitUpgrade: { true })
        var framed = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["content-length": "2"])
        _ = alive.writingHead(&framed)
        #expect(framed.headers["connection"] == ["keep-alive"])
        #expect(alive.writingEnd(now: Self.start) != .closeAfterWrite)
    }

    @Test func headsAreCheckedInOrderOfCost() {
        func rejection(_ head: HTTPRequestHead, admitted: Bool = true, upgrades: Bool = true) -> HTTPResponseStatus? {
            var state = HTTPRequestGuardState(options: TransportOptions(), admitted: admitted)
            guard case .reject(let rejection) = state.receivedHead(head, now: Self.start, admitUpgrade: { upgrades })
            else { return nil }
            return rejection.status
        }
        #expect(rejection(Self.head(), admitted: false) == .serviceUnavailable)
        #expect(rejection(Self.head(.http1_1, [])) == .badRequest)
        #expect(rejection(Self.head(.http1_0, [])) == nil, "HTTP/1.0 needs no Host")
        var long = Self.head()
        long.uri = "/" + String(repeating: "a", count: TransportOptions().maximumURIBytes)
        #expect(rejection(long) == .uriTooLong)
        let upgrade = Self.head(
            .http1_1,
            [("Host", "x"), ("Upgrade", "WebSocket"), ("Sec-WebSocket-Version", "13"), ("Sec-WebSocket-Key", "a2V5")])
        #expect(rejection(upgrade, upgrades: false) == .tooManyRequests)
        #expect(rejection(upgrade, upgrades: true) == nil)
        // A handshake NIO cannot take is answered before the connect rate is spent on it.
        let version8 = Self.head(
            .http1_1,
            [("Host", "x"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "8"), ("Sec-WebSocket-Key", "a2V5")])
        #expect(rejection(version8, upgrades: false) == .upgradeRequired)
        let keyless = Self.head(.http1_1, [("Host", "x"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13")])
        #expect(rejection(keyless, upgrades: false) == .badRequest)
    }

    @Test func aParseErrorIsAnsweredUnlessAResponseHasBegun() {
        var fresh = HTTPRequestGuardState(options: TransportOptions(), admitted: true)
        guard case .reject(let rejection) = fresh.parseError(.headerOverflow) else {
            Issue.record("not answered")
            return
        }
        #expect(rejection.status == .requestHeaderFieldsTooLarge)
        #expect(fresh.parseError(.invalidVersion) == .ignore, "answered once")

        var busy = HTTPRequestGuardState(options: TransportOptions(), admitted: true)
        _ = busy.receivedHead(Self.head(), now: Self.start, admitUpgrade: { true })
        var response = HTTPResponseHead(version: .http1_1, status: .ok)
        _ = busy.writingHead(&response)
        #expect(busy.parseError(.invalidChunkSize) == .close)
    }

    /// A client frame: FIN, text, `payload`, masked unless `masked` is false.
    static func frame(_ payload: [UInt8], masked: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [0x81]
        let mask: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case ..<126: bytes.append(mask | UInt8(payload.count))
        case ..<65_536: bytes += [mask | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        default: bytes += [mask | 127] + (0..<8).reversed().map { UInt8(payload.count >> ($0 * 8) & 0xff) }
        }
        if masked { bytes += [0, 0, 0, 0] }
        return bytes + payload
    }

    @Test(arguments: [1, 2, 7, 100_000])
    func theScannerFollowsFramesAcrossAnySplitAndFindsTheUnmaskedOne(_ chunk: Int) {
        let stream =
            Self.frame(Array(repeating: 0x81, count: 125)) + Self.frame(Array(repeating: 0, count: 300))
            + Self.frame(Array(repeating: 0x80, count: 70_000)) + Self.frame([1, 2, 3])
        var scanner = WebSocketMaskScanner()
        for start in stride(from: 0, to: stream.count, by: chunk) {
            let piece = ByteBuffer(bytes: stream[start..<min(start + chunk, stream.count)])
            let masked = scanner.scan(piece.readableBytesView)
            #expect(masked, "a masked frame taken for unmasked at \(start)")
        }
        let unmasked = ByteBuffer(bytes: Self.frame(Array("PING".utf8), masked: false))
        let passed = scanner.scan(unmasked.readableBytesView)
        #expect(!passed)
    }
}
