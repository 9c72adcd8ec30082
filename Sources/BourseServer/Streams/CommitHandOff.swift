import BourseStore
import Synchronization

/// Takes durable commits from the journal loop and publishes them on a task of its own, in commit order.
///
/// `DurableExchange`'s observer runs on the journal loop, before the commit's submitters are answered and
/// before the next commit can start, so whatever it does delays both: it should only hand the batch over.
/// A publisher that encodes per commit (the auction feed's items, the private feed's `myOrder` and
/// `myAsset`) puts its work here; one task at a time drains the queue, so commits still go out in order.
final class CommitHandOff: Sendable {
    private let queue = Mutex<(batches: [DurableExchange.DurableBatch], publishing: Bool)>(([], false))

    init() {}

    /// Queues `batch`, and starts a task publishing the queue with `publish` unless one is running. (The
    /// publisher passes `publish` each time rather than this keeping it, so it can capture itself weakly.)
    func handOver(
        _ batch: DurableExchange.DurableBatch, to publish: @escaping @Sendable (DurableExchange.DurableBatch) -> Void
    ) {
        let start = queue.withLock { queue -> Bool in
            queue.batches.append(batch)
            defer { queue.publishing = true }
            return !queue.publishing
        }
        guard start else { return }
        Task { self.drain(publish) }
    }

    /// Publishes the queued commits in order until none is left.
    private func drain(_ publish: @Sendable (DurableExchange.DurableBatch) -> Void) {
        while true {
            let batches = queue.withLock { queue -> [DurableExchange.DurableBatch] in
                if queue.batches.isEmpty { queue.publishing = false }
                defer { queue.batches.removeAll(keepingCapacity: true) }
                return queue.batches
            }
            guard !batches.isEmpty else { return }
            for batch in batches { publish(batch) }
        }
    }
}
