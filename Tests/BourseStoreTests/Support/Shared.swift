import Synchronization

/// A value that concurrent test tasks share, behind a lock.
final class Shared<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) { storage = Mutex(value) }

    /// Runs `body` with the value locked.
    func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R { storage.withLock { body(&$0) } }

    /// The current value.
    var value: Value { storage.withLock { $0 } }
}
