import NIOCore
import NIOHTTP1

/// The decisions of ``HTTPRequestGuard`` for one connection, apart from its I/O (NIO's style: each input
/// returns what the handler must do), so they can be tested without sockets.
///
/// It sees decoded request parts on their way in and response parts on their way out. It keeps one
/// deadline: while the connection waits for a request head (a new connection: ``TransportOptions/headerTimeout``;
/// between requests: ``TransportOptions/idleTimeout``, then the header timeout once the next head starts
/// arriving), and while a request's body is read (``TransportOptions/idleTimeout`` from the head and from
/// each part). While a request is answered there is no deadline. Hummingbird's own idle timer is off: it
/// never sees the requests that ``HTTPLane`` answers, so it would close a connection busy with them.
struct HTTPRequestGuardState {
    /// A request the transport answers itself before closing the connection.
    struct Rejection: Equatable {
        var status: HTTPResponseStatus
        /// The sentence of the error body.
        var message: String
        /// A 429 is plain text, as the REST limiter's (ccxt then retries it); everything else is Upbit's JSON.
        var isRateLimit = false
        /// Headers the answer carries besides the content type.
        var headers: [(String, String)] = []

        static func == (lhs: Rejection, rhs: Rejection) -> Bool {
            lhs.status == rhs.status && lhs.message == rhs.message && lhs.isRateLimit == rhs.isRateLimit
                && lhs.headers.elementsEqual(rhs.headers) { $0 == $1 }
        }
    }

    /// Whether `head` asks for the WebSocket protocol among its `Upgrade` tokens.
    static func asksForWebSocket(_ head: HTTPRequestHead) -> Bool {
        head.headers[canonicalForm: "upgrade"].contains { $0.trimmed.lowercased() == "websocket" }
    }

    /// `head` without its `Upgrade` if that asks for anything but WebSocket (`h2c` from `curl --http2`, or any
    /// other), nil if there is nothing to drop. Such a request reached NIO's upgrade handler, which found no
    /// upgrader and lost the request's head, so the connection closed with no answer. RFC 9110 §7.8 lets a
    /// server ignore an upgrade it does not speak.
    static func withoutForeignUpgrade(_ head: HTTPRequestHead) -> HTTPRequestHead? {
        guard head.headers.contains(name: "upgrade"), !asksForWebSocket(head) else { return nil }
        var head = head
        head.headers.remove(name: "upgrade")
        head.headers.remove(name: "http2-settings")
        let connection = head.headers["connection"].flatMap { $0.split(separator: ",") }.map(\.trimmed)
            .filter { $0.lowercased() != "upgrade" && $0.lowercased() != "http2-settings" }
        head.headers.remove(name: "connection")
        if !connection.isEmpty { head.headers.add(name: "connection", value: connection.joined(separator: ", ")) }
        return head
    }

    /// What to do with the deadline timer.
    enum Timer: Equatable {
        case keep
        case arm(NIODeadline)
        case disarm
    }

    /// What to do with a request head.
    enum HeadAction: Equatable {
        /// Pass it on (as `rewritten`, when the head had something to drop).
        case forward(Timer, rewritten: HTTPRequestHead? = nil)
        case reject(Rejection)
        /// The connection is already being answered and closed: the part goes nowhere.
        case drop
    }

    /// What to do with a response head.
    enum ResponseHeadAction: Equatable {
        case write
        /// A `101`: from here on the bytes are WebSocket frames.
        case upgraded
        /// The connection was rejected; this response cannot be sent.
        case fail
    }

    /// What to do once a response's last part is written.
    enum ResponseEndAction: Equatable {
        case keepOpen(Timer)
        /// HTTP/1.0 without keep-alive (or `Connection: close`): close once it is written.
        case closeAfterWrite
        case fail
    }

    /// What a parse error calls for.
    enum ParseErrorAction: Equatable {
        case reject(Rejection)
        /// A response has begun: no answer can be sent, only a close.
        case close
        /// Earlier requests are owed answers: they go out, then the connection closes (``writingEnd(now:)``).
        case closeAfterAnswers
        case ignore
    }

