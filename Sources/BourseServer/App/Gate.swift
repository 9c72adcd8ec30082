import BourseToolkit

/// A one-shot signal: tasks ``wait()`` until somebody calls ``open()``.
///
/// `bourse serve` uses it to start listening only once the demo's backfill is written.
public final class Gate: Sendable {
    private let isOpen = Monitor(false)

    /// A closed gate.
    public init() {}

    /// Opens the gate, releasing every waiter now and later.
    public func open() { isOpen.update { $0 = true } }

    /// Returns once the gate is open.
    public func wait() async { await isOpen.wait { $0 } }
}
