import NIOCore
import Synchronization

/// Runs work on one event loop, gathering what other threads hand it between two runs: one wake-up of the
/// loop per burst (a commit answers dozens of orders one after another) instead of one per piece, and one
/// flush per connection per burst (``flushAfter(_:)``) instead of one per answer.
final class LoopHandOff: Sendable {
    let eventLoop: any EventLoop
    private let pending = Mutex<(work: [@Sendable () -> Void], scheduled: Bool)>(([], false))
    /// On the loop only: the flushes asked for while a burst runs, made at its end.
    private let flushes: NIOLoopBoundBox<[() -> Void]?>

    private init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
        flushes = .makeEmptyBox(valueType: [() -> Void].self, eventLoop: eventLoop)
    }

    /// The hand-off of `eventLoop`.
    static func of(_ eventLoop: any EventLoop) -> LoopHandOff {
        handOffs.value(of: eventLoop, make: LoopHandOff.init(eventLoop:))
    }

    private static let handOffs = PerEventLoop<LoopHandOff>()

    /// Runs `work` on the loop: now when called there, otherwise with everything else handed over before the
    /// loop gets to it, in the order handed over.
    func run(_ work: @escaping @Sendable () -> Void) {
        if eventLoop.inEventLoop {
            work()
            return
        }
        let start = pending.withLock { pending -> Bool in
            pending.work.append(work)
            defer { pending.scheduled = true }
            return !pending.scheduled
        }
        if start { eventLoop.execute { self.drain() } }
    }

    /// Calls `flush` (on the loop) at the end of the burst running now, or at once outside one.
    func flushAfter(_ flush: @escaping () -> Void) {
        if flushes.value != nil {
            flushes.value?.append(flush)
        } else {
            flush()
        }
    }

    private func drain() {
        let work = pending.withLock { pending in
            pending.scheduled = false
            defer { pending.work.removeAll(keepingCapacity: true) }
            return pending.work
        }
        flushes.value = []
        for piece in work { piece() }
        let due = flushes.value ?? []
        flushes.value = nil
        for flush in due { flush() }
    }
}
