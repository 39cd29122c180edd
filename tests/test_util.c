/* test_util.c - helpers shared by the test programs (see test_util.h). */
/* mmap flags such as MAP_ANONYMOUS are not in strict C11 mode. */
#define _DEFAULT_SOURCE
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void vf_rng_seed(vf_rng *rng, uint64_t seed)
{
    rng->state = seed ? seed : 0x9e3779b97f4a7c15ull;
}

uint32_t vf_rng_u32(vf_rng *rng)
{
    uint64_t x = rng->state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng->state = x;
    return (uint32_t)((x * 0x2545f4914f6cdd1dull) >> 32);
}

uint32_t vf_rng_below(vf_rng *rng, uint32_t bound)
{
    return (uint32_t)(((uint64_t)vf_rng_u32(rng) * bound) >> 32);
}

void vf_rng_fill(vf_rng *rng, void *buf, size_t size)
{
    uint8_t *p = buf;
    for (size_t i = 0; i < size; i++)
        p[i] = (uint8_t)vf_rng_u32(rng);
}

void vf_guarded_alloc(vf_guarded *g, size_t size, int where)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t body = (size + page - 1) / page * page;
    if (body == 0)
        body = page;
    g->map_size = body + 2 * page;
    g->map = mmap(NULL, g->map_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (g->map == MAP_FAILED) {
        perror("mmap");
        abort();
    }
    uint8_t *base = g->map;
    /* A PROT_NONE page on each side of the body. */
    if (mprotect(base, page, PROT_NONE) != 0 || mprotect(base + page + body, page, PROT_NONE) != 0) {
        perror("mprotect");
        abort();
    }
    g->data = where == VF_GUARD_AFTER ? base + page + body - size : base + page;
    g->size = size;
    memset(base + page, 0xA5, body);
}

void vf_guarded_free(vf_guarded *g)
{
    if (g->map)
        munmap(g->map, g->map_size);
    memset(g, 0, sizeof(*g));
}

uint32_t vf_test_f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

float vf_test_u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

void vf_test_short_stream(uint32_t s, uint32_t len, uint32_t *idx32, uint16_t *idx16)
{
    for (uint32_t i = 0; i < len; i++) {
        uint32_t sym = (s >> (2 * i)) & 3;
        idx32[i] = sym == 3 ? 0xffffffffu : sym;
        idx16[i] = (uint16_t)idx32[i];
    }
}
