import CMallocCounter

/// Counts calls into the C allocator (`malloc`, `calloc`, `realloc` and the aligned allocators) made by
/// anything in the process, the Swift runtime included, between ``start()`` and ``stop()``.
///
/// How: on Linux with glibc the `CMallocCounter` target defines those functions in the `bourse`
/// executable. The dynamic linker binds every library's calls to the executable's definitions first,
/// so `libswiftCore`'s allocations of objects, array buffers and strings land there; each forwards to
/// glibc's `__libc_malloc` (and friends) and, while counting, adds one to a counter. ``isWorking``
/// checks that the interposition really took effect by counting an allocation the Swift runtime makes.
enum MallocCounter {
    /// Resets the count and starts counting.
    static func start() { bourse_malloc_counter_start() }

    /// Stops counting and returns the allocations counted since ``start()``.
    @discardableResult
    static func stop() -> Int {
        bourse_malloc_counter_stop()
        return Int(bourse_malloc_counter_allocations())
    }

    /// `true` when allocations made inside the Swift runtime are seen (not just the executable's own).
    static var isWorking: Bool {
        guard bourse_malloc_counter_available() != 0 else { return false }
        start()
        // swift_slowAlloc, inside libswiftCore, calls malloc.
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
        let counted = stop()
        buffer.deallocate()
        return counted > 0
    }
}
