/*
 * measure.c - jitcmp's clock, medians, test data and comparison.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jitcmp.h"
#include "measure.h"

uint64_t jc_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double jc_median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static uint64_t xorshift(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

void jc_fill_random(uint8_t *vb, size_t count, uint64_t seed)
{
    static const uint16_t special[] = { 0x7c01, 0xfe00, 0x7fff, 0x7c00, 0xfc00,
                                        0x0001, 0x83ff, 0x0200, 0x8000, 0x0000 };
    uint64_t s = seed | 1;
    for (size_t i = 0; i < count * JC_VERTEX_BYTES; i += 8) {
        uint64_t r = xorshift(&s);
        memcpy(vb + i, &r, 8);
    }
    for (size_t v = 0; v < count; v += 16) {
        uint8_t *p = vb + v * JC_VERTEX_BYTES;
        put16(p + 16 + 2 * (v / 16 % 4), 0x8000);
        put16(p + 24, special[v / 16 % 10]);
        put16(p + 26, special[(v / 16 + 3) % 10]);
    }
}

void jc_fill_exhaustive(uint8_t *vb)
{
    for (uint32_t v = 0; v < JC_EXHAUSTIVE_VERTICES; v++) {
        uint8_t *p = vb + (size_t)v * JC_VERTEX_BYTES;
        uint32_t pos[3] = { v * 0x9e3779b9u, ~v * 0x85ebca6bu, v ^ 0x7f800001u };
        memcpy(p, pos, 12);
        uint32_t n = (v & 1023) | ((v >> 6 & 1023) << 10) | ((~v & 1023) << 20) | (v >> 10 & 3) << 30;
        memcpy(p + 12, &n, 4);
        put16(p + 16, v);
        put16(p + 18, ~v);
        put16(p + 20, v * 7);
        put16(p + 22, v + 1);
        put16(p + 24, v);
        put16(p + 26, v ^ 0x8000);
        p[28] = (uint8_t)v;
        p[29] = (uint8_t)(v >> 8);
        p[30] = (uint8_t)~v;
        p[31] = (uint8_t)(v * 3);
    }
}

long jc_first_difference(const void *a, const void *b, size_t bytes)
{
    const uint32_t *x = a, *y = b;
    for (size_t i = 0; i < bytes / 4; i++)
        if (x[i] != y[i])
            return (long)i;
    return -1;
}

void *jc_alloc(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (!p) {
        fprintf(stderr, "jitcmp: out of memory (%zu bytes)\n", bytes);
        exit(2);
    }
    memset(p, 0, bytes);
    return p;
}
