import Foundation
import HummingbirdWSClient
import Logging

extension AuctionStream {
    /// Keeps the connection until the task is cancelled: connects, signs in, follows the interest, and after
    /// any failure or close waits (exponential backoff with jitter) and starts again, resuming each item from
    /// the last `seq` its readers had. It returns when cancelled, or at once for a URL that cannot work
    /// (``ConnectionState/failed(_:)``); either way every request still waiting fails and every stream it fed
    /// finishes.
    public func run() async {
        registry.withLock { $0.start() }
        var attempt = 1
        while !Task.isCancelled {
            guard let url else {
                registry.withLock { $0.enter(.failed("\(client.baseURL): not an http(s) URL")) }
                break
            }
            registry.withLock { $0.enter(.connecting(attempt: attempt)) }
            var failure = "closed by the server"
            do {
                if try await connectOnce(url) { attempt = 1 }
            } catch is CancellationError {
                break
            } catch ClientError.invalidURL(let reason) {
                registry.withLock { $0.enter(.failed(reason)) }
                break
            } catch {
                failure = String(describing: error)
            }
            if Task.isCancelled { break }
            let delay = StreamLink.backoff(
                attempt: attempt, initial: options.initialBackoff, maximum: options.maximumBackoff)
            registry.withLock { $0.enter(.waiting(delay, error: failure)) }
            try? await Task.sleep(for: delay)
            attempt += 1
        }
        let (waiters, finishers) = registry.withLock { $0.stop() }
        for waiter in waiters { waiter.resume(throwing: AuctionClientError.transport("the auction stream stopped")) }
        for finish in finishers { finish() }
    }

    /// One connection, until either side closes it; returns whether any frame arrived (a link that worked,
    /// so the next attempt starts from the shortest delay).
    private func connectOnce(_ url: String) async throws -> Bool {
        let (configuration, tls) = try StreamLink.configuration(
            url: url, pingInterval: options.pingInterval, trusted: options.trusted)
        let before = registry.withLock { $0.frames }
        defer { closed() }
        let logger = Logger(label: "bourse.sdk.auction-stream")
        try await WebSocketClient.connect(url: url, configuration: configuration, tlsConfiguration: tls, logger: logger)
        {
            inbound, outbound, _ in
            let outbox = self.opened()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await text in outbox { try await outbound.write(.text(text)) }
                }
                group.addTask {
                    for try await message in inbound.messages(maxSize: StreamLink.maximumFrameBytes) {
                        let bytes: Data =
                            switch message {
                            case .text(let text): Data(text.utf8)
                            case .binary(let buffer): Data(buffer.readableBytesView)
                            }
                        self.receive(bytes)
                    }
                }
                group.addTask {
                    // The auction's own ping: keeps a quiet connection from the server's idle timeout, and
                    // the clock fresh.
                    while true {
                        try await Task.sleep(for: self.options.pingInterval)
                        self.registry.withLock { _ = $0.ping() }
                    }
                }
                // Either side ending (the server closed, or a write failed) ends the connection.
                try await group.next()
                group.cancelAll()
            }
        }
        return registry.withLock { $0.frames } > before
    }

    /// A connection opened: returns the frames to write on it, starting with the sign-in and the
    /// resubscription, then the requests that waited.
    func opened() -> AsyncStream<String> {
        let (outbox, writer) = AsyncStream.makeStream(of: String.self)
        registry.withLock { $0.open(writer, token: client.token) }
        return outbox
    }

    /// The connection closed: the requests sent on it fail, since no answer can come any more.
    func closed() {
        let unanswered = registry.withLock { $0.close() }
        for waiter in unanswered {
            waiter.resume(
                throwing: AuctionClientError.transport(
                    "the connection closed before the answer (a bid or purchase may have been taken)"))
        }
    }

    /// Handles one frame: the clock learns its server time, its request gets its answer, its events reach
    /// the readers. A frame that is not JSON is skipped.
    func receive(_ bytes: Data) {
        let received = Date()
        guard let frame = try? AuctionStreamFrame.decode(bytes) else { return }
        let (answers, serverTime) = registry.withLock { $0.receive(frame) }
        if let serverTime { client.observe(serverTime: serverTime, received: received) }
        for (waiter, result) in answers { waiter.resume(with: result) }
    }
}
