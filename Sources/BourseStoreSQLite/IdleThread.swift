import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own, scheduled `SCHED_IDLE` (a woken thread of normal priority preempts it at once, and
/// on a busy core it gets a sliver of time), that runs its work each time it is woken: for work that must
/// happen, but not ahead of answering anyone.
///
/// It hosts the orders database's materialization (``SQLiteStore/materializeSealed()``), ~0.3 s of a core
/// every ~3 s at 20,000 orders/s. On GRDB's queue it ran at everyone's priority, and each batch made a spike
/// in the ack latency (`bourse bench orders --timeline`). A scheduling policy belongs to a thread on Linux,
/// and an unprivileged thread cannot go back to the normal policy once it left it (`RLIMIT_NICE` is 0 by
/// default, sched(7)), so none of GRDB's pooled threads can borrow it for one job: the work runs here and
/// reaches the database through GRDB's synchronous API, which runs it on the calling thread.
///
/// Measured at 20,000 orders/s (ack p99, alternated runs): a busy loop here raised it to 32–59 ms at
/// `SCHED_IDLE` and 47–100 ms at nice 19; the materialization paced by ``WorkPacer`` gave 16.5–20.5 ms
/// here and 24.6–47 ms at normal priority.
///
/// The price: whoever waits for this thread waits at its priority. So what it does must not make anyone
/// wait: see ``SQLiteStore/materializeSealed()``.
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
