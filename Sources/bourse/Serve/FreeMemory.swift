#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the allocator holds but nothing uses back to the system.
///
/// A first start's backfill builds and drops two years of history in a minute, and glibc keeps the pages
/// it freed: the demo server sat at ~470 MB resident where the same data directory, restarted, holds
/// ~87 MB (`bourse bench memory`, and a restart measured by hand). `malloc_trim` returns the free pages
/// of every arena. It is called once after the backfill, not on a timer: it walks the whole heap.
enum FreeMemory {
    static func release() {
        #if canImport(Glibc)
        // glibc's `malloc.h` is not in Swift's Glibc module: look the function up (RTLD_DEFAULT is null).
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        typealias Trim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
