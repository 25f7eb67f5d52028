#ifndef C_ALLOCATION_COUNT_H
#define C_ALLOCATION_COUNT_H

#include <stdbool.h>
#include <stdint.h>

/// Heap allocations made by the whole process since it started: every `malloc`, `calloc`, `memalign`,
/// `posix_memalign` and `aligned_alloc` that returned a block, and every `realloc` that returned a new one (from
/// nothing, or moved). A `realloc` that grows or shrinks its block in place is not counted. All threads count; read
/// it before and after the code measured and subtract. 0 where counting is not available.
uint64_t rasp_allocation_count(void);

/// The bytes asked for by the allocations `rasp_allocation_count` counts (what the caller requested, not what the
/// allocator reserved). 0 where counting is not available.
uint64_t rasp_allocated_bytes(void);

/// Whether the two counters above count: true on Linux with glibc, where this module defines `malloc` and its
/// family in the executable (glibc's own allocator does the work), false elsewhere (nothing is replaced there).
bool rasp_allocation_counting_available(void);

#endif
