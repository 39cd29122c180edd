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
#if defined(__x86_64__) && defined(__GNUC__)
#  include <immintrin.h>
#  define BU_HAVE_AVX_NT 1
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
#define BU_CHUNK 65536u

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

#ifdef BU_HAVE_AVX_NT
/* The widest non-temporal stores vfetch uses (32 bytes, AVX), so the bound
 * is the machine's and not a narrower store's. */
__attribute__((target("avx"))) static void write_bytes_nt_avx(uint8_t *dst, const uint8_t *src,
                                                                size_t n)
{
    size_t head = (32 - ((uintptr_t)dst & 31)) & 31;
    memcpy(dst, src, head);
    size_t i = head;
    for (; i + 64 <= n; i += 64) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(src + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(src + i + 32));
        _mm256_stream_si256((__m256i *)(void *)(dst + i), a);
        _mm256_stream_si256((__m256i *)(void *)(dst + i + 32), b);
    }
    memcpy(dst + i, src + i, n - i);
}

static int have_avx(void)
{
    static int known = -1;
    if (known < 0)
        known = __builtin_cpu_supports("avx") != 0;
    return known;
}
#endif

/* memcpy, or the same with non-temporal stores for the aligned middle. */
static void write_bytes(uint8_t *dst, const uint8_t *src, size_t n, int nt)
{
#ifdef BU_HAVE_AVX_NT
    if (nt && n >= 128 && have_avx()) {
        write_bytes_nt_avx(dst, src, n);
        return;
    }
#endif
#if defined(__SSE2__)
    if (nt && n >= 64) {
        size_t head = (16 - ((uintptr_t)dst & 15)) & 15;
        memcpy(dst, src, head);
        size_t i = head;
        for (; i + 64 <= n; i += 64) {
            __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(src + i));
            __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(src + i + 16));
            __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(src + i + 32));
            __m128i d = _mm_loadu_si128((const __m128i *)(const void *)(src + i + 48));
            _mm_stream_si128((__m128i *)(void *)(dst + i), a);
            _mm_stream_si128((__m128i *)(void *)(dst + i + 16), b);
            _mm_stream_si128((__m128i *)(void *)(dst + i + 32), c);
            _mm_stream_si128((__m128i *)(void *)(dst + i + 48), d);
        }
        memcpy(dst + i, src + i, n - i);
        return;
    }
#else
    (void)nt;
#endif
    memcpy(dst, src, n);
}

/* The pieces of input bytes [a, b) of the concatenated spans. */
struct piece {
    const uint8_t *p;
    size_t n;
};

static unsigned input_pieces(const struct bu_copy_job *job, size_t a, size_t b,
                             struct piece *out, unsigned max)
{
    unsigned count = 0;
    size_t base = 0;

    for (unsigned s = 0; s < job->nin && a < b && count < max; s++) {
        size_t size = job->in[s].size;
        if (a < base + size) {
            size_t end = b < base + size ? b : base + size;
            out[count].p = (const uint8_t *)job->in[s].data + (a - base);
            out[count].n = end - a;
            count++;
            a = end;
        }
        base += size;
    }
    return count;
}

void bu_copy_init(struct bu_copy_job *job, const struct bu_span *in, unsigned nin, void *out,
                  size_t out_size, int nt, unsigned threads)
{
    job->in = in;
    job->nin = nin;
    job->out = out;
    job->out_size = out_size;
    job->nt = nt;
    job->in_total = 0;
    for (unsigned s = 0; s < nin; s++)
        job->in_total += in[s].size;
    /* Like a threaded draw: chunks small enough that every thread gets
     * several, never below one block. */
    size_t chunk = BU_CHUNK;
    size_t fair = out_size / (4u * threads);
    if (chunk > fair)
        chunk = fair;
    chunk = (chunk + BU_BLOCK - 1) / BU_BLOCK * BU_BLOCK;
    if (chunk == 0)
        chunk = BU_BLOCK;
    job->chunk = chunk;
    job->nchunks = out_size ? (out_size + chunk - 1) / chunk : 1;
    atomic_init(&job->next, 0);
}

#define BU_MAX_PIECES 48u

