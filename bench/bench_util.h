/*
 * bench_util.h - timing, statistics, buffers, random data and digests
 * shared by vfetch-bench.
 */
#ifndef VF_BENCH_BENCH_UTIL_H
#define VF_BENCH_BENCH_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* "vfetch-bench: msg: arg" (or "vfetch-bench: msg" when arg is NULL) on
 * stderr, then exit status 2: an option or a case the bench cannot take. */
_Noreturn void bu_die(const char *msg, const char *arg);

/* Seconds on CLOCK_MONOTONIC. */
double bu_now(void);

/* 64-byte aligned, zero-filled memory; exits with a message when out of
 * memory (a benchmark has nothing better to do). Free with bu_free. */
void *bu_alloc(size_t size);
void bu_free(void *p);

/* Sorts v[0..n) and returns its median, minimum and maximum. n > 0. */
void bu_summary(double *v, unsigned n, double *median, double *min, double *max);

/* xorshift64*: deterministic data for every run. */
uint64_t bu_rand(uint64_t *state);
/* Uniform in [0, bound), bound > 0. */
uint32_t bu_rand_below(uint64_t *state, uint32_t bound);

/* A 64-bit digest of n bytes (not cryptographic: it only has to tell two
 * paths' outputs apart). */
uint64_t bu_hash(const void *p, size_t n);

#endif /* VF_BENCH_BENCH_UTIL_H */