    /// How a request wants its response framed.
    private struct Traits {
        var isHTTP10: Bool
        var keepAlive: Bool
    }

    let options: TransportOptions
    /// Whether the connection is within the limit; if not, its first request is answered `503`.
    let admitted: Bool
    private var deadline: NIODeadline?
    /// Heads seen whose responses have not ended, oldest first.
    private var pending: [Traits] = []
    private var readingBody = false
    private var responseStarted = false
    /// The connection has been idle since a response; the first bytes of the next head shorten the deadline.
    private var idle = false
    /// Rejected, closing or upgraded: nothing more is decided here.
    private(set) var finished = false
    /// Reading ended at a parse error while answers were owed: they go out, then the connection closes.
    private var inputDone = false

    /// Whether reading ended at a parse error (what the decoder still says about later bytes is expected).
    var readingEnded: Bool { inputDone }

    init(options: TransportOptions, admitted: Bool) {
        self.options = options
        self.admitted = admitted
    }

    private var waitingForHead: Bool { pending.isEmpty && !readingBody }

    /// The deadline in force, if any (what a timer that fired early is set again for).
    var pendingDeadline: NIODeadline? { finished ? nil : deadline }

    // MARK: - Inputs

    /// The connection is open: its first head is due within the header timeout.
    mutating func started(now: NIODeadline) -> Timer {
        arm(now + .init(options.headerTimeout))
    }

    /// Bytes arrived (the decoder's read completed, whether or not they made a part).
    mutating func bytesArrived(now: NIODeadline) -> Timer {
        guard idle, waitingForHead, !finished else { return .keep }
        idle = false
        return arm(min(deadline ?? .distantFuture, now + .init(options.headerTimeout)))
    }

    /// A request head; `admitUpgrade` is asked only for a WebSocket handshake that passed every other check.
    mutating func receivedHead(_ head: HTTPRequestHead, now: NIODeadline, admitUpgrade: () -> Bool) -> HeadAction {
        guard !finished else { return .drop }
        if let rejection = rejection(of: head, admitUpgrade: admitUpgrade) {
            finished = true
            deadline = nil
            return .reject(rejection)
        }
        // NIO's decoder stops parsing after a head that asks for any upgrade, so a connection whose upgrade
        // is ignored (``withoutForeignUpgrade(_:)``) cannot carry another request: it closes after the answer.
        let rewritten = Self.withoutForeignUpgrade(head)
        pending.append(
            Traits(isHTTP10: head.version == .http1_0, keepAlive: head.isKeepAlive && rewritten == nil))
        readingBody = true
        idle = false
        // The body must keep coming (a client that stops mid-body holds the socket otherwise).
        return .forward(arm(now + .init(options.idleTimeout)), rewritten: rewritten)
    }

    /// A body part or the end of a request: whether to pass it on, and the timer.
    mutating func receivedPart(isEnd: Bool, now: NIODeadline) -> Timer? {
        guard !finished else { return nil }
        guard isEnd else { return arm(now + .init(options.idleTimeout)) }
        readingBody = false
        if waitingForHead { return becameIdle(now: now) }
        deadline = nil
        return .disarm
    }

    /// A response head on its way out; adjusted for HTTP/1.0 clients and for closing.
    mutating func writingHead(_ head: inout HTTPResponseHead) -> ResponseHeadAction {
        guard !finished else { return .fail }
        if head.status == .switchingProtocols {
            finished = true
            deadline = nil
            return .upgraded
        }
        responseStarted = true
        guard var traits = pending.first else { return .write }
        if traits.isHTTP10 {
            // HTTP/1.0 has no chunked encoding: without a length, the end of the body is the close.
            head.version = .http1_0
            if !head.headers.contains(name: "content-length") { traits.keepAlive = false }
        }
        pending[0] = traits
        if !traits.keepAlive {
            head.headers.replaceOrAdd(name: "connection", value: "close")
        } else if traits.isHTTP10 {
            head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
        }
        return .write
    }

