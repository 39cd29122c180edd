/*
 * store_probe.c - what one core pays per store into L1: 80-byte records
 * (the static mesh's) written with 16-, 32- or 64-byte stores, in a 20 KiB
 * buffer that stays in L1. vfetch's AoS output writes each register of a
 * record with its own 16-byte store; bench/README.md ("Why a Xeon core
 * trails") uses these figures. GCC vector types, so no intrinsics: built
 * with -mavx512f it uses zmm stores for the 64-byte ones.
 *
 *   make bench/store-probe && ./bench/store-probe
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <time.h>

typedef int32_t v16 __attribute__((vector_size(16)));
typedef int32_t v32 __attribute__((vector_size(32)));
typedef int32_t v64 __attribute__((vector_size(64)));

#define RECORD 80u
#define RECORDS 256u

static _Alignas(64) uint8_t buf[RECORD * RECORDS];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Writes every record `rounds` times with stores of W bytes; returns the
 * nanoseconds per record. */
#define PROBE(name, type)                                                             \
    static double name(long rounds)                                                   \
    {                                                                                 \
        type v = { 0 };                                                               \
        double t0 = now();                                                            \
        for (long i = 0; i < rounds; i++) {                                           \
            for (size_t b = 0; b < sizeof(buf); b += sizeof(type))                    \
                *(type *)(void *)(buf + b) = v;                                       \
            __asm__ volatile("" : : "r"(buf) : "memory");                             \
        }                                                                             \
        return (now() - t0) * 1e9 / ((double)rounds * RECORDS);                       \
    }
PROBE(probe16, v16)
PROBE(probe32, v32)
PROBE(probe64, v64)

int main(void)
{
    const long rounds = 400000;
    double best[3] = { 1e9, 1e9, 1e9 };
    for (int rep = 0; rep < 5; rep++) {
        double t[3] = { probe16(rounds), probe32(rounds), probe64(rounds) };
        for (int k = 0; k < 3; k++)
            best[k] = t[k] < best[k] ? t[k] : best[k];
    }
    printf("ns per 80-byte record in L1 (fastest of 5):\n");
    printf("  16-byte stores (5 a record):    %.2f\n", best[0]);
    printf("  32-byte stores (2.5 a record):  %.2f\n", best[1]);
    printf("  64-byte stores (1.25 a record): %.2f\n", best[2]);
    return 0;
}
