import BourseToolkit
import Testing

/// The batch queue: the first hand-off into an idle queue starts the drainer, later ones wait and go out
/// together, a limit drops the surplus, and an empty take leaves the queue idle for the next start.
@Suite("Batch queue")
struct BatchQueueTests {
    @Test func onlyTheFirstHandOffStartsTheDrainerAndWhatWaitedIsTakenTogether() {
        let queue = BatchQueue<Int>()
        #expect(queue.add([1]) == (added: 1, start: true))
        #expect(queue.add([2, 3]) == (added: 2, start: false), "a drainer is already due")
        #expect(queue.count == 3 && queue.take() == [1, 2, 3])
        #expect(queue.add([4]) == (added: 1, start: false), "the drainer has not found the queue empty yet")
        #expect(queue.take() == [4] && queue.take() == nil)
        #expect(queue.add([5]) == (added: 1, start: true), "idle again: a new drainer")
    }

    @Test func aLimitKeepsAtMostThatManyWaiting() {
        let queue = BatchQueue<Int>()
        #expect(queue.add([1, 2, 3], limit: 2) == (added: 2, start: true))
        #expect(queue.add([4], limit: 2) == (added: 0, start: false))
        #expect(queue.take() == [1, 2] && queue.add([], limit: 2) == (added: 0, start: false))
    }
}
