import Synchronization

/// Elements handed in from any thread and taken out, all that waited at once, by one task at a time: group
/// commit's shape (what queued while the last batch was handled goes out together).
///
/// The hand-off into an idle queue tells its caller to start that task (``add(_:limit:)`` says `start`);
/// the task then calls ``take()`` until it answers nil, which leaves the queue idle again under the same
/// lock, so an element added at any moment is either taken by the running task or starts a new one, never
/// neither. Chat's posts and users' notifications go through one each.
public final class BatchQueue<Element: Sendable>: Sendable {
    private struct State {
        var elements: [Element] = []
        var draining = false
    }

    private let state = Mutex(State())

    /// An empty, idle queue.
    public init() {}

    /// How many elements wait (not those already taken).
    public var count: Int { state.withLock { $0.elements.count } }

    /// Adds `elements`, or only as many as keep at most `limit` waiting; returns how many were added, and
    /// whether the caller must start the task that drains the queue with ``take()``.
    @discardableResult
    public func add(_ elements: some Collection<Element>, limit: Int = .max) -> (added: Int, start: Bool) {
        state.withLock { state in
            let added = min(elements.count, max(0, limit - state.elements.count))
            state.elements.append(contentsOf: elements.prefix(added))
            guard added > 0, !state.draining else { return (added, false) }
            state.draining = true
            return (added, true)
        }
    }

    /// Everything waiting, oldest first; nil when nothing is, and then the queue is idle again (the next
    /// ``add(_:limit:)`` starts a new task).
    public func take() -> [Element]? {
        state.withLock { state in
            guard !state.elements.isEmpty else {
                state.draining = false
                return nil
            }
            defer { state.elements.removeAll() }
            return state.elements
        }
    }
}
