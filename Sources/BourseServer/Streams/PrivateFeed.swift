public import BourseCore
public import BourseStore
import BourseUpbit
import BourseWire
import Foundation
import Synchronization

/// The publisher of `/websocket/v1/private`: `myOrder` and `myAsset` messages for each authenticated
/// connection, about its own account only, and (asked for) `myAlert` when one of its alerts fires.
///
/// It watches the same durable commits as ``MarketFeed`` (the exchange's observer hands each commit to
/// both), so a message never reports a command that is not yet durable, and it is queued before the
/// placing client's HTTP answer is sent. Work is done only for accounts with a connection: the demo's
/// traffic costs one dictionary look-up per commit.
///
/// A connection that asks (`{"resume":{…}}`, ``PrivateResume``, ADR 0017) gets its messages numbered per
/// topic, and after a reconnect what it missed: the account's ``PrivateTape`` numbers and keeps them. One
/// lock covers the connections, the tapes and each commit's delivery, so a resumed connection's replay
/// ends exactly where its live messages begin.
public final class PrivateFeed: Sendable {
    struct Subscriber {
        var connection: StreamConnection
        var request: PrivateSubscriptionRequest?

        /// Whether the connection asked for numbered messages.
        var numbered: Bool { request?.resume != nil }

        /// Whether its subscription takes messages of `topic`.
        func wants(_ topic: PrivateResume.Topic) -> Bool {
            guard let request else { return false }
            switch topic {
            case .orders(let market): return request.orders && (request.orderMarkets?.contains(market) ?? true)
            case .assets: return request.assets
            case .alerts: return request.alerts
            }
        }
    }

    /// What a `myAlert` message is made of (kept on a tape to be encoded again in a replay).
    struct AlertMessage {
        var id: UInt64
        var kind: String
        var market: MarketCode?
        var item: UInt64?
        var notification: UInt64
        var text: String
        var time: Timestamp

        func body(keys: KeyStyle) -> [UInt8] {
            PrivateStreamJSON.myAlert(
                id: id, kind: kind, market: market, item: item, notification: notification, text: text, time: time,
                keys: keys)
        }
    }

    private struct State {
        var subscribers: [AccountID: [Int: Subscriber]] = [:]
        var tapes: [AccountID: PrivateTape] = [:]
    }

    /// How long an account's tape is kept after its last numbered connection closed: a client away longer
    /// gets `reset` and reads the state over REST.
    static let tapeRetention: Int64 = 10 * 60_000

    let metrics: ServerMetrics
    let clock: @Sendable () -> Timestamp
    private let state = Mutex(State())

    /// A feed with no connections.
    public init(metrics: ServerMetrics, clock: @escaping @Sendable () -> Timestamp) {
        self.metrics = metrics
        self.clock = clock
    }

    /// The observer to hand to ``DurableExchange`` (beside ``MarketFeed/observer``).
    public var observer: DurableExchange.DurableObserver {
        { [weak self] batch in self?.publish(batch) }
    }

    // MARK: - Connections

    /// Starts delivering to `connection` (authenticated as `account`) once it subscribes.
    func open(_ connection: StreamConnection, account: AccountID) {
        state.withLock { $0.subscribers[account, default: [:]][connection.id] = Subscriber(connection: connection) }
    }

    /// Replaces what `connection` wants. A numbered request is answered (`resume`) and gets what it missed
    /// before anything new.
    func subscribe(_ connection: StreamConnection, account: AccountID, _ request: PrivateSubscriptionRequest) {
        connection.state.withLock { $0.format = request.format }
        let now = clock()
        state.withLock { state in
            guard var subscriber = state.subscribers[account]?[connection.id] else { return }
            let wasNumbered = subscriber.numbered
            subscriber.request = request
            state.subscribers[account]?[connection.id] = subscriber
            if let resume = request.resume {
                var tape = state.tapes[account] ?? PrivateTape()
                if !wasNumbered {
                    tape.numberedConnections += 1
                    tape.idleSince = nil
                }
                let (answer, replay) = tape.resume(resume, wants: subscriber.wants)
                state.tapes[account] = tape
                let format = request.format
                let keys: KeyStyle = format.abbreviatesKeys ? .abbreviated : .full
                send(PrivateStreamJSON.resume(epoch: tape.epoch, answer), to: connection, format: format)
                for entry in replay {
                    send(
                        StreamJSON.sequenced(entry.message.body(keys: keys), entry.sequence, keys: keys),
                        to: connection, format: format)
                }
            } else if wasNumbered {
                Self.leave(account, at: now, &state)
            }
            Self.dropIdleTapes(at: now, &state)
        }
    }

    /// Stops delivering to `connection`.
    func remove(_ connection: StreamConnection, account: AccountID) {
        let now = clock()
        state.withLock { state in
            let subscriber = state.subscribers[account]?.removeValue(forKey: connection.id)
            if state.subscribers[account]?.isEmpty == true { state.subscribers[account] = nil }
            if subscriber?.numbered == true { Self.leave(account, at: now, &state) }
            Self.dropIdleTapes(at: now, &state)
        }
    }

