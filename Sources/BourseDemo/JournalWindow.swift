import BourseStore
import Synchronization

/// Bounds how many applied submissions may wait for durability at once, and remembers the first failure.
final class JournalWindow: Sendable {
    private struct State {
        var outstanding = 0
        var failure: (any Error)?
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = max(limit, 1) }

    /// Waits until fewer than `limit` are outstanding, then counts one more; throws the first failure.
    func reserve() async throws {
        try await wait { $0.outstanding < self.limit }
        state.withLock { $0.outstanding += 1 }
    }

    /// One submission is durable (or failed with `error`).
    func release(_ error: (any Error)?) {
        let waiters = state.withLock { state in
            state.outstanding -= 1
            if state.failure == nil, let error { state.failure = error }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until every submission is durable; throws the first failure.
    func drain() async throws {
        try await wait { $0.outstanding == 0 }
    }

    /// Returns once `condition` holds (re-checked after every release); throws the first failure.
    private func wait(until condition: @escaping (State) -> Bool) async throws {
        while true {
            let done: Bool = try state.withLock { state in
                if let failure = state.failure { throw failure }
                return condition(state)
            }
            if done { return }
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    if state.failure != nil || condition(state) { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }
}

/// A continuation resumed at most once, whichever callback comes first.
final class OnceContinuation: Sendable {
    private let continuation = Mutex<CheckedContinuation<[CommandResult], any Error>?>(nil)

    func set(_ continuation: CheckedContinuation<[CommandResult], any Error>) {
        self.continuation.withLock { $0 = continuation }
    }

    func resume(with result: Result<[CommandResult], any Error>) {
        continuation.withLock { $0.take() }?.resume(with: result)
    }
}
