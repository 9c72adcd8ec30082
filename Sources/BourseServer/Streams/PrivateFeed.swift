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
public final class PrivateFeed: Sendable {
    struct Subscriber {
        var connection: StreamConnection
        var request: PrivateSubscriptionRequest?
    }

    let metrics: ServerMetrics
    let clock: @Sendable () -> Timestamp
    private let accounts = Mutex<[AccountID: [Int: Subscriber]]>([:])

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
        accounts.withLock { $0[account, default: [:]][connection.id] = Subscriber(connection: connection) }
    }

    /// Replaces what `connection` wants.
    func subscribe(_ connection: StreamConnection, account: AccountID, _ request: PrivateSubscriptionRequest) {
        connection.state.withLock { $0.format = request.format }
        accounts.withLock { $0[account]?[connection.id]?.request = request }
    }

    /// Stops delivering to `connection`.
    func remove(_ connection: StreamConnection, account: AccountID) {
        accounts.withLock { accounts in
            accounts[account]?[connection.id] = nil
            if accounts[account]?.isEmpty == true { accounts[account] = nil }
        }
    }

    /// Connected accounts (for tests and metrics).
    public var connectedAccounts: Int { accounts.withLock { $0.count } }

    // MARK: - Publishing

    func publish(_ batch: DurableExchange.DurableBatch) {
        let subscribed = accounts.withLock { accounts -> [AccountID: [Subscriber]] in
            guard !accounts.isEmpty else { return [:] }
            var touched: Set<AccountID> = []
            for record in batch.orders where accounts[record.account] != nil { touched.insert(record.account) }
            for changed in batch.balances where accounts[changed.account] != nil { touched.insert(changed.account) }
            return Dictionary(uniqueKeysWithValues: touched.map { ($0, Array(accounts[$0]!.values)) })
        }
        guard !subscribed.isEmpty else { return }
        let now = clock()
        var fills: [OrderID: [OrderFill]] = [:]
        for fill in batch.fills where subscribed[fill.account] != nil { fills[fill.order, default: []].append(fill) }
        for record in batch.orders {
            guard let subscribers = subscribed[record.account] else { continue }
            var updates = (fills[record.id] ?? []).map(PrivateStreamJSON.OrderUpdate.trade)
            if record.state != .wait || updates.isEmpty { updates.append(.state) }
            for update in updates {
                deliver(to: subscribers, wants: { $0.orders && ($0.orderMarkets?.contains(record.market) ?? true) }) {
                    PrivateStreamJSON.myOrder(record, update, time: now, keys: $0)
                }
            }
        }
        var balances: [AccountID: [Balance]] = [:]
        for changed in batch.balances where subscribed[changed.account] != nil {
            balances[changed.account, default: []].append(changed.balance)
        }
        for (account, changed) in balances {
            let uuid = UUID().uuidString.lowercased()
            deliver(to: subscribed[account] ?? [], wants: \.assets) {
                PrivateStreamJSON.myAsset(changed, assetUUID: uuid, time: now, keys: $0)
            }
        }
    }

    /// Sends `myAlert` about a fired alert to `account`'s connections that subscribed to it.
    public func alertFired(_ alert: Alert, _ notification: StoredNotification) {
        let subscribers = accounts.withLock { $0[alert.account].map { Array($0.values) } ?? [] }
        guard !subscribers.isEmpty else { return }
        deliver(to: subscribers, wants: \.alerts) { keys in
            PrivateStreamJSON.myAlert(
                id: alert.id, kind: AlertRow(alert.condition).kind, market: alert.condition.market,
                item: alert.condition.item?.rawValue, notification: notification.id, text: notification.text,
                time: notification.at, keys: keys)
        }
    }

    /// Encodes a message at most once per key style and queues it on every subscriber that wants it.
    private func deliver(
        to subscribers: [Subscriber], wants: (PrivateSubscriptionRequest) -> Bool, _ encode: (KeyStyle) -> [UInt8]
    ) {
        var encoded: [StreamFormat: StreamFrame] = [:]
        for subscriber in subscribers {
            guard let request = subscriber.request, wants(request) else { continue }
            let format = request.format
            let frame =
                encoded[format]
                ?? {
                    let body = encode(format.abbreviatesKeys ? .abbreviated : .full)
                    let frame = StreamFrame(binary: format.isList ? StreamJSON.listed(body) : body)
                    encoded[format] = frame
                    return frame
                }()
            if subscriber.connection.enqueue(frame) { metrics.privateMessagesSent.increment() }
        }
    }
}