    /// A numbered connection of `account` left.
    private static func leave(_ account: AccountID, at now: Timestamp, _ state: inout State) {
        guard var tape = state.tapes[account] else { return }
        tape.numberedConnections = max(0, tape.numberedConnections - 1)
        if tape.numberedConnections == 0 { tape.idleSince = now }
        state.tapes[account] = tape
    }

    private static func dropIdleTapes(at now: Timestamp, _ state: inout State) {
        state.tapes = state.tapes.filter { _, tape in
            tape.idleSince.map { now.milliseconds - $0.milliseconds < tapeRetention } ?? true
        }
    }

    /// Connected accounts (for tests and metrics).
    public var connectedAccounts: Int { state.withLock { $0.subscribers.count } }

    /// Accounts whose messages are numbered (for tests and metrics).
    public var numberedAccounts: Int { state.withLock { $0.tapes.count } }

    // MARK: - Publishing

    func publish(_ batch: DurableExchange.DurableBatch) {
        state.withLock { state in
            guard !state.subscribers.isEmpty || !state.tapes.isEmpty else { return }
            func followed(_ account: AccountID) -> Bool {
                state.subscribers[account] != nil || state.tapes[account] != nil
            }
            guard
                batch.orders.contains(where: { followed($0.account) })
                    || batch.balances.contains(where: { followed($0.account) })
            else { return }
            let now = clock()
            var fills: [OrderID: [OrderFill]] = [:]
            for fill in batch.fills where followed(fill.account) { fills[fill.order, default: []].append(fill) }
            for record in batch.orders where followed(record.account) {
                var updates = (fills[record.id] ?? []).map(PrivateStreamJSON.OrderUpdate.trade)
                if record.state != .wait || updates.isEmpty { updates.append(.state) }
                for update in updates {
                    Self.publish(
                        .order(record, update, time: now), topic: .orders(record.market), to: record.account, &state,
                        metrics: metrics)
                }
            }
            var balances: [AccountID: [Balance]] = [:]
            var order: [AccountID] = []
            for changed in batch.balances where followed(changed.account) {
                if balances[changed.account] == nil { order.append(changed.account) }
                balances[changed.account, default: []].append(changed.balance)
            }
            for account in order {
                let uuid = UUID().uuidString.lowercased()
                Self.publish(
                    .assets(balances[account] ?? [], uuid: uuid, time: now), topic: .assets, to: account, &state,
                    metrics: metrics)
            }
        }
    }

    /// Sends `myAlert` about a fired alert to `account`'s connections that subscribed to it.
    public func alertFired(_ alert: Alert, _ notification: StoredNotification) {
        let message = AlertMessage(
            id: alert.id, kind: AlertRow(alert.condition).kind, market: alert.condition.market,
            item: alert.condition.item?.rawValue, notification: notification.id, text: notification.text,
            time: notification.at)
        state.withLock { state in
            guard state.subscribers[alert.account] != nil || state.tapes[alert.account] != nil else { return }
            Self.publish(.alert(message), topic: .alerts, to: alert.account, &state, metrics: metrics)
        }
    }

    /// Numbers `message` on `account`'s tape (if it keeps one), encodes it at most once per format (and
    /// numbered or not), and queues it on every connection of the account that wants `topic`.
    private static func publish(
        _ message: PrivateTape.Message, topic: PrivateResume.Topic, to account: AccountID, _ state: inout State,
        metrics: ServerMetrics
    ) {
        let sequence = state.tapes[account]?.append(message, topic: topic)
        guard let subscribers = state.subscribers[account] else { return }
        var encoded: [StreamFormat: [UInt8]] = [:]
        var frames: [StreamFormatNumbering: StreamFrame] = [:]
        for subscriber in subscribers.values where subscriber.wants(topic) {
            guard let format = subscriber.request?.format else { continue }
            let numbered = subscriber.numbered ? sequence : nil
            let key = StreamFormatNumbering(format: format, numbered: numbered != nil)
            let frame =
                frames[key]
                ?? {
                    let keys: KeyStyle = format.abbreviatesKeys ? .abbreviated : .full
                    let body = encoded[format] ?? message.body(keys: keys)
                    encoded[format] = body
                    let numberedBody = numbered.map { StreamJSON.sequenced(body, $0, keys: keys) } ?? body
                    let frame = StreamFrame(binary: format.isList ? StreamJSON.listed(numberedBody) : numberedBody)
                    frames[key] = frame
                    return frame
                }()
            if subscriber.connection.enqueue(frame) { metrics.privateMessagesSent.increment() }
        }
    }

    /// Queues one message for one connection, in its format.
    private func send(_ body: [UInt8], to connection: StreamConnection, format: StreamFormat) {
        let bytes = format.isList ? StreamJSON.listed(body) : body
        if connection.enqueue(StreamFrame(binary: bytes)) { metrics.privateMessagesSent.increment() }
    }
}

/// A frame's cache key: the format, and whether it carries the number.
private struct StreamFormatNumbering: Hashable {
    var format: StreamFormat
    var numbered: Bool
}
