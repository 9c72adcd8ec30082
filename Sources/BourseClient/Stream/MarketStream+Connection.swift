import Foundation
import HummingbirdWSClient
import Logging
import NIOCore

extension MarketStream {
    /// Keeps the connection until the task is cancelled: connects, subscribes, delivers, and after any
    /// failure or close waits (exponential backoff with jitter) and starts again. Paused, it stays closed.
    /// When cancelled, every stream it fed finishes.
    public func run() async {
        var attempt = 1
        while !Task.isCancelled {
            if registry.withLock({ $0.paused }) {
                registry.withLock { $0.enter(.paused) }
                try? await Task.sleep(for: .milliseconds(100))
                continue
            }
            registry.withLock { $0.enter(.connecting(attempt: attempt)) }
            var failure = "closed by the server"
            do {
                let delivered = try await connectOnce()
                if delivered { attempt = 1 }
            } catch is CancellationError {
                break
            } catch {
                failure = String(describing: error)
            }
            if Task.isCancelled { break }
            if registry.withLock({ $0.paused }) { continue }
            let delay = Self.backoff(attempt: attempt, options: options)
            registry.withLock { $0.enter(.waiting(delay, error: failure)) }
            try? await Task.sleep(for: delay)
            attempt += 1
        }
        let (sinks, watchers) = registry.withLock { $0.takeAll() }
        for sink in sinks { sink.finish() }
        for watcher in watchers { watcher.finish() }
    }

    /// The delay before reconnect attempt `attempt + 1`: `initialBackoff · 2^(attempt-1)`, at most
    /// `maximumBackoff`, times a random factor in [0.5, 1] so that many clients do not return at once.
    static func backoff(attempt: Int, options: Options) -> Duration {
        let doubled = options.initialBackoff * (1 << min(max(attempt - 1, 0), 20))
        let capped = min(doubled, options.maximumBackoff)
        return capped * Double.random(in: 0.5...1)
    }

    /// One connection: subscribes to what is wanted (again whenever that changes), delivers messages until
    /// the link closes or pausing closes it. Returns whether any message arrived.
    private func connectOnce() async throws -> Bool {
        var configuration = WebSocketClientConfiguration()
        configuration.autoPing = .enabled(timePeriod: options.pingInterval)
        configuration.maxFrameSize = 1 << 22
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        registry.withLock { $0.wake = wake }
        defer { registry.withLock { $0.wake = nil } }
        let logger = Logger(label: "bourse.sdk.stream")
        let before = registry.withLock { $0.messages }
        try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) {
            inbound, outbound, _ in
            self.registry.withLock { $0.enter(.connected) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    var subscribed: [String: Set<String>] = [:]
                    try await self.subscribe(&subscribed, outbound)
                    for await _ in wakes {
                        if self.registry.withLock({ $0.paused }) { return }
                        try await self.subscribe(&subscribed, outbound)
                    }
                }
                group.addTask {
                    for try await message in inbound.messages(maxSize: 1 << 22) {
                        self.registry.withLock { $0.messages += 1 }
                        let bytes: Data =
                            switch message {
                            case .binary(let buffer): Data(buffer.readableBytesView)
                            case .text(let text): Data(text.utf8)
                            }
                        if let decoded = try? StreamMessage.decode(bytes) {
                            self.registry.withLock { $0.deliver(decoded) }
                        }
                    }
                }
                // Either side ending (the server closed, or a pause) ends the connection.
                try await group.next()
                group.cancelAll()
            }
        }
        return registry.withLock { $0.messages } > before
    }

    /// Sends a subscription for everything wanted, if it differs from what `subscribed` holds.
    private func subscribe(
        _ subscribed: inout [String: Set<String>], _ outbound: WebSocketOutboundWriter
    )
        async throws
    {
        let wanted = registry.withLock { $0.wanted }.filter { !$0.value.isEmpty }
        guard wanted != subscribed, !wanted.isEmpty else { return }
        subscribed = wanted
        try await outbound.write(.text(Self.subscription(wanted)))
    }

    /// The subscription request for `wanted` codes per type, types and codes sorted (DEFAULT format:
    /// snapshot, then realtime). A new request replaces the connection's previous one.
    static func subscription(_ wanted: [String: Set<String>]) -> String {
        let types = wanted.keys.sorted().map { type in
            let codes = (wanted[type] ?? []).sorted().map { "\"\($0)\"" }.joined(separator: ",")
            return #"{"type":""# + type + #"","codes":["# + codes + "]}"
        }
        return #"[{"ticket":"bourse-sdk"},"# + types.joined(separator: ",") + #",{"format":"DEFAULT"}]"#
    }
}
