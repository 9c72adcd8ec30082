import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own, scheduled `SCHED_IDLE` (it runs only on a core nothing else wants), that runs its
/// work each time it is woken: for work that must happen, but never ahead of answering anyone.
///
/// It hosts the orders database's materialization (``SQLiteStore/materializeSealed()``), ~0.3 s of a core
/// every ~3 s at 20,000 orders/s, which on GRDB's queue ran at everyone's priority and made that run's ack
/// p99 (`bourse bench orders --timeline`: a spike each time). A scheduling policy belongs to a thread on
/// Linux, and an unprivileged thread cannot take a normal one back once it dropped it, so a pooled thread of
/// GRDB's cannot borrow it for one job: the work runs here and reaches the database through GRDB's
/// synchronous API, which runs it on the calling thread. `SCHED_IDLE` rather than nice 19: with a busy
/// loop at nice 19 the ack p99 at 20,000/s was 47–100 ms, at `SCHED_IDLE` 32–59 ms (a woken normal thread
/// preempts an idle one at once). Neither is enough alone on this 2-core machine; ``WorkPacer`` spreads
/// the work as well.
final class IdleThread: Sendable {
    private struct State {
        var woken = false
        var stopping = false
        var exited = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var work: (@Sendable () -> Void)?
    }

    /// What the thread and its owner share (a class: the thread's closure holds it, not the owner).
    private final class Shared: Sendable {
        let state = Mutex(State())
        let signal = DispatchSemaphore(value: 0)
    }

    private let shared = Shared()

    /// Starts the thread, named `name`. The work given to ``setWork(_:)`` runs on it, one call at a time,
    /// after each ``wake()`` (wakes while it runs make one more call, not one each).
    init(name: String) {
        let thread = Thread { [shared] in
            #if canImport(Glibc)
            // SCHED_IDLE (5 in Linux's `sched.h`; Swift's Glibc module leaves it out).
            var parameters = sched_param()
            _ = pthread_setschedparam(pthread_self(), 5, &parameters)
            #endif
            while true {
                shared.signal.wait()
                let (stop, work) = shared.state.withLock { state in
                    state.woken = false
                    return (state.stopping, state.work)
                }
                if stop { break }
                work?()
            }
            let waiters = shared.state.withLock { state in
                state.exited = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
        thread.name = name
        thread.start()
    }

    deinit { beginStopping() }

    /// What each wake runs: set once its owner is whole (the work usually reaches its owner weakly).
    func setWork(_ work: @escaping @Sendable () -> Void) {
        shared.state.withLock { $0.work = work }
    }

    /// Asks for one more run of the work.
    func wake() {
        let signalled = shared.state.withLock { state in
            defer { state.woken = true }
            return state.woken || state.stopping
        }
        if !signalled { shared.signal.signal() }
    }

    /// Ends the thread once the run in progress (if any) is over, and returns when it has.
    func stop() async {
        beginStopping()
        await withCheckedContinuation { continuation in
            let exited = shared.state.withLock { state in
                if !state.exited { state.waiters.append(continuation) }
                return state.exited
            }
            if exited { continuation.resume() }
        }
    }

    /// Ends the thread once the run in progress is over, without waiting.
    func beginStopping() {
        let first = shared.state.withLock { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        if first { shared.signal.signal() }
    }
}
