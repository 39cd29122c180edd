/*
 * jit_choose.c - whether a slot runs the four-vertex avx512 loop
 * (jit_quad.c) or only the two-vertex ymm loop. Which is faster depends
 * on the core, not on anything CPUID tells: on one Xeon the four-vertex
 * loop ran the static mesh at 1.2x the two-vertex one, on another at 0.9x
 * (bench/README.md, "Four vertices per iteration"). So it is measured,
 * once, when the layout is created: both strided kernels of the slot are
 * generated into a scratch mapping and timed in turn on 256 zero vertices
 * (the decode does not branch on the data), the minimum of several rounds
 * each, after the four-vertex loop has run alone for 50 us (timed at once,
 * it lost on the core where it wins by 1.2x: the 512-bit units were still
 * waking). VFETCH_JIT_QUAD=0 or 1 in the environment when the layout is
 * created skips the measurement and forces the choice.
 */
/* MAP_ANONYMOUS is not POSIX: glibc and the BSDs show it by default. */
#define _DEFAULT_SOURCE 1
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "jit_quad.h"
#include "jit_record.h"

#define TRIAL_VERTICES 256u
#define TRIAL_ROUNDS 7
/* 512-bit instructions run at a fraction of their rate for some
 * microseconds after a core has not used them: the four-vertex loop runs
 * alone this long before anything is timed. */
#define TRIAL_WARMUP_NS 50000u
#define TRIAL_CALLS 4
#define TRIAL_CODE (64u * 1024u)

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static uint64_t time_kernel(vf_fetch_strided_fn k, const uint8_t *src, size_t stride,
                            uint32_t *dst, size_t rs)
{
    uint64_t t0 = now_ns();
    for (int i = 0; i < TRIAL_CALLS; i++)
        k(src, stride, TRIAL_VERTICES, dst, rs);
    return now_ns() - t0;
}

/* Both strided kernels in one read+execute mapping; 0 when they cannot be
 * made (the caller then keeps the two-vertex loop). */
static int trial_kernels(const struct vf_layout *L, const struct vf_slot *slot, void **map,
                         size_t *map_bytes, vf_fetch_strided_fn k[2])
{
    struct vf_jit_buf *b = malloc(sizeof(*b));
    uint8_t *code = malloc(TRIAL_CODE);
    size_t bytes = 0, at[2] = { 0, 0 };
    if (b != NULL && code != NULL) {
        vf_jit_init(b, code, TRIAL_CODE);
        at[0] = vf_jit_emit_slot(b, L, slot, 0, 0, 1);
        at[1] = vf_jit_emit_slot(b, L, slot, 0, 0, 0);
        bytes = vf_jit_finish(b);
    }
    *map = NULL;
    if (bytes > 0)
        *map = vf_jit_map_code(code, bytes, map_bytes);
    free(code);
    free(b);
    if (*map == NULL)
        return 0;
    for (int i = 0; i < 2; i++) {
        void *p = (uint8_t *)*map + at[i];
        memcpy(&k[i], &p, sizeof(p)); /* object to function pointer, as dlsym */
    }
    return 1;
}

/* Times the two loops; 1 when the four-vertex one is faster. */
static int measure(const struct vf_layout *L, const struct vf_slot *slot)
{
    size_t stride = (slot->span + 3u) & ~(size_t)3u, rs = L->record_size;
    uint8_t *src = calloc((size_t)TRIAL_VERTICES * stride + 64u, 1);
    uint32_t *dst = aligned_alloc(64, (size_t)TRIAL_VERTICES * rs);
    void *map = NULL;
    size_t map_bytes = 0;
    vf_fetch_strided_fn k[2];
    int quad = 0;
    if (src != NULL && dst != NULL && trial_kernels(L, slot, &map, &map_bytes, k)) {
        uint64_t best[2] = { UINT64_MAX, UINT64_MAX }, spent = 0;
        for (int i = 0; i < 1000 && spent < TRIAL_WARMUP_NS; i++)
            spent += time_kernel(k[0], src, stride, dst, rs);
        time_kernel(k[1], src, stride, dst, rs);
        for (int r = 0; r < TRIAL_ROUNDS; r++)
            for (int i = 0; i < 2; i++) {
                uint64_t t = time_kernel(k[(i + r) & 1], src, stride, dst, rs);
                if (t < best[(i + r) & 1])
                    best[(i + r) & 1] = t;
            }
        quad = best[0] < best[1];
        vf_jit_unmap(map, map_bytes);
    }
    free(src);
    free(dst);
    return quad;
}

int vf_jit_choose_quad(const struct vf_layout *L, const struct vf_slot *slot)
{
    if (!vf_jit_quad_ok(L, slot))
        return 0;
    const char *env = getenv("VFETCH_JIT_QUAD");
    if (env != NULL && (strcmp(env, "0") == 0 || strcmp(env, "1") == 0))
        return env[0] == '1';
    return measure(L, slot);
}
