import Foundation
import HummingbirdWSClient
import Logging
import NIOCore

extension MarketStream {
    /// Keeps the connection until the task is cancelled: connects, subscribes, delivers, and after any
    /// failure or close waits (exponential backoff with jitter) and starts again. Paused, or with nothing
    /// wanted, it stays closed until that changes. When cancelled, every stream it fed finishes.
    public func run() async {
        var attempt = 1
        while !Task.isCancelled {
            if registry.withLock({ $0.paused }) {
                registry.withLock { $0.enter(.paused) }
                await wait { $0.paused }
                continue
            }
            if registry.withLock({ $0.wantsNothing }) {
                registry.withLock { $0.enter(.idle) }
                await wait { !$0.paused && $0.wantsNothing }
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
            // Closed on purpose (paused, or nothing wanted any more): no backoff.
            if registry.withLock({ $0.paused || $0.wantsNothing }) { continue }
            let delay = Self.backoff(attempt: attempt, options: options)
            registry.withLock { $0.enter(.waiting(delay, error: failure)) }
            try? await Task.sleep(for: delay)
            attempt += 1
        }
        let (sinks, watchers) = registry.withLock { $0.takeAll() }
        for sink in sinks { sink.finish() }
        for watcher in watchers { watcher.finish() }
    }

    /// Returns once `condition` no longer holds (it is checked whenever interest or pausing changes), or
    /// when the task is cancelled.
    private func wait(while condition: @escaping @Sendable (Registry) -> Bool) async {
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let holds = registry.withLock { registry in
            guard condition(registry) else { return false }
            registry.wake = wake
            return true
        }
        guard holds else { return }
        defer { registry.withLock { $0.wake = nil } }
        for await _ in wakes where !registry.withLock({ condition($0) }) { return }
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
        let tls = try options.trusted?.clientConfiguration()
        configuration.sniHostname = try Self.serverName(url)
        try await WebSocketClient.connect(url: url, configuration: configuration, tlsConfiguration: tls, logger: logger)
        {
            inbound, outbound, _ in
            self.registry.withLock { registry in
                registry.connections += 1
                registry.enter(.connected)
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    var subscribed: [String: Set<String>] = [:]
                    try await self.subscribe(&subscribed, outbound)
                    if self.registry.withLock({ $0.paused || $0.wantsNothing }) { return }
                    for await _ in wakes {
                        // Paused, or nothing wanted any more: close (`run` decides what comes next).
                        if self.registry.withLock({ $0.paused || $0.wantsNothing }) { return }
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

    /// The TLS server name for `url`: `nil` (its host) for a host name. TLS cannot name an IP address, and
    /// the WebSocket client would try; a loopback address is named `localhost`, which is the same machine
    /// (and in the certificate `bourse serve --tls` makes). Other addresses need the server's host name.
    static func serverName(_ url: String) throws -> String? {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "wss",
            let host = components.host
        else { return nil }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let isIPv4 = bare.split(separator: ".").count == 4 && bare.allSatisfy { $0.isNumber || $0 == "." }
        guard isIPv4 || bare.contains(":") else { return nil }
        if bare.hasPrefix("127.") || bare == "::1" { return "localhost" }
        throw ClientError.invalidURL("\(url): wss:// needs the server's host name, not an IP address (TLS names hosts)")
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
        // A new request: whatever the server refused before no longer stands.
        registry.withLock { registry in
            if case .refused = registry.state { registry.enter(.connected) }
        }
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
