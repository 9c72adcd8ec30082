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
            let connection = feed.connect()
            defer { feed.disconnect(connection) }
            do {
                try await StreamFrameWriter.install(for: connection, on: context.requestContext.channel)
            } catch {
                context.logger.debug("websocket writer not installed", metadata: ["error": "\(error)"])
                return
            }
            await Self.serve(connection, inbound: inbound, outbound: outbound, context: context) { bytes in
                feed.receive(bytes, from: connection)
            }
        }
    }

    /// Runs one connection until either side ends it: hands each request frame to `receive`, and sends the
    /// close frame when the server closes the connection.
    static func serve(
        _ connection: StreamConnection, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        context: WebSocketRouterContext<BourseRequestContext>, receive: @escaping @Sendable ([UInt8]) -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await closeWhenTold(
                    connection, outbound: outbound, channel: context.requestContext.channel, logger: context.logger)
            }
            group.addTask {
                do {
                    for try await message in inbound.messages(maxSize: Self.maximumMessageBytes) {
                        switch message {
                        case .text(let text): receive(Array(text.utf8))
                        case .binary(let buffer): receive(Array(buffer.readableBytesView))
                        }
                    }
                } catch {
                    context.logger.debug("websocket read ended", metadata: ["error": "\(error)"])
                }
                connection.finish()
            }
            await group.next()
            group.cancelAll()
            connection.finish()
        }
    }

    /// How long a close handshake may take before the socket is simply closed (a client that stopped
    /// reading never takes the close frame).
    static let closeHandshakeLimit: Duration = .seconds(5)

    /// Sends the close frame when the server closes the connection (frames go out through
    /// ``StreamFrameWriter``); returns quietly when the client leaves first.
    private static func closeWhenTold(
        _ connection: StreamConnection, outbound: WebSocketOutboundWriter, channel: any Channel, logger: Logger
    ) async {
        guard let reason = await connection.closeReason() else { return }
        let (code, text): (WebSocketErrorCode, String) =
            switch reason {
            case .tooSlow: (.policyViolation, "subscriber too slow: send buffer full")
            case .idle: (.normalClosure, "idle timeout")
            case .shutdown: (.goingAway, "server shutting down")
            }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do { try await outbound.close(code, reason: text) } catch {
                    logger.debug("websocket close failed", metadata: ["error": "\(error)"])
                }
            }
            group.addTask { try? await Task.sleep(for: Self.closeHandshakeLimit) }
            await group.next()
            group.cancelAll()
        }
        if reason == .tooSlow { channel.close(promise: nil) }
    }
}
