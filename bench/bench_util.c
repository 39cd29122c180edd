/*
 * bench_util.c - timing, statistics, buffers, threads and the copy roofline
 * of vfetch-bench.
 */
#define _GNU_SOURCE 1 /* sysconf(_SC_LEVEL3_CACHE_SIZE) */

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif

#include "bench_util.h"

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

/* ------------------------------------------------------------------------ */
/* The roofline                                                               */
/* ------------------------------------------------------------------------ */

#define BU_BLOCK 4096u

int bu_have_nt(void)
{
#if defined(__SSE2__)
    return 1;
#else
    return 0;
#endif
}

/* Keeps the compiler from treating the scratch copies as dead stores. */
static inline void bu_barrier(void *p)
{
#if defined(__GNUC__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    (void)p;
#endif
}

static void write_block(uint8_t *dst, const uint8_t *scratch, size_t n, int nt)
{
#if defined(__SSE2__)
    if (nt) {
        size_t i = 0;
        /* dst is 64-byte aligned except at the very end of the output. */
        if (((uintptr_t)dst & 15) == 0) {
            for (; i + 64 <= n; i += 64) {
                __m128i a = _mm_load_si128((const __m128i *)(const void *)(scratch + i));
                __m128i b = _mm_load_si128((const __m128i *)(const void *)(scratch + i + 16));
                __m128i c = _mm_load_si128((const __m128i *)(const void *)(scratch + i + 32));
                __m128i d = _mm_load_si128((const __m128i *)(const void *)(scratch + i + 48));
                _mm_stream_si128((__m128i *)(void *)(dst + i), a);
                _mm_stream_si128((__m128i *)(void *)(dst + i + 16), b);
                _mm_stream_si128((__m128i *)(void *)(dst + i + 32), c);
                _mm_stream_si128((__m128i *)(void *)(dst + i + 48), d);
            }
        }
        if (i < n)
            memcpy(dst + i, scratch + i, n - i);
        return;
    }
#else
    (void)nt;
#endif
    memcpy(dst, scratch, n);
}

/* Reads `n` bytes from the spans starting at (*span, *pos) into scratch. */
static void read_bytes(const struct bu_span *in, const size_t *lo, const size_t *hi, unsigned nin,
                       unsigned *span, size_t *pos, size_t n, uint8_t *scratch)
{
    while (n > 0 && *span < nin) {
        size_t avail = hi[*span] - *pos;
        if (avail == 0) {
            if (++*span < nin)
                *pos = lo[*span];
            continue;
        }
        size_t take = n < avail ? n : avail;
        if (take > BU_SCRATCH_SIZE)
            take = BU_SCRATCH_SIZE;
        memcpy(scratch, (const uint8_t *)in[*span].data + *pos, take);
        bu_barrier(scratch);
        *pos += take;
        n -= take;
    }
}

#define BU_MAX_SPANS 40u

void bu_copy(const struct bu_span *in, unsigned nin, void *out, size_t out_size, int nt,
             unsigned part, unsigned parts, void *scratch)
{
    size_t lo[BU_MAX_SPANS], hi[BU_MAX_SPANS];
    size_t in_total = 0;
    uint8_t *dst = out;
    size_t out_lo, out_hi;

    if (nin > BU_MAX_SPANS)
        nin = BU_MAX_SPANS;
    for (unsigned s = 0; s < nin; s++) {
        lo[s] = in[s].size / parts * part;
        hi[s] = part + 1 == parts ? in[s].size : in[s].size / parts * (part + 1);
        in_total += hi[s] - lo[s];
    }
    /* Output shares start on cache-line boundaries. */
    out_lo = (out_size / parts * part) & ~(size_t)63;
    out_hi = part + 1 == parts ? out_size : (out_size / parts * (part + 1)) & ~(size_t)63;

    size_t out_n = out_hi - out_lo;
    size_t blocks = (out_n + BU_BLOCK - 1) / BU_BLOCK;
    unsigned span = 0;
    size_t pos = nin ? lo[0] : 0;
    size_t done_in = 0;

    if (blocks == 0)
        blocks = 1;
    for (size_t k = 0; k < blocks; k++) {
        /* Input read so far keeps pace with output written. */
        size_t want = (size_t)((double)in_total * (double)(k + 1) / (double)blocks);
        if (k + 1 == blocks)
            want = in_total;
        if (want > done_in) {
            read_bytes(in, lo, hi, nin, &span, &pos, want - done_in, scratch);
            done_in = want;
        }
        size_t off = k * BU_BLOCK;
        if (off < out_n) {
            size_t n = out_n - off < BU_BLOCK ? out_n - off : BU_BLOCK;
            write_block(dst + out_lo + off, scratch, n, nt);
        }
    }
#if defined(__SSE2__)
    if (nt)
        _mm_sfence();
#endif
}

/* ------------------------------------------------------------------------ */
/* Team                                                                       */
/* ------------------------------------------------------------------------ */

/* Members spin a while before they sleep, so back-to-back timed runs do
 * not pay a wake-up each; an idle team sleeps and costs nothing. */
#define BU_SPIN 200000u

struct bu_team {
    unsigned size;
    pthread_t *threads;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_cond_t done_cond;
    atomic_uint generation;
    atomic_uint pending;
    atomic_int quit;
    bu_task_fn fn;
    void *arg;
};