    /// A response's last part on its way out.
    mutating func writingEnd(now: NIODeadline) -> ResponseEndAction {
        guard !finished else { return .fail }
        responseStarted = false
        let traits = pending.isEmpty ? nil : pending.removeFirst()
        if let traits, !traits.keepAlive || (inputDone && pending.isEmpty) {
            finished = true
            deadline = nil
            return .closeAfterWrite
        }
        return .keepOpen(waitingForHead ? becameIdle(now: now) : .keep)
    }

    /// The decoder could not parse the request.
    mutating func parseError(_ error: HTTPParserError) -> ParseErrorAction {
        guard !finished, !inputDone else { return .ignore }
        deadline = nil
        // Bytes after a request that asked to close (RFC 9112 §9.6: answer it, ignore the rest); or a bad
        // request behind pipelined ones still owed answers (a 400 now would read as theirs): the answers
        // owed go out, then the connection closes.
        let owedEarlier = pending.count > (readingBody ? 1 : 0)
        if error == .closedConnection || owedEarlier {
            inputDone = true
            if readingBody {
                pending.removeLast()
                readingBody = false
            }
            if pending.isEmpty {
                finished = true
                return .close
            }
            return error == .closedConnection ? .ignore : .closeAfterAnswers
        }
        finished = true
        if responseStarted { return .close }
        if error == .headerOverflow {
            return .reject(
                Rejection(
                    status: .requestHeaderFieldsTooLarge,
                    message: "The request head is larger than \(options.maximumHeadBytes) bytes."))
        }
        return .reject(Rejection(status: .badRequest, message: "The request is not valid HTTP/1.1 (\(error))."))
    }

    /// The timer fired at `now`: whether to close the connection.
    mutating func timerFired(now: NIODeadline) -> Bool {
        guard !finished, waitingForHead || readingBody, let deadline, now >= deadline else { return false }
        finished = true
        return true
    }

    /// The server is shutting down: whether to close at once (no request in progress).
    mutating func quiesce() -> Bool {
        guard !finished, waitingForHead else { return false }
        finished = true
        return true
    }

    // MARK: - Rules

    private func rejection(of head: HTTPRequestHead, admitUpgrade: () -> Bool) -> Rejection? {
        guard admitted else {
            return Rejection(
                status: .serviceUnavailable, message: "The server is at its connection limit; try again shortly.")
        }
        if head.uri.utf8.count > options.maximumURIBytes {
            return Rejection(
                status: .uriTooLong, message: "The request target is longer than \(options.maximumURIBytes) bytes.")
        }
        if head.version == .http1_1, !head.headers.contains(name: "host") {
            return Rejection(status: .badRequest, message: "An HTTP/1.1 request must have a Host header.")
        }
        let isUpgrade = Self.asksForWebSocket(head)
        // A handshake NIO's upgrader cannot take was closed with no answer at all (RFC 6455 §4.2.2 asks for
        // 400, and 426 naming the version a server speaks). NIO wants exactly one version, 13, and one key.
        if isUpgrade, head.headers[canonicalForm: "sec-websocket-version"].map(\.trimmed) != ["13"] {
            return Rejection(
                status: .upgradeRequired,
                message: "This server speaks WebSocket version 13 (Sec-WebSocket-Version: 13).",
                headers: [("sec-websocket-version", "13")])
        }
        if isUpgrade, head.headers[canonicalForm: "sec-websocket-key"].filter({ !$0.trimmed.isEmpty }).count != 1 {
            return Rejection(status: .badRequest, message: "A WebSocket handshake needs a Sec-WebSocket-Key header.")
        }
        if isUpgrade, !admitUpgrade() {
            return Rejection(status: .tooManyRequests, message: "Too many API requests.", isRateLimit: true)
        }
        return nil
    }

    private mutating func becameIdle(now: NIODeadline) -> Timer {
        idle = true
        return arm(now + .init(options.idleTimeout))
    }

    private mutating func arm(_ deadline: NIODeadline) -> Timer {
        self.deadline = deadline
        return .arm(deadline)
    }
}

extension StringProtocol {
    /// Without surrounding spaces and tabs (a header value's optional white space).
    fileprivate var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
