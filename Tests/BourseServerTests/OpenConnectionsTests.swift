import Synchronization
import Testing

@testable import BourseServer

/// The connection count's hand-back of memory: once many connections have closed below the most that were
/// open, the allocator is asked to return their pages (ADR 0018), once per such fall and not on small churn.
@Suite("Open connections")
struct OpenConnectionsTests {
    final class Calls: Sendable {
        let count = Atomic<Int>(0)
    }

    @Test func aFallOfManyConnectionsReleasesMemoryOnceAndSmallChurnNever() {
        let calls = Calls()
        let connections = OpenConnections(limit: 100, releaseAfter: 10) {
            calls.count.add(1, ordering: .relaxed)
        }
        // Over the limit still counts (the extra ones are answered 503), and a rise then a small fall does nothing.
        let admitted = (0..<105).map { _ in connections.open() }
        #expect(admitted.filter { $0 }.count == 100)
        for _ in 0..<9 { connections.close() }
        #expect(calls.count.load(ordering: .relaxed) == 0)
        // The tenth close below the most open (105) releases; the next nine do not, the tenth after them does.
        connections.close()
        #expect(calls.count.load(ordering: .relaxed) == 1)
        for _ in 0..<9 { connections.close() }
        #expect(calls.count.load(ordering: .relaxed) == 1)
        connections.close()
        #expect(calls.count.load(ordering: .relaxed) == 2)
        // Churn around a level (open one, close one) never adds up to a fall.
        for _ in 0..<1_000 {
            _ = connections.open()
            connections.close()
        }
        #expect(calls.count.load(ordering: .relaxed) == 2)
    }
}
