// Counts the heap allocations of the process by defining the C allocator's functions in the executable. On glibc
// Linux a definition of `malloc` in the executable interposes the one in libc.so: the dynamic linker binds every
// library's calls to it (the Swift runtime, Foundation, SwiftNIO, libc itself), and glibc supports this as long as
// `malloc`, `calloc`, `realloc` and `free` are replaced together ("Replacing malloc" in its manual). Each function
// here forwards to glibc's allocator under the `__libc_*` names libc.so also exports it by, so the blocks, their
// alignment and `malloc_usable_size` are glibc's own; the only thing added is two counters.

// The POSIX and BSD declarations (`posix_memalign`) even under a strict -std=c11; before any header.
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1
#endif

#include "CAllocationCount.h"

// Any glibc header defines `__GLIBC__`; <stdlib.h> is needed below anyway.
#include <stdlib.h>

#if defined(__GLIBC__)

#include <errno.h>
// glibc's declaration of `memalign`, so that the definition below is checked against it like the others.
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>

// glibc's allocator under names of its own (exported by libc.so, not declared in any header).
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

// Relaxed: each counter is a plain tally that orders nothing else, and a reader on another thread only needs to see
// every increment eventually (the reads around a measured piece of code are on its own thread).
static _Atomic unsigned long long allocations;
static _Atomic unsigned long long allocatedBytes;

/// Counts one allocation of `size` bytes if it succeeded, and returns `block`.
static inline void *counted(void *block, size_t size) {
    if (block != NULL) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&allocatedBytes, size, memory_order_relaxed);
    }
    return block;
}

/// Whether `alignment` is a power of two (0 is not).
static inline int isPowerOfTwo(size_t alignment) {
    return alignment != 0 && (alignment & (alignment - 1)) == 0;
}

// The interposed functions: default visibility, so that the linker exports them from the executable for the shared
// libraries to bind to.
#define RASP_EXPORTED __attribute__((visibility("default"), used))

RASP_EXPORTED void *malloc(size_t size) {
    return counted(__libc_malloc(size), size);
}

RASP_EXPORTED void *calloc(size_t count, size_t size) {
    size_t total;
    // On overflow glibc refuses the request (NULL, nothing counted); the product is only for the byte counter.
    if (__builtin_mul_overflow(count, size, &total)) total = 0;
    return counted(__libc_calloc(count, size), total);
}

RASP_EXPORTED void *realloc(void *pointer, size_t size) {
    // The old address as a number: after a move the old pointer is freed and may not be compared any more.
    uintptr_t old = (uintptr_t)pointer;
    void *block = __libc_realloc(pointer, size);
    // A new block when there was none, or when glibc moved it; growing or shrinking in place allocates nothing, and
    // `realloc(pointer, 0)` frees the block and returns NULL (not counted either).
    if (block != NULL && (uintptr_t)block != old) return counted(block, size);
    return block;
}

RASP_EXPORTED void free(void *pointer) {
    __libc_free(pointer);
}

RASP_EXPORTED void *memalign(size_t alignment, size_t size) {
    return counted(__libc_memalign(alignment, size), size);
}

RASP_EXPORTED int posix_memalign(void **result, size_t alignment, size_t size) {
    // POSIX: a power of two that is a multiple of sizeof(void *); the error is returned, errno is not the answer.
    if (!isPowerOfTwo(alignment) || alignment % sizeof(void *) != 0) return EINVAL;
    void *block = __libc_memalign(alignment, size);
    if (block == NULL) return ENOMEM;
    *result = counted(block, size);
    return 0;
}

RASP_EXPORTED void *aligned_alloc(size_t alignment, size_t size) {
    // C17 (and glibc from 2.38): an alignment that is not a power of two is refused.
    if (!isPowerOfTwo(alignment)) {
        errno = EINVAL;
        return NULL;
    }
    return counted(__libc_memalign(alignment, size), size);
}

uint64_t rasp_allocation_count(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

uint64_t rasp_allocated_bytes(void) {
    return atomic_load_explicit(&allocatedBytes, memory_order_relaxed);
}

bool rasp_allocation_counting_available(void) {
    return true;
}

#else

// Elsewhere (macOS, musl) nothing is replaced and the counters stay at 0.

uint64_t rasp_allocation_count(void) {
    return 0;
}

uint64_t rasp_allocated_bytes(void) {
    return 0;
}

bool rasp_allocation_counting_available(void) {
    return false;
}

#endif
