import Synchronization

/// Bounds how many answers a producer awaits at once: ``acquire()`` waits while the limit is reached,
/// ``release()`` (from any thread) makes room.
final class InFlightLimit: Sendable {
    private struct State {
        var available: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(maximum: Int) { state = Mutex(State(available: maximum)) }

    /// Takes one place, waiting for one if none is free.
    func acquire() async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.available > 0 {
                    state.available -= 1
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Gives one place back, to a waiter if there is one.
    func release() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.resume()
    }
}
