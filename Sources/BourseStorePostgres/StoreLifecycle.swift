import BourseStore
import BourseToolkit

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
    }

    private let state = Monitor(State())

    // MARK: - Queries

    /// Registers a query; throws `StoreError.closed` once the store is closing or closed.
    func enter() throws(StoreError) {
        let entered = state.update { state in
            guard state.phase == .open else { return false }
            state.queriesInFlight += 1
            return true
        }
        guard entered else { throw .closed }
    }

    /// Ends a query registered by ``enter()``.
    func leave() {
        state.update { $0.queriesInFlight -= 1 }
    }

    // MARK: - Running and closing

    /// Runs `pool` (a long-running call that returns when its task is cancelled or it stops by itself) until
    /// the store is closed; returns at once if the store already ran or is closed.
    func run(_ pool: @escaping @Sendable () async -> Void) async {
        let starts = state.update { state in
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
            await withTaskCancellationHandler {
                await state.wait { $0.stopRequested }
            } onCancel: {
                requestStop()
            }
            group.cancelAll()
        }
        state.update { state in
            // Once the pool has stopped, queries could only hang: refuse them instead.
            state.phase = .closed
            state.runner = .finished
        }
    }

    /// Refuses new queries, waits for those in flight, stops ``run(_:)`` and waits for it to return.
    func close() async {
        state.update { state in
            if state.phase == .open { state.phase = .closing }
        }
        await state.wait { $0.queriesInFlight == 0 }
        state.update { $0.phase = .closed }
        requestStop()
        await state.wait { $0.runner != .running }
    }

    private func requestStop() {
        state.update { $0.stopRequested = true }
    }
}