void bu_copy_work(struct bu_copy_job *job, void *scratch)
{
    int wrote = 0;

    for (;;) {
        size_t k = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
        if (k >= job->nchunks)
            break;
        size_t out_lo = k * job->chunk;
        size_t out_hi = out_lo + job->chunk < job->out_size ? out_lo + job->chunk : job->out_size;
        /* This chunk's share of the input. */
        size_t in_lo = (size_t)((double)job->in_total * (double)k / (double)job->nchunks);
        size_t in_hi = k + 1 == job->nchunks
                           ? job->in_total
                           : (size_t)((double)job->in_total * (double)(k + 1) / (double)job->nchunks);
        struct piece pieces[BU_MAX_PIECES];
        unsigned np = input_pieces(job, in_lo, in_hi, pieces, BU_MAX_PIECES);
        uint8_t *dst = job->out + out_lo;
        size_t left = out_hi - out_lo;

        /* Stream the input share into the output once (each input byte
         * read from memory once), then fill the rest of the chunk from the
         * same bytes, now in L1/L2: every output byte written once. */
        for (unsigned i = 0; i < np; i++) {
            size_t n = pieces[i].n < left ? pieces[i].n : left;
            if (n) {
                write_bytes(dst, pieces[i].p, n, job->nt);
                dst += n;
                left -= n;
                wrote = 1;
            }
            /* More input than output: read the rest anyway. */
            for (size_t off = n; off < pieces[i].n; off += BU_SCRATCH_SIZE) {
                size_t m = pieces[i].n - off < BU_SCRATCH_SIZE ? pieces[i].n - off : BU_SCRATCH_SIZE;
                memcpy(scratch, pieces[i].p + off, m);
                bu_barrier(scratch);
            }
        }
        if (left == 0)
            continue;
        if (in_hi - in_lo >= BU_SCRATCH_SIZE / 2) {
            while (left > 0) {
                for (unsigned i = 0; i < np && left > 0; i++) {
                    size_t n = pieces[i].n < left ? pieces[i].n : left;
                    write_bytes(dst, pieces[i].p, n, job->nt);
                    dst += n;
                    left -= n;
                }
            }
        } else {
            /* A small share (or none): repeat it in the scratch first, so
             * the writes stay large. */
            uint8_t *sc = scratch;
            size_t fill = 0;
            while (np > 0 && fill + (in_hi - in_lo) <= BU_SCRATCH_SIZE)
                for (unsigned i = 0; i < np; i++) {
                    memcpy(sc + fill, pieces[i].p, pieces[i].n);
                    fill += pieces[i].n;
                }
            if (fill == 0) {
                memset(sc, 0, BU_SCRATCH_SIZE);
                fill = BU_SCRATCH_SIZE;
            }
            while (left > 0) {
                size_t n = fill < left ? fill : left;
                write_bytes(dst, sc, n, job->nt);
                dst += n;
                left -= n;
            }
        }
        wrote = 1;
    }
#if defined(__SSE2__)
    if (job->nt && wrote)
        _mm_sfence();
#else
    (void)wrote;
#endif
}

/* ------------------------------------------------------------------------ */
/* Team                                                                       */
/* ------------------------------------------------------------------------ */

/* Members spin a while before they sleep, so back-to-back timed runs do
 * not pay a wake-up each; an idle team sleeps and costs nothing.
 *
 * A run is a generation. A member joins it before working on it; when the
 * caller has finished its own share it closes the generation and waits
 * only for members that joined. A member the OS has not scheduled yet (the
 * machine may be shared) then skips the run instead of holding it up. */
#define BU_SPIN 20000u
#define BU_CLOSED 0x80000000u

struct bu_team {
    unsigned size;
    pthread_t *threads;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_cond_t done_cond;
    /* generation << 32 | BU_CLOSED | members joined */
    _Atomic uint64_t state;
    atomic_uint finished;
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
    uint32_t seen = 0;

