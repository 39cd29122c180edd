/*
 * jit_choose.c - what a slot the generator can take runs: its elements'
 * own kernels, the two-vertex ymm loop, or the four-vertex avx512 loop
 * (jit_quad.c), storing record by record or, where the slot fills an odd
 * number of registers alone, whole 64-byte lines. Which is fastest depends
 * on the core, not on anything CPUID tells: on one Xeon the four-vertex loop ran the static mesh at 1.2x
 * the two-vertex one, on another at 0.9x; on a Zen 5 core the two-vertex
 * loop ran at 0.95-0.97x the per-element kernels, on the Xeons at 1.2-1.4x
 * (bench/README.md, "Generated slot kernels", "Four vertices per
 * iteration"). So it is measured, once, when the layout is created: the
 * candidates' strided kernels are generated into a scratch mapping and
 * timed in turn on up to 16 batches of 256 zero vertices (the decode does
 * not branch on the data), the minimum of several rounds each, after the widest one has run
 * alone for 50 us (timed at once, the four-vertex loop lost on the core
 * where it wins by 1.2x: the 512-bit units were still waking). The choice
 * is remembered for the rest of the process, keyed by the candidates'
 * code, so layouts with identical slots (a program that creates the same
 * layout per mesh or per test) measure once. VFETCH_JIT=1 in the
 * environment leaves the elements' kernels out of the choice, and
 * VFETCH_JIT_QUAD=0 or 1 forces the loop (2: the one storing lines where
 * it can); a choice of one candidate is not
 * measured.
 */
/* MAP_ANONYMOUS is not POSIX: glibc and the BSDs show it by default. */
#define _DEFAULT_SOURCE 1
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "cpu.h"
#include "draw_plan.h"
#include "jit_quad.h"
#include "jit_record.h"

#define TRIAL_VERTICES VF_BATCH
#define TRIAL_ROUNDS 7
/* 512-bit instructions run at a fraction of their rate for some
 * microseconds after a core has not used them: the widest candidate runs
 * alone this long before anything is timed. */
#define TRIAL_WARMUP_NS 50000u
/* Each timing runs the kernel over consecutive batches of vertices into
 * consecutive records, as a draw does, up to this many bytes of records
 * (4096 static-mesh vertices): in L2, not L1, where the elements' kernels'
 * passes over a batch cost nothing extra, and spread enough that the
 * four-vertex loop's time no longer swings with where the buffers lie (a
 * single batch measured it at 0.8x to 1.3x the two-vertex loop, varying
 * with the allocation, where a draw runs it at 1.17x). */
#define TRIAL_OUT_BYTES (320u * 1024u)
#define TRIAL_CALLS_MAX 16u
#define TRIAL_CODE (64u * 1024u)
/* Choices remembered; past this many distinct slots, the oldest go. */
#define KNOWN_SLOTS 64u

static struct {
    pthread_mutex_t lock;
    uint64_t key[KNOWN_SLOTS]; /* 0: empty */
    uint8_t loop[KNOWN_SLOTS];
    uint32_t next;
} known = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* The candidates of one slot; fn NULL for the elements' kernels. */
struct trial {
    const struct vf_layout *L;
    const struct vf_slot *slot;
    int n;
    int loop[4];              /* VF_JIT_LOOP_* */
    size_t at[4];             /* where a generated one starts in the code */
    vf_fetch_strided_fn fn[4];
    size_t stride;
    uint32_t calls;           /* batches per timing */
};

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 1099511628211u;
}

/* FNV-1a of the candidates' code and what else the timing depends on (the
 * elements' kernels come from the ISA level); never 0. */
static uint64_t trial_key(const struct trial *t, const uint8_t *code, size_t bytes)
{
    uint64_t h = 14695981039346656037u;
    for (size_t i = 0; i < bytes; i++)
        h = mix(h, code[i]);
    h = mix(h, t->stride);
    h = mix(h, t->L->record_size);
    h = mix(h, t->L->isa);
    for (int c = 0; c < t->n; c++)
        h = mix(h, (uint64_t)t->loop[c] + 1u);
    return h | 1u;
}

/* 1 and *loop_ret when the choice for `key` is known. */
static int known_choice(uint64_t key, int *loop_ret)
{
    int found = 0;
    pthread_mutex_lock(&known.lock);
    for (uint32_t i = 0; i < KNOWN_SLOTS && !found; i++)
        if (known.key[i] == key) {
            *loop_ret = known.loop[i];
            found = 1;
        }
    pthread_mutex_unlock(&known.lock);
    return found;
}

static void remember(uint64_t key, int loop)
{
    pthread_mutex_lock(&known.lock);
    uint32_t i = known.next++ % KNOWN_SLOTS;
    known.key[i] = key;
    known.loop[i] = (uint8_t)loop;
    pthread_mutex_unlock(&known.lock);
}

/* The generated candidates' strided kernels, one after the other in
 * *code_ret (heap; the caller frees it); their length, or 0 when they
 * cannot be made. */
static size_t trial_code(struct trial *t, uint8_t **code_ret)
{
    struct vf_jit_buf *b = malloc(sizeof(*b));
    uint8_t *code = malloc(TRIAL_CODE);
    size_t bytes = 0;
    if (b != NULL && code != NULL) {
        vf_jit_init(b, code, TRIAL_CODE);
        for (int c = 0; c < t->n; c++)
            if (t->loop[c] != VF_JIT_LOOP_ELEMENTS)
                t->at[c] = vf_jit_emit_slot(b, t->L, t->slot, 0, 0, t->loop[c]);
        bytes = vf_jit_finish(b);
    }
    free(b);
    *code_ret = code;
    return bytes;
}

