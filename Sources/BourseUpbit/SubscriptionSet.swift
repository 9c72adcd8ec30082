import BourseCore

/// The subscriptions of one request, merged: one entry per (kind, market), in order of first appearance.
struct SubscriptionSet {
    private struct Key: Hashable {
        var kind: StreamKind
        var market: MarketCode
    }

    private(set) var subscriptions: [StreamSubscription] = []
    private var positions: [Key: Int] = [:]

    /// Adds or replaces: a repeated pair keeps its first position and takes the new options.
    mutating func add(_ subscription: StreamSubscription) throws(SubscriptionError) {
        let key = Key(kind: subscription.kind, market: subscription.market)
        if let position = positions[key] {
            subscriptions[position] = subscription
            return
        }
        guard subscriptions.count < SubscriptionRequest.maximumSubscriptions else {
            throw .invalidParameter(
                "The request subscribes to more than \(SubscriptionRequest.maximumSubscriptions) (type, code) pairs."
            )
        }
        positions[key] = subscriptions.count
        subscriptions.append(subscription)
    }
}
