// Counts calls into the C allocator while counting is switched on, for `bourse bench engine`.
//
// On Linux with glibc this target defines malloc, calloc, realloc, free and the aligned allocators in
// the executable itself. The dynamic linker resolves every library's calls to those names to the first
// definition in the process, which is the executable's, so the Swift runtime's allocations (objects,
// array buffers, strings) come here too. Each one forwards to glibc's own entry point (__libc_malloc
// and friends, which glibc exports for exactly this) and, while counting is on, adds one to a counter.
// Switched off, the cost is one relaxed load and a branch per call. Elsewhere nothing is interposed and
// bourse_malloc_counter_available() returns 0.
#ifndef C_MALLOC_COUNTER_H
#define C_MALLOC_COUNTER_H

#include <stdint.h>

/// 1 if allocations can be counted on this platform (Linux with glibc), 0 otherwise.
int bourse_malloc_counter_available(void);

/// Resets the counters to zero and starts counting, on every thread.
void bourse_malloc_counter_start(void);

/// Stops counting; the counters keep their values.
void bourse_malloc_counter_stop(void);

/// Allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc, pvalloc)
/// counted since the last start.
int64_t bourse_malloc_counter_allocations(void);

/// free calls (of non-null pointers) counted since the last start.
int64_t bourse_malloc_counter_frees(void);

#endif
