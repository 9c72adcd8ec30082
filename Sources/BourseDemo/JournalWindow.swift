import BourseStore
import BourseToolkit
import Synchronization

/// Bounds how many applied submissions may wait for durability at once, and remembers the first failure.
final class JournalWindow: Sendable {
    private struct State {
        var outstanding = 0
        var failure: (any Error)?
    }

    private let limit: Int
    private let state = Monitor(State())

    init(limit: Int) { self.limit = max(limit, 1) }

    /// Waits until fewer than `limit` are outstanding, then counts one more; throws the first failure.
    func reserve() async throws {
        let limit = limit
        try await state.wait(until: { $0.failure != nil || $0.outstanding < limit }) { state in
            if let failure = state.failure { throw failure }
            state.outstanding += 1
        }
    }

    /// One submission is durable (or failed with `error`).
    func release(_ error: (any Error)?) {
        state.update { state in
            state.outstanding -= 1
            if state.failure == nil, let error { state.failure = error }
        }
    }

    /// Waits until every submission is durable; throws the first failure.
    func drain() async throws {
        try await state.wait(until: { $0.failure != nil || $0.outstanding == 0 }) { state in
            if let failure = state.failure { throw failure }
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
