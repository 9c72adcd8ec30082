import BourseAuth
import Testing

@Suite struct NonceWindowTests {
    /// Feeds `(nonce, accessKey, milliseconds)` uses in order and returns what `use` answered.
    private func replay(_ window: inout NonceWindow, _ uses: [(String, String, Int64)]) -> [Bool] {
        uses.map { window.use($0.0, accessKey: $0.1, at: $0.2) }
    }

    @Test func aNonceIsRefusedTheSecondTimeWithinTheWindow() {
        var window = NonceWindow()
        let answers = replay(&window, [("n1", "A", 1_000), ("n1", "A", 1_001), ("n2", "A", 1_002)])
        #expect(answers == [true, false, true])
        #expect(window.count == 2)
    }

    @Test func keysHaveSeparateNonces() {
        var window = NonceWindow()
        let answers = replay(&window, [("n1", "A", 0), ("n1", "B", 0), ("n1", "B", 0)])
        #expect(answers == [true, true, false])
    }

    @Test func aNonceIsForgottenOnceTheWindowHasPassed() {
        var window = NonceWindow(windowMilliseconds: 600_000)
        let answers = replay(&window, [("n1", "A", 1_000), ("n1", "A", 600_999), ("n1", "A", 601_000)])
        #expect(answers == [true, false, true])
    }

    @Test func theOldestNonceIsEvictedBeyondTheCapacity() {
        var window = NonceWindow(capacityPerKey: 3)
        let filled = replay(&window, [("a", "K", 0), ("b", "K", 1), ("c", "K", 2), ("d", "K", 3)])
        #expect(filled == [true, true, true, true])
        #expect(window.count == 3)
        // `a` was evicted early, so it is accepted again; `b` and `d` are still remembered.
        let answers = replay(&window, [("b", "K", 10), ("d", "K", 10), ("a", "K", 10)])
        #expect(answers == [false, false, true])
    }

    @Test func manyUsesStayWithinTheCapacity() {
        var window = NonceWindow(capacityPerKey: 100)
        let filled = replay(&window, (0..<1_000).map { ("n\($0)", "K", Int64($0)) })
        #expect(filled.allSatisfy { $0 })
        #expect(window.count == 100)
        let answers = replay(&window, [("n999", "K", 1_000), ("n900", "K", 1_000), ("n899", "K", 1_000)])
        #expect(answers == [false, false, true])
    }

    @Test func pruningForgetsQuietKeys() {
        var window = NonceWindow(windowMilliseconds: 100)
        _ = replay(&window, [("n1", "A", 0), ("n2", "B", 50)])
        window.prune(at: 120)
        #expect(window.count == 1)
        window.prune(at: 150)
        #expect(window.count == 0)
        #expect(replay(&window, [("n2", "B", 150)]) == [true])
    }
}
