import NIOCore
import Synchronization

/// Runs the drains of every ``StreamFrameWriter`` on one event loop that has frames waiting.
///
/// Publishing one message to a thousand subscribers wakes a thousand writers; hopping to the event loop
/// once per writer would cost a thousand cross-thread hand-offs (and wake-up system calls) per message.
/// Instead writers with new frames join a list, and only the first one to join an empty list schedules a
/// task on the loop, which then drains them: one hop per loop per burst.
///
/// Drains of one loop are at least ``coalescingInterval`` apart: a quiet stream's message leaves at once,
/// while a busy one's messages gather for up to that long and leave several to a system call, which is
/// what keeps a small machine from spending all its time in `writev` under load.
///
/// A writer woken for an urgent frame (the answer to a client's own request) is drained on its own,
/// after ``urgentDelay``, rather than in the next drain of every writer with frames: behind a crowd's
/// broadcast (`bench auction`: 2,500 followers of one item per loop, ~10 µs of CPU a write) that drain
/// is tens of milliseconds long. (Draining the crowd in slices, so that the loop reads and answers
/// between them, was measured too: bid acknowledgements came sooner, but the crowd's frames later, by as
/// much, since the machine's two cores are full either way.)
final class StreamWriterScheduler: Sendable {
    struct Pending {
        var urgent: [NIOLoopBound<StreamFrameWriter>] = []
        var writers: [NIOLoopBound<StreamFrameWriter>] = []
        var scheduled = false
        var urgentScheduled = false
        var lastDrain = NIODeadline.uptimeNanoseconds(0)
    }

    /// The shortest time between two drains of one loop.
    static let coalescingInterval = TimeAmount.milliseconds(2)

    /// How long urgent frames gather before their drain: a commit answers dozens of bids one after another,
    /// and draining (waking the loop) for each would cost a wake-up system call per answer.
    static let urgentDelay = TimeAmount.microseconds(200)

    let eventLoop: any EventLoop
    private let pending = Mutex(Pending())

    private init(eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    /// The scheduler of `eventLoop`.
    static func of(_ eventLoop: any EventLoop) -> StreamWriterScheduler {
        schedulers.value(of: eventLoop, make: StreamWriterScheduler.init(eventLoop:))
    }

    private static let schedulers = PerEventLoop<StreamWriterScheduler>()

    /// Drains `writer` on the loop soon, with every other writer scheduled before that task runs; an
    /// `urgent` one on its own after ``urgentDelay``.
    func schedule(_ writer: NIOLoopBound<StreamFrameWriter>, urgent: Bool = false) {
        if urgent {
            let start = pending.withLock { pending -> Bool in
                pending.urgent.append(writer)
                defer { pending.urgentScheduled = true }
                return !pending.urgentScheduled
            }
            if start { eventLoop.scheduleTask(in: Self.urgentDelay) { self.drainUrgent() } }
            return
        }
        let due = pending.withLock { pending -> NIODeadline? in
            pending.writers.append(writer)
            guard !pending.scheduled else { return nil }
            pending.scheduled = true
            return pending.lastDrain + Self.coalescingInterval
        }
        guard let due else { return }
        if due <= .now() {
            eventLoop.execute { self.drainAll() }
        } else {
            eventLoop.scheduleTask(deadline: due) { self.drainAll() }
        }
    }

    private func drainUrgent() {
        let writers = pending.withLock { pending in
            pending.urgentScheduled = false
            defer { pending.urgent.removeAll(keepingCapacity: true) }
            return pending.urgent
        }
        for writer in writers { writer.value.drain() }
    }

    private func drainAll() {
        let writers = pending.withLock { pending in
            pending.scheduled = false
            pending.lastDrain = .now()
            defer { pending.writers.removeAll(keepingCapacity: true) }
            return pending.writers
        }
        for writer in writers { writer.value.drain() }
    }
}
