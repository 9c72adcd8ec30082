import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
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
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await write(connection, to: outbound, logger: context.logger) }
                group.addTask {
                    do {
                        for try await message in inbound.messages(maxSize: Self.maximumMessageBytes) {
                            switch message {
                            case .text(let text): feed.receive(Array(text.utf8), from: connection)
                            case .binary(let buffer): feed.receive(Array(buffer.readableBytesView), from: connection)
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
    }

    /// Writes queued frames in batches until the client leaves or the server closes the connection.
    private func write(_ connection: StreamConnection, to outbound: WebSocketOutboundWriter, logger: Logger) async {
        do {
            while true {
                let (frames, close) = await connection.nextFrames()
                if let close {
                    switch close {
                    case .tooSlow:
                        try await outbound.close(.policyViolation, reason: "subscriber too slow: send buffer full")
                    case .idle: try await outbound.close(.normalClosure, reason: "idle timeout")
                    case .shutdown: try await outbound.close(.goingAway, reason: "server shutting down")
                    }
                    return
                }
                if frames.isEmpty { return }
                for frame in frames { try await outbound.write(.binary(frame)) }
            }
        } catch {
            logger.debug("websocket write ended", metadata: ["error": "\(error)"])
        }
    }
}
