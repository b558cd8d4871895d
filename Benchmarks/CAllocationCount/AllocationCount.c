// Counts heap allocations for vcaudit-benchmark's "allocations per event".
//
// With glibc, a program may define malloc and its relatives itself; the dynamic linker then binds every caller
// (the Swift runtime, Foundation) to these definitions, which count and forward to glibc's own entry points.
// Elsewhere nothing is replaced and the count stays 0.
#include <stdlib.h>
#include "CAllocationCount.h"

#if defined(__GLIBC__)
#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

// Each thread counts its own allocations: one counter shared by every thread was an atomic add on one cache line
// per allocation, which the cores running `check×N` passed back and forth (and every allocation paid for the lock
// prefix, counted or not). Initial-exec: the counter is reached at a fixed offset from the thread pointer, never
// through __tls_get_addr, which may itself allocate.
static _Thread_local unsigned long long allocations __attribute__((tls_model("initial-exec")));

static inline void count(void) { allocations += 1; }

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) {
    count();
    return __libc_calloc(number, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

unsigned long long vcaudit_allocation_count(void) { return allocations; }
int vcaudit_counts_allocations(void) { return 1; }
#else
unsigned long long vcaudit_allocation_count(void) { return 0; }
int vcaudit_counts_allocations(void) { return 0; }
#endif
