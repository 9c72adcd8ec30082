import Synchronization

/// A value behind a lock, and tasks waiting for it to reach a condition: a gate that opens, a count with
/// room in it, a queue with something in it, a store's queries drained. One type instead of a mutex, a
/// list of continuations and the care to resume each exactly once, written again for each.
///
/// ``update(_:)`` changes the value and resumes every waiter whose condition now holds; a resumed waiter
/// checks its condition again under the lock before it acts (another task may have changed the value in
/// between), so ``wait(until:then:)`` acts only on a value that satisfies it.
///
/// Hot paths that keep one waiter and wake it per item (the durable writer's pipeline, a connection's
/// frame queue) keep their own lock: a condition per waiter costs a closure call on every update.
public final class Monitor<Value: Sendable>: Sendable {
    private struct Waiter {
        let condition: @Sendable (Value) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct Guarded {
        var value: Value
        var waiters: [Waiter] = []
    }

    private let guarded: Mutex<Guarded>

    /// A monitor holding `value`.
    public init(_ value: Value) { guarded = Mutex(Guarded(value: value)) }

    /// Runs `body` on the value under the lock, then resumes the waiters whose condition now holds.
    @discardableResult
    public func update<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        var ready: [CheckedContinuation<Void, Never>] = []
        let result = try guarded.withLock { guarded in
            let result = try body(&guarded.value)
            guard !guarded.waiters.isEmpty else { return result }
            var waiting: [Waiter] = []
            for waiter in guarded.waiters {
                if waiter.condition(guarded.value) {
                    ready.append(waiter.continuation)
                } else {
                    waiting.append(waiter)
                }
            }
            guarded.waiters = waiting
            return result
        }
        for continuation in ready { continuation.resume() }
        return result
    }

    /// Reads the value under the lock.
    public func read<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        try guarded.withLock { try body($0.value) }
    }

    /// Waits until `condition` holds, then runs `then` on the value under the same lock (so nothing changes
    /// in between) and returns what it returns. Waiters whose condition the change makes true are resumed.
    public func wait<Result>(
        until condition: @escaping @Sendable (Value) -> Bool, then body: (inout Value) throws -> Result
    ) async rethrows -> Result {
        while true {
            var result: Result?
            let done = try update { value -> Bool in
                guard condition(value) else { return false }
                result = try body(&value)
                return true
            }
            if done, let result { return result }
            await withCheckedContinuation { continuation in
                let ready = guarded.withLock { guarded in
                    if condition(guarded.value) { return true }
                    guarded.waiters.append(Waiter(condition: condition, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    /// Waits until `condition` holds.
    public func wait(until condition: @escaping @Sendable (Value) -> Bool) async {
        await wait(until: condition) { _ in }
    }
}
