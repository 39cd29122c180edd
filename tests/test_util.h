/* test_util.h - helpers shared by the test programs: a seeded PRNG, guarded
 * buffers and float bits. Free of Check, so the fuzz replays and the
 * cross-built SIMD test can use it too (the runner is in check_main.h). */
#ifndef VF_TEST_UTIL_H
#define VF_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* A deterministic PRNG (xorshift64*), independent of libc's rand(). */
typedef struct vf_rng { uint64_t state; } vf_rng;
void vf_rng_seed(vf_rng *rng, uint64_t seed);
uint32_t vf_rng_u32(vf_rng *rng);
uint32_t vf_rng_below(vf_rng *rng, uint32_t bound); /* uniform in [0, bound), bound > 0 */
void vf_rng_fill(vf_rng *rng, void *buf, size_t size);

/* Guarded buffers: `size` usable bytes placed so that the byte after the
 * last one (VF_GUARD_AFTER) or the byte before the first one
 * (VF_GUARD_BEFORE) is on a PROT_NONE page: any stray read faults. Aborts
 * when the mapping fails. */
enum { VF_GUARD_AFTER = 0, VF_GUARD_BEFORE = 1 };
typedef struct vf_guarded {
    uint8_t *data;  /* the usable bytes */
    size_t size;
    void *map;      /* the whole mapping */
    size_t map_size;
} vf_guarded;
void vf_guarded_alloc(vf_guarded *g, size_t size, int where);
void vf_guarded_free(vf_guarded *g);

/* Float32 bits of a float and back, without aliasing tricks. */
uint32_t vf_test_f2u(float f);
float vf_test_u2f(uint32_t u);

/* Short index streams for exhaustive tests: stream number s (0 ..
 * 4^len - 1) of len positions over the symbols {0, 1, 2, cut}, two bits a
 * position, into idx32[len] (cut 0xFFFFFFFF) and idx16[len] (cut 0xFFFF). */
void vf_test_short_stream(uint32_t s, uint32_t len, uint32_t *idx32, uint16_t *idx16);

#endif
