import BourseUpbit
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import WSCore

/// `/websocket/v1`: hands request frames to the feed and writes what the feed queues.
struct StreamRoutes: Sendable {
    let feed: MarketFeed
    /// Largest request message read (a subscription to every market fits easily).
    static let maximumMessageBytes = 1 << 20

    func add(to router: Router<BourseRequestContext>) {
        router.ws("/websocket/v1") { inbound, outbound, context in
            context.requestContext.releaseWebSocketHook()
            let connection = feed.connect()
            defer { feed.disconnect(connection) }
            do {
                try await StreamFrameWriter.install(for: connection, on: context.requestContext.channel)
            } catch {
                context.logger.debug("websocket writer not installed", metadata: ["error": "\(error)"])
                return
            }
            try await Self.serve(connection, feed: feed, inbound: inbound, outbound: outbound, context: context) {
                bytes in
                feed.receive(bytes, from: connection)
            }
        }
    }

    /// Runs one connection until either side ends it: hands each request frame to `receive` (at most
    /// ``StreamOptions/messagesPerSecond`` a second; more get an error frame), and sends the close frame when
    /// the server closes the connection.
    ///
    /// The connection's own task only reads. Each task keeps the memory its deepest call stack needed for as
    /// long as it lives (the runtime's task allocator frees slabs only at the end), so an idle connection
    /// holding a second task just to wait for a close cost several KB; the close handshake runs in a task of
    /// its own made only when the server closes (ADR 0018).
    ///
    /// A read error is rethrown: the WebSocket library then closes with the code it carries (1007 for text
    /// that is not UTF-8, 1009 for a message over the limit, 1002 for a protocol error). A read that ends
    /// because the server closed the connection is not an error.
    static func serve(
        _ connection: StreamConnection, feed: MarketFeed, inbound: WebSocketInboundStream,
        outbound: WebSocketOutboundWriter, context: WebSocketRouterContext<BourseRequestContext>,
        refuse: (@Sendable ([UInt8]) -> Void)? = nil, unmetered: (@Sendable ([UInt8]) -> Bool)? = nil,
        receive: @escaping @Sendable ([UInt8]) -> Void
    ) async throws {
        let (channel, logger) = (context.requestContext.channel, context.logger)
        connection.whenEnded { reason in
            // The client left first: nothing to say.
            guard let reason else { return }
            Task { await closeHandshake(reason, outbound: outbound, channel: channel, logger: logger) }
        }
        defer { connection.finish() }
        do {
            try await read(
                inbound, into: connection, feed: feed, refuse: refuse, unmetered: unmetered, receive: receive)
        } catch {
            guard connection.closedReason == nil else { return }
            context.logger.debug("websocket read ended", metadata: ["error": "\(error)"])
            throw error
        }
    }

    /// Hands each request message to `receive`, or past the message rate to `refuse` (a protocol's own
    /// answer, such as the auction socket's error with the request's id), else Upbit's error frame.
    /// Messages that `unmetered` picks skip the message rate (they meet a limit of their own).
    private static func read(
        _ inbound: WebSocketInboundStream, into connection: StreamConnection, feed: MarketFeed,
        refuse: (@Sendable ([UInt8]) -> Void)?, unmetered: (@Sendable ([UInt8]) -> Bool)?,
        receive: @Sendable ([UInt8]) -> Void
    ) async throws {
        for try await message in inbound.messages(maxSize: Self.maximumMessageBytes) {
            let bytes =
                switch message {
                case .text(let text): Array(text.utf8)
                case .binary(let buffer): Array(buffer.readableBytesView)
                }
            guard
                unmetered?(bytes) == true
                    || connection.admitMessage(at: feed.clock(), perSecond: feed.options.messagesPerSecond)
            else {
                if let refuse {
                    refuse(bytes)
                    continue
                }
                let body = StreamJSON.error(name: "TOO_MANY_REQUESTS", message: "Too many API requests.")
                if connection.enqueue(StreamFrame(binary: body)) { feed.metrics.messagesSent.increment() }
                continue
            }
            receive(bytes)
        }
    }

    /// How long a close handshake may take before the socket is simply closed (a client that stopped
    /// reading never takes the close frame).
    static let closeHandshakeLimit: Duration = .seconds(5)

    /// Sends the close frame for `reason` (frames go out through ``StreamFrameWriter``) and closes the
    /// socket once the client answers, or after ``closeHandshakeLimit`` (a client that stopped reading never
    /// takes the close frame); a client too slow to read is closed at once after the frame.
    private static func closeHandshake(
        _ reason: StreamConnection.CloseReason, outbound: WebSocketOutboundWriter, channel: any Channel,
        logger: Logger
    ) async {
        let (code, text): (WebSocketErrorCode, String) =
            switch reason {
            case .tooSlow: (.policyViolation, "subscriber too slow: send buffer full")
            case .idle: (.normalClosure, "idle timeout")
            case .shutdown: (.goingAway, "server shutting down")
            case .sessionEnded: (.policyViolation, "the session ended; sign in again")
            case .keyEnded: (.policyViolation, "the API key was revoked or expired")
            }
        // Writing the close frame can wait on a client that reads nothing; the limit bounds that too.
        let sent = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                do { try await outbound.close(code, reason: text) } catch {
                    logger.debug("websocket close failed", metadata: ["error": "\(error)"])
                }
                return true
            }
            group.addTask {
                try? await Task.sleep(for: Self.closeHandshakeLimit)
                return false
            }
            defer { group.cancelAll() }
            return await group.next() ?? false
        }
        guard sent, reason != .tooSlow else {
            channel.close(promise: nil)
            return
        }
        // A client that answers ends the read, and the library closes the socket; one that never does is
        // closed by the event loop after the limit (no task waits for it).
        let limit = channel.eventLoop.scheduleTask(in: .seconds(Int64(Self.closeHandshakeLimit.components.seconds))) {
            channel.close(promise: nil)
        }
        channel.closeFuture.whenComplete { _ in limit.cancel() }
    }
}
