/*
 * bench_util.c - timing, statistics, buffers, random data and digests of
 * vfetch-bench.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"

_Noreturn void bu_die(const char *msg, const char *arg)
{
    fprintf(stderr, "vfetch-bench: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    exit(2);
}

double bu_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void *bu_alloc(size_t size)
{
    /* aligned_alloc wants a multiple of the alignment. */
    size_t rounded = (size + 63) & ~(size_t)63;
    void *p;

    if (rounded < size || rounded == 0)
        rounded = 64;
    p = aligned_alloc(64, rounded);
    if (p == NULL) {
        fprintf(stderr, "vfetch-bench: out of memory (%zu bytes)\n", size);
        exit(1);
    }
    /* Also faults every page in, so no timed run pays for it. */
    memset(p, 0, rounded);
    return p;
}

void bu_free(void *p)
{
    free(p);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

void bu_summary(double *v, unsigned n, double *median, double *min, double *max)
{
    qsort(v, n, sizeof(*v), cmp_double);
    *min = v[0];
    *max = v[n - 1];
    *median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

uint64_t bu_rand(uint64_t *state)
{
    uint64_t x = *state;

    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545f4914f6cdd1dull;
}

uint32_t bu_rand_below(uint64_t *state, uint32_t bound)
{
    /* Multiply-shift: the bias is below 2^-32, invisible in a benchmark. */
    return (uint32_t)(((bu_rand(state) >> 32) * (uint64_t)bound) >> 32);
}

uint64_t bu_hash(const void *p, size_t n)
{
    const uint8_t *b = p;
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
    size_t i = 0;

    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    for (; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h ^ (h >> 32);
}
