import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the allocator holds but nothing uses back to the system.
///
/// glibc keeps the pages it freed. A first start's backfill builds and drops two years of history in a
/// minute: the demo server sat at ~470 MB resident where the same data directory, restarted, holds ~87 MB.
/// And 10,000 WebSocket connections that closed left their ~300 MB with the allocator (`bourse bench
/// memory`). `malloc_trim` returns the free pages of every arena. It walks the whole heap (6–24 ms on the
/// demo server, measured), so it runs after such events (the backfill; ``OpenConnections`` when a thousand
/// connections have closed), on a thread of its own, not on a timer.
public enum FreeMemory {
    /// Returns the allocator's free pages to the system, on the calling thread.
    public static func release() {
        #if canImport(Glibc)
        // glibc's `malloc.h` is not in Swift's Glibc module: look the function up (RTLD_DEFAULT is null).
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        typealias Trim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}

extension FreeMemory {
    /// ``release()`` on a thread of its own, one at a time; asked again while one runs, it runs once more
    /// after it (the last of a burst of closes must be returned too, not dropped).
    public static func releaseInBackground() {
        let start = state.withLock { state -> Bool in
            if state.running {
                state.again = true
                return false
            }
            state.running = true
            return true
        }
        guard start else { return }
        Thread.detachNewThread {
            // A closed connection's task, channel and buffers are freed a moment after the count falls.
            repeat {
                Thread.sleep(forTimeInterval: settle)
                release()
            } while state.withLock { state in
                defer { state.again = false }
                state.running = state.again
                return state.again
            }
        }
    }

    private static let state = Mutex<(running: Bool, again: Bool)>((false, false))
    /// How long a background release waits for what was just let go to be freed.
    static let settle: TimeInterval = 1
}