static uint64_t time_candidate(const struct trial *t, int c, const uint8_t *src, uint8_t *dst)
{
    size_t rs = t->L->record_size, in = TRIAL_VERTICES * t->stride, out = TRIAL_VERTICES * rs;
    uint64_t t0 = now_ns();
    for (uint32_t i = 0; i < t->calls; i++) {
        const uint8_t *s = src + i * in;
        uint8_t *d = dst + i * out;
        if (t->fn[c] != NULL)
            t->fn[c](s, t->stride, TRIAL_VERTICES, (uint32_t *)(void *)d, rs);
        else
            vf_slot_elements_strided(t->L, t->slot, s, t->stride, TRIAL_VERTICES, d);
    }
    return now_ns() - t0;
}

/* Times the candidates; the index of the fastest, or -1 when they could
 * not be run. */
static int time_loops(struct trial *t, const uint8_t *code, size_t bytes)
{
    size_t rs = t->L->record_size;
    size_t in = (size_t)t->calls * TRIAL_VERTICES * t->stride + 64u;
    size_t out = (size_t)t->calls * TRIAL_VERTICES * rs;
    /* 64-byte aligned, as a vertex buffer usually is, and touched before
     * the warm-up: faulting the pages in took longer than the warm-up
     * itself, which then ran once. */
    uint8_t *src = aligned_alloc(64, (in + 63u) & ~(size_t)63u);
    uint8_t *dst = aligned_alloc(64, out);
    if (src != NULL && dst != NULL) {
        memset(src, 0, in);
        memset(dst, 0, out);
    }
    size_t map_bytes = 0;
    void *map = src != NULL && dst != NULL ? vf_jit_map_code(code, bytes, &map_bytes) : NULL;
    int best = -1;
    if (map != NULL) {
        for (int c = 0; c < t->n; c++) {
            void *p = (uint8_t *)map + t->at[c];
            t->fn[c] = NULL;
            if (t->loop[c] != VF_JIT_LOOP_ELEMENTS)
                memcpy(&t->fn[c], &p, sizeof(p)); /* object to function pointer, as dlsym */
        }
        uint64_t least[4] = { UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX }, spent = 0;
        for (int i = 0; i < 1000 && spent < TRIAL_WARMUP_NS; i++)
            spent += time_candidate(t, t->n - 1, src, dst);
        for (int r = 0; r < TRIAL_ROUNDS; r++)
            for (int i = 0; i < t->n; i++) {
                int c = (i + r) % t->n;
                uint64_t ns = time_candidate(t, c, src, dst);
                if (ns < least[c])
                    least[c] = ns;
            }
        best = 0;
        for (int c = 1; c < t->n; c++)
            if (least[c] < least[best])
                best = c;
        vf_jit_unmap(map, map_bytes);
    }
    free(src);
    free(dst);
    return best;
}

/* The candidates, narrowest first: the elements' kernels unless
 * VFETCH_JIT=1 forced the generator, then the loops VFETCH_JIT_QUAD
 * leaves. */
static void candidates(struct trial *t, int forced)
{
    int quad_env = vf_env_digit("VFETCH_JIT_QUAD", 2);
    int quad_ok = vf_jit_quad_ok(t->L, t->slot), lines_ok = vf_jit_quad_lines_ok(t->L, t->slot);
    t->n = 0;
    if (!forced)
        t->loop[t->n++] = VF_JIT_LOOP_ELEMENTS;
    if (!quad_ok || quad_env == -1 || quad_env == 0)
        t->loop[t->n++] = VF_JIT_LOOP_PAIR;
    if (quad_ok && (quad_env == -1 || quad_env == 1 || (quad_env == 2 && !lines_ok)))
        t->loop[t->n++] = VF_JIT_LOOP_QUAD;
    if (lines_ok && (quad_env == -1 || quad_env == 2))
        t->loop[t->n++] = VF_JIT_LOOP_LINES;
}

int vf_jit_choose_loop(const struct vf_layout *L, const struct vf_slot *slot, int forced)
{
    struct trial t = { .L = L, .slot = slot };
    t.stride = (slot->span + 3u) & ~(size_t)3u;
    t.calls = L->record_size > 0 ? TRIAL_OUT_BYTES / (TRIAL_VERTICES * (uint32_t)L->record_size)
                                 : TRIAL_CALLS_MAX;
    t.calls = t.calls < 2u ? 2u : t.calls > TRIAL_CALLS_MAX ? TRIAL_CALLS_MAX : t.calls;
    candidates(&t, forced);
    if (t.n == 1)
        return t.loop[0];
    uint8_t *code = NULL;
    size_t bytes = trial_code(&t, &code);
    /* Nothing measurable: the widest generated loop, as if forced. */
    int loop = t.loop[t.n - 1];
    if (bytes > 0) {
        uint64_t key = trial_key(&t, code, bytes);
        if (!known_choice(key, &loop)) {
            int best = time_loops(&t, code, bytes);
            if (best >= 0) {
                loop = t.loop[best];
                remember(key, loop);
            }
        }
    }
    free(code);
    return loop;
}