struct bu_member {
    struct bu_team *team;
    unsigned index;
};

static inline void bu_pause(void)
{
#if defined(__SSE2__)
    _mm_pause();
#endif
}

static void *member_main(void *p)
{
    struct bu_member *m = p;
    struct bu_team *team = m->team;
    unsigned index = m->index;
    unsigned seen = 0;

    free(m);
    for (;;) {
        unsigned gen;
        unsigned spins = 0;
        while ((gen = atomic_load_explicit(&team->generation, memory_order_acquire)) == seen &&
               spins < BU_SPIN) {
            bu_pause();
            spins++;
        }
        if (gen == seen) {
            pthread_mutex_lock(&team->lock);
            while ((gen = atomic_load(&team->generation)) == seen)
                pthread_cond_wait(&team->wake, &team->lock);
            pthread_mutex_unlock(&team->lock);
        }
        seen = gen;
        if (atomic_load(&team->quit))
            return NULL;
        team->fn(team->arg, index, team->size);
        if (atomic_fetch_sub_explicit(&team->pending, 1, memory_order_acq_rel) == 1) {
            pthread_mutex_lock(&team->lock);
            pthread_cond_signal(&team->done_cond);
            pthread_mutex_unlock(&team->lock);
        }
    }
}

struct bu_team *bu_team_create(unsigned threads)
{
    struct bu_team *team = calloc(1, sizeof(*team));

    if (team == NULL || threads == 0) {
        free(team);
        return NULL;
    }
    team->size = threads;
    team->threads = calloc(threads, sizeof(pthread_t));
    if (team->threads == NULL) {
        free(team);
        return NULL;
    }
    pthread_mutex_init(&team->lock, NULL);
    pthread_cond_init(&team->wake, NULL);
    pthread_cond_init(&team->done_cond, NULL);
    atomic_init(&team->generation, 0);
    atomic_init(&team->pending, 0);
    atomic_init(&team->quit, 0);
    for (unsigned i = 1; i < threads; i++) {
        struct bu_member *m = malloc(sizeof(*m));
        if (m != NULL) {
            m->team = team;
            m->index = i;
        }
        if (m == NULL || pthread_create(&team->threads[i], NULL, member_main, m) != 0) {
            free(m);
            team->size = i; /* destroy joins only those created */
            bu_team_destroy(team);
            return NULL;
        }
    }
    return team;
}

unsigned bu_team_size(const struct bu_team *team)
{
    return team->size;
}

void bu_team_run(struct bu_team *team, bu_task_fn fn, void *arg)
{
    unsigned others = team->size - 1;

    if (others == 0) {
        fn(arg, 0, 1);
        return;
    }
    team->fn = fn;
    team->arg = arg;
    atomic_store(&team->pending, others);
    pthread_mutex_lock(&team->lock);
    atomic_fetch_add_explicit(&team->generation, 1, memory_order_release);
    pthread_cond_broadcast(&team->wake);
    pthread_mutex_unlock(&team->lock);

    fn(arg, 0, team->size);

    unsigned spins = 0;
    while (atomic_load_explicit(&team->pending, memory_order_acquire) != 0 && spins < BU_SPIN) {
        bu_pause();
        spins++;
    }
    if (atomic_load(&team->pending) != 0) {
        pthread_mutex_lock(&team->lock);
        while (atomic_load(&team->pending) != 0)
            pthread_cond_wait(&team->done_cond, &team->lock);
        pthread_mutex_unlock(&team->lock);
    }
}

void bu_team_destroy(struct bu_team *team)
{
    if (team == NULL)
        return;
    pthread_mutex_lock(&team->lock);
    atomic_store(&team->quit, 1);
    atomic_fetch_add(&team->generation, 1);
    pthread_cond_broadcast(&team->wake);
    pthread_mutex_unlock(&team->lock);
    for (unsigned i = 1; i < team->size; i++)
        pthread_join(team->threads[i], NULL);
    pthread_cond_destroy(&team->done_cond);
    pthread_cond_destroy(&team->wake);
    pthread_mutex_destroy(&team->lock);
    free(team->threads);
    free(team);
}

/* ------------------------------------------------------------------------ */
/* The machine                                                                */
/* ------------------------------------------------------------------------ */

const char *bu_cpu_name(char *buf, size_t size)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];

    snprintf(buf, size, "unknown CPU");
    if (f == NULL)
        return buf;
    while (fgets(line, sizeof(line), f)) {
        if (strncmp(line, "model name", 10) == 0 && strchr(line, ':')) {
            char *v = strchr(line, ':') + 1;
            while (*v == ' ' || *v == '\t')
                v++;
            v[strcspn(v, "\n")] = '\0';
            snprintf(buf, size, "%s", v);
            break;
        }
    }
    fclose(f);
    return buf;
}

unsigned bu_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    return n > 0 ? (unsigned)n : 1u;
}

size_t bu_llc_size(void)
{
    long n = -1;

#if defined(_SC_LEVEL3_CACHE_SIZE)
    n = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (n <= 0)
        n = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    return n > 0 ? (size_t)n : (size_t)32 << 20;
}
