public import BourseCore
public import BourseStore
import BourseToolkit
import BourseUpbit
import BourseWire
import NIOCore
import Synchronization

/// The publisher of `/websocket/v1`: turns durable commits into Upbit stream messages and fans them out.
///
/// One task (``run()``) owns everything that changes: each market's stream-side market data, the
/// subscription index and the connections. Durable commits, subscription requests and the once-a-second
/// tick all arrive through one inbox and are handled in order, so a subscriber always gets its
/// `SNAPSHOT` before any `REALTIME` message, and never a message about a command that is not yet durable.
///
/// Each message is encoded once per key style (and wrapped once for the LIST formats); every subscriber
/// of the topic gets the same bytes.
public final class MarketFeed: Sendable {
    enum Input: Sendable {
        case batch(DurableExchange.DurableBatch)
        case open(StreamConnection)
        case subscribe(StreamConnection, SubscriptionRequest)
        case remove(StreamConnection)
        case keepalive(StreamConnection)
        case tick(Timestamp)
    }

    struct Inbox {
        var inputs: [Input] = []
        var stopping = false
    }

    let options: StreamOptions
    let metrics: ServerMetrics
    let clock: @Sendable () -> Timestamp
    let inbox = Monitor(Inbox())
    let exchange = Mutex<DurableExchange?>(nil)
    let initial: Mutex<FeedState?>
    let connectionCount = Atomic<Int>(0)
    let connectionObjects = ObjectCensus()
    let nextConnectionID = Atomic<Int>(1)
    /// Who gets the tickers of watched markets after each commit (the alerts), if anyone.
    let tickerObserver = Mutex<(any TickerObserver)?>(nil)

    /// A feed starting from the markets and market data of `state` (the recovered exchange state).
    public init(
        state: ExchangeState, options: StreamOptions, metrics: ServerMetrics,
        clock: @escaping @Sendable () -> Timestamp
    ) {
        self.options = options
        self.metrics = metrics
        self.clock = clock
        initial = Mutex(FeedState(state: state))
        // The recovered position, so the gauge is right from the start, not only after the next commit.
        metrics.journalSequence.set(Double(state.lastSequence))
    }

    /// Connects the feed to the exchange whose commits it publishes (it reads books from it).
    public func attach(_ exchange: DurableExchange) {
        self.exchange.withLock { $0 = exchange }
    }

    /// Hands `observer` the durable tickers of the markets it watches after each commit that trades on them.
    func observeTickers(_ observer: any TickerObserver) {
        tickerObserver.withLock { $0 = observer }
    }

    /// The observer to hand to ``DurableExchange``: queues each durable commit for publishing.
    public var observer: DurableExchange.DurableObserver {
        { [weak self] batch in self?.send(.batch(batch)) }
    }

    // MARK: - Connections

    /// A new connection; call ``disconnect(_:)`` when it ends.
    public func connect() -> StreamConnection {
        let connection = StreamConnection(
            id: nextConnectionID.add(1, ordering: .relaxed).oldValue,
            maximumQueuedBytes: options.maximumQueuedBytes, now: clock(), census: connectionObjects)
        connectionCount.add(1, ordering: .relaxed)
        metrics.connections.increment()
        send(.open(connection))
        return connection
    }

    /// Forgets a connection.
    public func disconnect(_ connection: StreamConnection) {
        connection.finish()
        connectionCount.subtract(1, ordering: .relaxed)
        metrics.connections.decrement()
        send(.remove(connection))
    }

    /// Open connections.
    public var connections: Int { connectionCount.load(ordering: .relaxed) }

    /// Connection objects still in memory, closed or not: once every client is gone and its socket
    /// closed, none should be left (a leak shows here, independent of the machine's memory figures).
    public var liveConnectionObjects: Int { connectionObjects.alive }

    /// Handles one request frame of `connection`: a subscription, `LIST_SUBSCRIPTIONS` or `PING`.
    public func receive(_ bytes: [UInt8], from connection: StreamConnection) {
        connection.touch(at: clock())
        if bytes == Array("PING".utf8) {
            send(.keepalive(connection))
            return
        }
        do {
            let request = try SubscriptionRequest(parsing: bytes)
            send(.subscribe(connection, request))
        } catch {
            let frame = StreamFrame(binary: StreamJSON.error(name: error.name, message: error.message))
            if connection.enqueue(frame) { metrics.messagesSent.increment() }
        }
    }

    // MARK: - Running

    /// Publishes until ``shutdown()`` (or cancellation), then closes every connection with a reason.
    public func run() async {
        var state = initial.withLock { $0.take() } ?? FeedState(markets: [])
        await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.runTicker() }
                while let inputs = await nextInputs() {
                    for input in inputs { handle(input, in: &state) }
                }
                group.cancelAll()
            }
        } onCancel: {
            shutdown()
        }
        for connection in state.connections.values { connection.connection.close(.shutdown) }
    }

    /// Stops the feed.
    public func shutdown() {
        inbox.update { $0.stopping = true }
    }

    func send(_ input: Input) {
        inbox.update { inbox in
            guard !inbox.stopping else { return }
            inbox.inputs.append(input)
        }
    }

    /// Everything sent since the last call, oldest first, once there is something; nil once stopping.
    private func nextInputs() async -> [Input]? {
        await inbox.wait(until: { $0.stopping || !$0.inputs.isEmpty }) { inbox -> [Input]? in
            guard !inbox.stopping else { return nil }
            defer { inbox.inputs.removeAll(keepingCapacity: true) }
            return inbox.inputs
        }
    }

    private func runTicker() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            send(.tick(clock()))
        }
    }

    private func handle(_ input: Input, in state: inout FeedState) {
        switch input {
        case .batch(let batch): publish(batch, in: &state)
        case .open(let connection):
            state.connections[connection.id] =
                state.connections[connection.id] ?? FeedState.Entry(connection: connection)
        case .subscribe(let connection, let request): subscribe(connection, request, in: &state)
        case .remove(let connection): state.remove(connection)
        case .keepalive(let connection): keepalive(connection, in: &state)
        case .tick(let now): tick(now, in: &state)
        }
    }
}

/// Limits and timers of the WebSocket streams.
public struct StreamOptions: Sendable {
    /// Bytes a connection may have waiting before it is closed as too slow.
    public var maximumQueuedBytes = 4 << 20
    /// A connection with no data in either direction for this long is closed (Upbit: about 120 s).
    public var idleTimeout: Duration = .seconds(120)
    /// After a text `PING`, `{"status":"UP"}` is repeated this often.
    public var keepaliveInterval: Duration = .seconds(10)
    /// WebSocket handshakes per second per client address (Upbit allows 5, §5.3); more are answered `429`.
    /// Generous by default: ccxt.pro and test suites open several sockets at once. 0 turns it off.
    public var connectsPerSecond = 50
    /// Request messages per second per connection (Upbit allows 5, §5.3); more are answered with a
    /// `TOO_MANY_REQUESTS` error frame and ignored. 0 turns it off.
    public var messagesPerSecond = 50

    /// Every setting at the default written beside it.
    public init() {}
}
