import BourseStore
import Synchronization

/// The life of a store whose connections need a running task: open → closing → closed, and who waits for
/// whom on the way.
///
/// Queries register while they run, so ``close()`` can let them finish before it stops the connection pool
/// (stopping it first would fail them half-way). ``run(_:)`` runs the pool until ``close()`` has drained the
/// queries, the pool stops by itself, or the running task is cancelled; ``close()`` then waits for it to
/// return, so nothing outlives a closed store.
final class StoreLifecycle: Sendable {
    private enum Phase {
        case open
        case closing
        case closed
    }

    private enum Runner {
        case notStarted
        case running
        case finished
    }

    private struct State {
        var phase = Phase.open
        var runner = Runner.notStarted
        var queriesInFlight = 0
        var stopRequested = false
        /// `run(_:)` waiting for the signal to stop.
        var stopWaiter: CheckedContinuation<Void, Never>?
        /// `close()` calls waiting for the queries in flight.
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
        /// `close()` calls waiting for `run(_:)` to return.
        var finishWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    // MARK: - Queries

    /// Registers a query; throws `StoreError.closed` once the store is closing or closed.
    func enter() throws(StoreError) {
        try state.withLock { state throws(StoreError) in
            guard state.phase == .open else { throw .closed }
            state.queriesInFlight += 1
        }
    }

    /// Ends a query registered by ``enter()``.
    func leave() {
        let drained = state.withLock { state in
            state.queriesInFlight -= 1
            guard state.queriesInFlight == 0, state.phase != .open else { return [CheckedContinuation<Void, Never>]() }
            defer { state.drainWaiters.removeAll() }
            return state.drainWaiters
        }
        for waiter in drained { waiter.resume() }
    }

    // MARK: - Running and closing

    /// Runs `pool` (a long-running call that returns when its task is cancelled or it stops by itself) until
    /// the store is closed; returns at once if the store already ran or is closed.
    func run(_ pool: @escaping @Sendable () async -> Void) async {
        let starts = state.withLock { state in
            guard state.runner == .notStarted, state.phase != .closed else { return false }
            state.runner = .running
            return true
        }
        guard starts else { return }
        await withDiscardingTaskGroup { group in
            group.addTask {
                await pool()
                // The pool stopped by itself (e.g. a service group's graceful shutdown): nothing to wait for.
                self.requestStop()
            }
            await waitForStop()
            group.cancelAll()
        }
        let waiters = state.withLock { state in
            // Once the pool has stopped, queries could only hang: refuse them instead.
            state.phase = .closed
            state.runner = .finished
            defer { state.finishWaiters.removeAll() }
            return state.finishWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Refuses new queries, waits for those in flight, stops ``run(_:)`` and waits for it to return.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let drained = state.withLock { state in
                if state.phase == .open { state.phase = .closing }
                guard state.queriesInFlight > 0 else { return true }
                state.drainWaiters.append(continuation)
                return false
            }
            if drained { continuation.resume() }
        }
        state.withLock { $0.phase = .closed }
        requestStop()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = state.withLock { state in
                guard state.runner == .running else { return true }
                state.finishWaiters.append(continuation)
                return false
            }
            if finished { continuation.resume() }
        }
    }

    private func waitForStop() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let stopNow = state.withLock { state in
                    guard !state.stopRequested else { return true }
                    state.stopWaiter = continuation
                    return false
                }
                if stopNow { continuation.resume() }
            }
        } onCancel: {
            requestStop()
        }
    }

    private func requestStop() {
        let waiter = state.withLock { state in
            state.stopRequested = true
            defer { state.stopWaiter = nil }
            return state.stopWaiter
        }
        waiter?.resume()
    }
}
