#ifndef VCAUDIT_ALLOCATION_COUNT_H
#define VCAUDIT_ALLOCATION_COUNT_H

/// How many times the calling thread has allocated heap memory (malloc, calloc, realloc, aligned allocations) since
/// it started, counted by the benchmark's own definitions of those functions, which call glibc's.
///
/// Per thread, so that counting costs threads running side by side nothing shared: count a pass run on the
/// calling thread.
unsigned long long vcaudit_allocation_count(void);

/// Whether allocations are counted: 1 with glibc (Linux), 0 elsewhere (the count stays 0).
int vcaudit_counts_allocations(void);

#endif
