import BourseToolkit

/// Bounds how many answers a producer awaits at once: ``acquire()`` waits while the limit is reached,
/// ``release()`` (from any thread) makes room.
final class InFlightLimit: Sendable {
    /// Places free now.
    private let available: Monitor<Int>

    init(maximum: Int) { available = Monitor(maximum) }

    /// Takes one place, waiting for one if none is free.
    func acquire() async {
        await available.wait(until: { $0 > 0 }, then: { $0 -= 1 })
    }

    /// Gives one place back.
    func release() { available.update { $0 += 1 } }
}
