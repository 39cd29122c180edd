/*
 * measure.h - jitcmp's clock, medians, test data and bit-exact comparison.
 */
#ifndef VF_BENCH_JITCMP_MEASURE_H
#define VF_BENCH_JITCMP_MEASURE_H

#include <stddef.h>
#include <stdint.h>

/* CLOCK_MONOTONIC in ns. */
uint64_t jc_now_ns(void);
/* The median of n values (sorts v in place); n >= 1. */
double jc_median(double *v, size_t n);
/* Fills `count` 32-byte static mesh vertices from a fixed seed: random bytes,
 * then every 16th vertex's tangent at -32768 and its uv at a NaN, an
 * infinity or a denormal half, so the special values always occur. */
void jc_fill_random(uint8_t *vb, size_t count, uint64_t seed);
/* 65536 vertices: vertex v has both uv halves v and v ^ 0x8000, tangent
 * words v, ~v, v * 7 and v + 1, normal fields covering every 10-bit and
 * 2-bit value, color bytes v, v >> 8, ~v and v * 3: every half, every
 * SNORM16, every UNORM10/UNORM2 and every UNORM8 value. */
#define JC_EXHAUSTIVE_VERTICES 65536u
void jc_fill_exhaustive(uint8_t *vb);
/* Index of the first differing 32-bit word, or -1 when a and b are equal. */
long jc_first_difference(const void *a, const void *b, size_t bytes);
/* 64-byte aligned, zeroed; exits with a message when out of memory. */
void *jc_alloc(size_t bytes);

#endif
