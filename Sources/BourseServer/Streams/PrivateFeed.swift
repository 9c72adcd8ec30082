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
/// both), so a message never reports a command that is not yet durable. It publishes on a task of its own
/// (``CommitHandOff``), in commit order, so a message may reach the client just before or just after the
/// placing client's answer. Work is done only for accounts with a connection or a tape: the demo's
/// traffic costs one dictionary look-up per commit.
///
/// A connection that asks (`{"resume":{…}}`, ``PrivateResume``, ADR 0017) gets its messages numbered per
/// topic, and after a reconnect what it missed: the account's ``PrivateTape`` numbers and keeps them. Each
/// account has a lock of its own over its connections, its tape and the delivery of its messages, so a
/// resumed connection's replay ends exactly where its live messages begin, and a replay holds up only the
/// commits of its own account.
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

    /// One account's connections and tape, under the account's own lock.
    private final class Account: Sendable {
        struct State {
            var subscribers: [Int: Subscriber] = [:]
            var tape: PrivateTape?

            /// Nothing left to deliver to or keep.
            var isEmpty: Bool { subscribers.isEmpty && tape == nil }

            /// Drops the tape if no numbered connection has been open for ``PrivateFeed/tapeRetention``.
            mutating func dropTapeIfIdle(at now: Timestamp) {
                if let idle = tape?.idleSince, now.milliseconds - idle.milliseconds >= tapeRetention { tape = nil }
            }
        }

        let state = Mutex(State())
    }

    /// How long an account's tape is kept after its last numbered connection closed: a client away longer
    /// gets `reset` and reads the state over REST.
    static let tapeRetention: Int64 = 10 * 60_000

    let metrics: ServerMetrics
    let clock: @Sendable () -> Timestamp
    /// The accounts with a connection or a tape. Lock order: this map, then an account (never the reverse).
    private let accounts = Mutex<[AccountID: Account]>([:])
    /// Durable commits waiting to be published: the encoding of `myOrder` and `myAsset` happens on a task of
    /// its own, not on the journal loop that hands them over.
    private let handOff = CommitHandOff()

    /// A feed with no connections.
    public init(metrics: ServerMetrics, clock: @escaping @Sendable () -> Timestamp) {
        self.metrics = metrics
        self.clock = clock
    }

    /// The observer to hand to ``DurableExchange`` (beside ``MarketFeed/observer``): it only hands the batch
    /// over (``CommitHandOff``).
    public var observer: DurableExchange.DurableObserver {
        { [weak self] batch in self?.handOff.handOver(batch) { [weak self] in self?.publish($0) } }
    }

    // MARK: - Connections

    /// Starts delivering to `connection` (authenticated as `account`) once it subscribes.
    func open(_ connection: StreamConnection, account: AccountID) {
        accounts.withLock { accounts in
            let box = accounts[account] ?? Account()
            accounts[account] = box
            box.state.withLock { $0.subscribers[connection.id] = Subscriber(connection: connection) }
        }
    }

    /// Replaces what `connection` wants. A numbered request is answered (`resume`) and gets what it missed
    /// before anything new.
    func subscribe(_ connection: StreamConnection, account: AccountID, _ request: PrivateSubscriptionRequest) {
        connection.state.withLock { $0.format = request.format }
        let now = clock()
        guard let box = accounts.withLock({ $0[account] }) else { return }
        box.state.withLock { state in
            guard var subscriber = state.subscribers[connection.id] else { return }
            let wasNumbered = subscriber.numbered
            subscriber.request = request
            state.subscribers[connection.id] = subscriber
            state.dropTapeIfIdle(at: now)
            if let resume = request.resume {
                var tape = state.tape ?? PrivateTape()
                if !wasNumbered {
                    tape.numberedConnections += 1
                    tape.idleSince = nil
                }
                let (answer, replay) = tape.resume(resume, wants: subscriber.wants)
                state.tape = tape
                let format = request.format
                let keys: KeyStyle = format.abbreviatesKeys ? .abbreviated : .full
                send(PrivateStreamJSON.resume(epoch: tape.epoch, answer), to: connection, format: format)
                for entry in replay {
                    send(
                        StreamJSON.sequenced(entry.message.body(keys: keys), entry.sequence, keys: keys),
                        to: connection, format: format)
                }
            } else if wasNumbered {
                Self.leave(at: now, &state)
            }
        }
    }

    /// Stops delivering to `connection`.
    func remove(_ connection: StreamConnection, account: AccountID) {
        let now = clock()
        accounts.withLock { accounts in
            guard let box = accounts[account] else { return }
            let empty = box.state.withLock { state in
                if state.subscribers.removeValue(forKey: connection.id)?.numbered == true {
                    Self.leave(at: now, &state)
                }
                return state.isEmpty
            }
            if empty { accounts[account] = nil }
            // Other accounts' tapes left idle past their time go too (a quiet server has few removals, and
            // each costs one look at the accounts with a connection or a tape).
            for (id, other) in accounts where id != account {
                let gone = other.state.withLock { state in
                    state.dropTapeIfIdle(at: now)
                    return state.isEmpty
                }
                if gone { accounts[id] = nil }
            }
        }
    }

    /// A numbered connection of the account left.
    private static func leave(at now: Timestamp, _ state: inout Account.State) {
        guard var tape = state.tape else { return }
        tape.numberedConnections = max(0, tape.numberedConnections - 1)
        if tape.numberedConnections == 0 { tape.idleSince = now }
        state.tape = tape
    }

    /// Connected accounts (for tests and metrics).
    public var connectedAccounts: Int {
        accounts.withLock { $0.values.count { box in box.state.withLock { !$0.subscribers.isEmpty } } }
    }

    /// Accounts whose messages are numbered (for tests and metrics).
    public var numberedAccounts: Int {
        accounts.withLock { $0.values.count { box in box.state.withLock { $0.tape != nil } } }
    }

    // MARK: - Publishing

    func publish(_ batch: DurableExchange.DurableBatch) {
        let followed = accounts.withLock { accounts -> [AccountID: Account] in
            guard !accounts.isEmpty else { return [:] }
            var followed: [AccountID: Account] = [:]
            for record in batch.orders { if let box = accounts[record.account] { followed[record.account] = box } }
            for changed in batch.balances { if let box = accounts[changed.account] { followed[changed.account] = box } }
            return followed
        }
        guard !followed.isEmpty else { return }
        let now = clock()
        var fills: [OrderID: [OrderFill]] = [:]
        for fill in batch.fills where followed[fill.account] != nil { fills[fill.order, default: []].append(fill) }
        var messages: [AccountID: [(PrivateTape.Message, PrivateResume.Topic)]] = [:]
        for record in batch.orders where followed[record.account] != nil {
            var updates = (fills[record.id] ?? []).map(PrivateStreamJSON.OrderUpdate.trade)
            if record.state != .wait || updates.isEmpty { updates.append(.state) }
            for update in updates {
                messages[record.account, default: []].append(
                    (.order(record, update, time: now), .orders(record.market)))
            }
        }
        var balances: [AccountID: [Balance]] = [:]
        for changed in batch.balances where followed[changed.account] != nil {
            balances[changed.account, default: []].append(changed.balance)
        }
        for (account, changed) in balances {
            messages[account, default: []].append(
                (.assets(changed, uuid: UUID().uuidString.lowercased(), time: now), .assets))
        }
        for (account, list) in messages {
            guard let box = followed[account] else { continue }
            box.state.withLock { state in
                state.dropTapeIfIdle(at: now)
                for (message, topic) in list { Self.publish(message, topic: topic, &state, metrics: metrics) }
            }
        }
    }

    /// Sends `myAlert` about a fired alert to `account`'s connections that subscribed to it.
    public func alertFired(_ alert: Alert, _ notification: StoredNotification) {
        guard let box = accounts.withLock({ $0[alert.account] }) else { return }
        let message = AlertMessage(
            id: alert.id, kind: AlertRow(alert.condition).kind, market: alert.condition.market,
            item: alert.condition.item?.rawValue, notification: notification.id, text: notification.text,
            time: notification.at)
        let now = clock()
        box.state.withLock { state in
            state.dropTapeIfIdle(at: now)
            Self.publish(.alert(message), topic: .alerts, &state, metrics: metrics)
        }
    }

    /// Numbers `message` on the account's tape (if it keeps one), encodes it at most once per format (and
    /// numbered or not), and queues it on every connection of the account that wants `topic`.
    private static func publish(
        _ message: PrivateTape.Message, topic: PrivateResume.Topic, _ state: inout Account.State,
        metrics: ServerMetrics
    ) {
        let sequence = state.tape?.append(message, topic: topic)
        var encoded: [StreamFormat: [UInt8]] = [:]
        var frames: [StreamFormatNumbering: StreamFrame] = [:]
        for subscriber in state.subscribers.values where subscriber.wants(topic) {
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
