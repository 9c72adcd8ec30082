public import BourseStore
public import ServiceLifecycle

/// The single writer as a `Service`: runs until graceful shutdown, then journals what was submitted and
/// writes the final snapshot.
public struct ExchangeService: Service {
    let exchange: DurableExchange

    /// A service running `exchange`.
    public init(_ exchange: DurableExchange) { self.exchange = exchange }

    /// Runs the writer and the journal.
    public func run() async throws {
        try await withGracefulShutdownHandler {
            try await exchange.run()
        } onGracefulShutdown: {
            exchange.shutdown()
        }
    }
}

/// A long-running piece of work as a `Service` that stops on graceful shutdown (by cancellation).
public struct TaskService: Service, CustomStringConvertible {
    /// Its name in logs.
    public let description: String
    let body: @Sendable () async throws -> Void

    /// A service that runs `body` until shutdown cancels it.
    public init(_ name: String, _ body: @escaping @Sendable () async throws -> Void) {
        description = name
        self.body = body
    }

    /// Runs `body`, cancelled on graceful shutdown.
    public func run() async throws {
        try await cancelWhenGracefulShutdown { try await body() }
    }
}

/// A service that starts only once `gate` opens (or never, if shutdown comes first).
///
/// `bourse serve` wraps the HTTP application in one, so it listens only after the demo's backfill.
public struct GatedService<Inner: Service>: Service {
    let gate: Gate
    let inner: Inner

    /// `inner`, held until `gate` opens.
    public init(_ inner: Inner, after gate: Gate) {
        self.inner = inner
        self.gate = gate
    }

    /// Waits for the gate, then runs the inner service.
    public func run() async throws {
        await withGracefulShutdownHandler {
            await gate.wait()
        } onGracefulShutdown: {
            gate.open()
        }
        if Task.isShuttingDownGracefully { return }
        try await inner.run()
    }
}
