import Foundation
import HummingbirdWSClient
import Logging
import NIOCore

extension MarketStream {
    /// Keeps the connection until the task is cancelled: connects, subscribes, delivers, and after any
    /// failure or close waits (exponential backoff with jitter) and starts again. Paused, or with nothing
    /// wanted, it stays closed until that changes. It returns when cancelled, or at once for a URL that
    /// cannot work (``ConnectionState/failed(_:)``); either way every stream it fed finishes.
    public func run() async {
        var attempt = 1
        while !Task.isCancelled {
            if registry.withLock({ $0.paused }) {
                registry.withLock { $0.enter(.paused) }
                await wait { $0.paused }
                continue
            }
            if registry.withLock({ $0.wantsNothing }) {
                registry.withLock { registry in
                    registry.enter(.idle)
                    // Opening again for new interest is not a reconnect.
                    registry.countsNextConnection = false
                }
                await wait { !$0.paused && $0.wantsNothing }
                continue
            }
            registry.withLock { $0.enter(.connecting(attempt: attempt)) }
            var failure = "closed by the server"
            do {
                switch try await connectOnce() {
                case .closedOnPurpose: continue
                case .ended(let delivered): if delivered { attempt = 1 }
                }
            } catch is CancellationError {
                break
            } catch ClientError.invalidURL(let reason) {
                registry.withLock { $0.enter(.failed(reason)) }
                break
            } catch {
                failure = String(describing: error)
            }
            if Task.isCancelled { break }
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

    /// The delay before reconnect attempt `attempt + 1`: the backoff both sockets use, with these options.
    static func backoff(attempt: Int, options: Options) -> Duration {
        StreamLink.backoff(attempt: attempt, initial: options.initialBackoff, maximum: options.maximumBackoff)
    }

    /// How a connection ended.
    private enum Ending {
        /// Closed by the client: paused, or nothing wanted for ``Options/idleAfter``.
        case closedOnPurpose
        /// Closed by the server or the network; `delivered` says whether any message came first.
        case ended(delivered: Bool)
    }

    /// One connection: subscribes to what is wanted (again whenever that changes), delivers messages until
    /// the link closes, or until pausing (or wanting nothing for a while) closes it.
    private func connectOnce() async throws -> Ending {
        let (configuration, tls) = try StreamLink.configuration(
            url: url, pingInterval: options.pingInterval, trusted: options.trusted)
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        registry.withLock { $0.wake = wake }
        defer { registry.withLock { $0.wake = nil } }
        let logger = Logger(label: "bourse.sdk.stream")
        let before = registry.withLock { $0.messages }
        registry.withLock { $0.closedOnPurpose = false }
        try await WebSocketClient.connect(url: url, configuration: configuration, tlsConfiguration: tls, logger: logger)
        {
            inbound, outbound, _ in
            self.registry.withLock { registry in
                if registry.countsNextConnection { registry.reconnects += 1 }
                registry.countsNextConnection = true
                registry.enter(.connected)
            }
            let onPurpose = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask { try await self.follow(wakes, wake, outbound) }
                group.addTask {
                    for try await message in inbound.messages(maxSize: StreamLink.maximumFrameBytes) {
                        self.registry.withLock { $0.messages += 1 }
                        let bytes: Data =
                            switch message {
                            case .binary(let buffer): Data(buffer.readableBytesView)
                            case .text(let text): Data(text.utf8)
                            }
                        if let (decoded, sequence) = try? StreamMessage.numbered(bytes) {
                            if case .other(let type) = decoded, type == "resume",
                                let status = try? ResumeStatus.decode(bytes)
                            {
                                self.registry.withLock { registry in
                                    if status.status == "reset" {
                                        registry.forget(Registry.Topic(type: status.topic, code: status.code))
                                    }
                                    if status.topic == "trade", status.status == "snapshot" || status.status == "reset"
                                    {
                                        registry.resumeGaps += 1
                                    }
                                }
                            }
                            self.registry.withLock { $0.deliver(decoded, sequence: sequence) }
                        }
                    }
                    return false
                }
                // Either side ending (the server closed, or the client is done with it) ends the connection.
                let result = try await group.next() ?? false
                group.cancelAll()
                return result
            }
            self.registry.withLock { $0.closedOnPurpose = onPurpose }
        }
        if registry.withLock({ $0.closedOnPurpose }) { return .closedOnPurpose }
        return .ended(delivered: registry.withLock { $0.messages } > before)
    }

    /// Subscribes to what is wanted, and again whenever that changes; returns `true` when the connection
    /// should close: paused, or nothing wanted for ``Options/idleAfter`` (a view swap in between
    /// resubscribes on the same connection).
    private func follow(
        _ wakes: AsyncStream<Void>, _ wake: AsyncStream<Void>.Continuation, _ outbound: WebSocketOutboundWriter
    ) async throws -> Bool {
        try await withThrowingTaskGroup(of: Void.self) { timers in
            defer { timers.cancelAll() }
            var subscribed: [String: Set<String>] = [:]
            var idleSince: ContinuousClock.Instant?
            var iterator = wakes.makeAsyncIterator()
            repeat {
                if registry.withLock({ $0.paused }) { return true }
                if registry.withLock({ $0.wantsNothing }) {
                    let now = ContinuousClock.now
                    if let idleSince, now - idleSince >= options.idleAfter { return true }
                    if idleSince == nil {
                        idleSince = now
                        // A wake when the time is up, unless interest comes back first.
                        timers.addTask { [idleAfter = options.idleAfter] in
                            try await Task.sleep(for: idleAfter)
                            wake.yield()
                        }
                    }
                } else {
                    idleSince = nil
                    try await subscribe(&subscribed, outbound)
                }
            } while await iterator.next() != nil
            return false
        }
    }

    /// The TLS server name for `url` (the one rule both sockets use): `nil` (its host) for a host name or a
    /// plain `ws://` URL; `localhost` for a loopback address; other IP addresses cannot be named and throw.
    public static func serverName(for url: String) throws -> String? {
        try StreamLink.serverName(for: url)
    }

    /// Sends a subscription for everything wanted, if it differs from what `subscribed` holds (always on a
    /// new connection), resuming each topic from the last number seen.
    private func subscribe(
        _ subscribed: inout [String: Set<String>], _ outbound: WebSocketOutboundWriter
    )
        async throws
    {
        let wanted = registry.withLock { $0.wanted }.filter { !$0.value.isEmpty }
        guard wanted != subscribed, !wanted.isEmpty else { return }
        subscribed = wanted
        // A new request: whatever the server refused before no longer stands.
        let resume = registry.withLock { registry in
            if case .refused = registry.state { registry.enter(.connected) }
            return registry.resumePoints(for: wanted)
        }
        try await outbound.write(.text(Self.subscription(wanted, resume: options.resumes ? resume : nil)))
    }

    /// The subscription request for `wanted` codes per type, types and codes sorted (DEFAULT format:
    /// snapshot, then realtime). A new request replaces the connection's previous one. With `resume` (Bourse's
    /// extension), messages come numbered, and each topic in it continues after its number: what was missed
    /// is replayed (trades) or sent as a fresh snapshot.
    static func subscription(_ wanted: [String: Set<String>], resume: [Registry.Topic: UInt64]? = nil) -> String {
        let types = wanted.keys.sorted().map { type in
            let codes = (wanted[type] ?? []).sorted().map { "\"\($0)\"" }.joined(separator: ",")
            return #"{"type":""# + type + #"","codes":["# + codes + "]}"
        }
        var request = #"[{"ticket":"bourse-sdk"},"# + types.joined(separator: ",") + #",{"format":"DEFAULT"}"#
        if let resume {
            let byType = Dictionary(grouping: resume, by: \.key.type)
            let members = byType.keys.sorted().map { type in
                let codes = (byType[type] ?? []).sorted { $0.key.code < $1.key.code }
                    .map { #"""# + $0.key.code + #"":"# + String($0.value) }.joined(separator: ",")
                return #"""# + type + #"":{"# + codes + "}"
            }
            request += #",{"resume":{"# + members.joined(separator: ",") + "}}"
        }
        return request + "]"
    }

    /// A `resume` message's fields the stream reads.
    struct ResumeStatus: Decodable {
        var topic: String
        var code: String
        var status: String

        static func decode(_ bytes: Data) throws -> ResumeStatus {
            try JSONDecoder().decode(ResumeStatus.self, from: bytes)
        }
    }
}
