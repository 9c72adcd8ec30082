import Synchronization

/// Counts the objects of one kind that are alive (made and not yet deinitialized). A count that keeps
/// growing while what it counts comes and goes is a leak; tests check it returns to zero.
final class ObjectCensus: Sendable {
    private let count = Atomic<Int>(0)

    func born() { count.add(1, ordering: .relaxed) }

    func died() { count.subtract(1, ordering: .relaxed) }

    var alive: Int { count.load(ordering: .relaxed) }
}