    free(m);
    for (;;) {
        uint64_t st;
        unsigned spins = 0;
        while ((uint32_t)((st = atomic_load_explicit(&team->state, memory_order_acquire)) >> 32) ==
                   seen &&
               spins < BU_SPIN) {
            bu_pause();
            spins++;
        }
        if ((uint32_t)(st >> 32) == seen) {
            pthread_mutex_lock(&team->lock);
            while ((uint32_t)((st = atomic_load(&team->state)) >> 32) == seen)
                pthread_cond_wait(&team->wake, &team->lock);
            pthread_mutex_unlock(&team->lock);
        }
        seen = (uint32_t)(st >> 32);
        if (atomic_load(&team->quit))
            return NULL;
        /* Join unless the caller already closed this generation. */
        int joined = 0;
        while ((uint32_t)(st >> 32) == seen && !(st & BU_CLOSED)) {
            if (atomic_compare_exchange_weak(&team->state, &st, st + 1)) {
                joined = 1;
                break;
            }
        }
        if (!joined)
            continue;
        team->fn(team->arg, index, team->size);
        pthread_mutex_lock(&team->lock);
        atomic_fetch_add(&team->finished, 1);
        pthread_cond_signal(&team->done_cond);
        pthread_mutex_unlock(&team->lock);
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
    atomic_init(&team->state, 0);
    atomic_init(&team->finished, 0);
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
    if (team->size == 1) {
        fn(arg, 0, 1);
        return;
    }
    team->fn = fn;
    team->arg = arg;
    atomic_store(&team->finished, 0);
    pthread_mutex_lock(&team->lock);
    uint64_t gen = (atomic_load(&team->state) >> 32) + 1;
    atomic_store_explicit(&team->state, gen << 32, memory_order_release);
    pthread_cond_broadcast(&team->wake);
    pthread_mutex_unlock(&team->lock);

    fn(arg, 0, team->size);

    uint32_t joined = (uint32_t)(atomic_fetch_or(&team->state, BU_CLOSED) & (BU_CLOSED - 1));
    unsigned spins = 0;
    while (atomic_load_explicit(&team->finished, memory_order_acquire) < joined &&
           spins < BU_SPIN) {
        bu_pause();
        spins++;
    }
    if (atomic_load(&team->finished) < joined) {
        pthread_mutex_lock(&team->lock);
        while (atomic_load(&team->finished) < joined)
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
    atomic_fetch_add(&team->state, (uint64_t)1 << 32);
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
    char name[256] = "unknown CPU";
    long family = -1, model = -1;

    if (f != NULL) {
        while (fgets(line, sizeof(line), f)) {
            char *v = strchr(line, ':');
            if (v == NULL)
                continue;
            v++;
            while (*v == ' ' || *v == '\t')
                v++;
            v[strcspn(v, "\n")] = '\0';
            if (strncmp(line, "model name", 10) == 0) {
                snprintf(name, sizeof(name), "%s", v);
            } else if (strncmp(line, "cpu family", 10) == 0) {
                family = strtol(v, NULL, 10);
            } else if (strncmp(line, "model", 5) == 0 && (line[5] == ' ' || line[5] == '\t')) {
                model = strtol(v, NULL, 10);
            } else if (line[0] == '\n' || strncmp(line, "processor", 9) == 0) {
                if (family >= 0 && strcmp(name, "unknown CPU") != 0)
                    break; /* the first processor is enough */
            }
        }
        fclose(f);
    }
    /* Virtual machines often hide the model name; family and model still
     * tell the microarchitecture. */
    if (family >= 0)
        snprintf(buf, size, "%s (family %ld, model %ld)", name, family, model);
    else
        snprintf(buf, size, "%s", name);
    return buf;
}

unsigned bu_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    return n > 0 ? (unsigned)n : 1u;
}

size_t bu_llc_size(void)
{
    /* sysfs gives the cache this CPU shares; sysconf may report the sum
     * over the whole package (384 MiB on a 12-CCD EPYC), too much here. */
    size_t best = 0;
    unsigned best_level = 0;

    for (unsigned i = 0; i < 8; i++) {
        char path[96], buf[64];
        unsigned level = 0;
        unsigned long kib = 0;
        FILE *f;

        snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%u/level", i);
        if ((f = fopen(path, "r")) == NULL)
            break;
        if (fgets(buf, sizeof(buf), f))
            level = (unsigned)strtoul(buf, NULL, 10);
        fclose(f);
        snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%u/size", i);
        if ((f = fopen(path, "r")) == NULL)
            continue;
        if (fgets(buf, sizeof(buf), f)) {
            char *end;
            kib = strtoul(buf, &end, 10);
            if (*end == 'M')
                kib *= 1024;
        }
        fclose(f);
        if (level >= best_level && kib) {
            best_level = level;
            best = (size_t)kib * 1024;
        }
    }
    if (best)
        return best;

    long n = -1;
#if defined(_SC_LEVEL3_CACHE_SIZE)
    n = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (n <= 0)
        n = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    return n > 0 ? (size_t)n : (size_t)32 << 20;
}

/* The size of the cache of `level` that cpu0 reads data through, from
 * sysfs; 0 when it cannot be read. */
static size_t sysfs_cache_size(unsigned want_level)
{
    for (unsigned i = 0; i < 8; i++) {
        char path[96], buf[64];
        unsigned level = 0;
        int data = 0;
        FILE *f;

        snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%u/level", i);
        if ((f = fopen(path, "r")) == NULL)
            break;
        if (fgets(buf, sizeof(buf), f))
            level = (unsigned)strtoul(buf, NULL, 10);
        fclose(f);
        snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%u/type", i);
        if ((f = fopen(path, "r")) != NULL) {
            data = fgets(buf, sizeof(buf), f) && strncmp(buf, "Instruction", 11) != 0;
            fclose(f);
        }
        if (level != want_level || !data)
            continue;
        snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%u/size", i);
        if ((f = fopen(path, "r")) == NULL)
            continue;
        unsigned long kib = 0;
        if (fgets(buf, sizeof(buf), f)) {
            char *end;
            kib = strtoul(buf, &end, 10);
            if (*end == 'M')
                kib *= 1024;
        }
        fclose(f);
        if (kib)
            return (size_t)kib * 1024;
    }
    return 0;
}

size_t bu_l2_size(const char **source)
{
    size_t n = sysfs_cache_size(2);

    *source = "sysfs";
    if (n)
        return n;
#if defined(_SC_LEVEL2_CACHE_SIZE)
    long v = sysconf(_SC_LEVEL2_CACHE_SIZE);
    *source = "sysconf";
    if (v > 0)
        return (size_t)v;
#endif
    *source = "guessed";
    return (size_t)1 << 20;
}
