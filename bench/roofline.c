/*
 * roofline.c - the copy roofline of vfetch-bench (roofline.h). The
 * non-temporal stores are all here.
 */
#include <stdatomic.h>
#include <string.h>

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#  include <immintrin.h>
#  define ROOFLINE_AVX_NT 1
#endif

#include "cpu.h"
#include "roofline.h"

#define ROOFLINE_BLOCK 4096u
#define ROOFLINE_CHUNK 65536u

int roofline_have_nt(void)
{
#if defined(__SSE2__)
    return 1;
#else
    return 0;
#endif
}

/* Keeps the compiler from treating the scratch copies as dead stores. */
static inline void keep_stores(void *p)
{
#if defined(__GNUC__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    (void)p;
#endif
}

#if defined(__SSE2__)
/* Streams the whole 64-byte blocks of n bytes to dst, aligned to its
 * stores; returns the bytes it wrote. */
typedef size_t (*stream_fn)(uint8_t *dst, const uint8_t *src, size_t n);

static size_t stream_sse2(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i = 0;

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
    return i;
}

#endif

#ifdef ROOFLINE_AVX_NT
/* The widest non-temporal stores vfetch uses (32 bytes, AVX), so the bound
 * is the machine's and not a narrower store's. */
__attribute__((target("avx"))) static size_t stream_avx(uint8_t *dst, const uint8_t *src,
                                                         size_t n)
{
    size_t i = 0;

    for (; i + 64 <= n; i += 64) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(src + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(src + i + 32));
        _mm256_stream_si256((__m256i *)(void *)(dst + i), a);
        _mm256_stream_si256((__m256i *)(void *)(dst + i + 32), b);
    }
    return i;
}

static int have_avx(void)
{
    static int known = -1;
    if (known < 0)
        known = __builtin_cpu_supports("avx") != 0;
    return known;
}
#endif

/* Starts the page walks of this chunk's output and the next one's, where
 * a streamed draw does (lib/draw_output.c, vf_cpu_touch_pages): there
 * non-temporal stores that miss the TLB each wait for their walk, and a
 * copy without this ran at half the speed on AMD Zen 5 under a
 * hypervisor, below the draw it bounds. On Intel family 6 model 143 the
 * copy ran 8-15% faster without it, as the draw does. */
static void touch_pages(const uint8_t *dst, size_t n, const uint8_t *end)
{
    vf_prefetch_pages(dst, (size_t)(end - dst) > 2 * n ? 2 * n : (size_t)(end - dst));
}

/* The pieces of input bytes [a, b) of the concatenated spans. */
struct piece {
    const uint8_t *p;
    size_t n;
};

static unsigned input_pieces(const struct roofline_job *job, size_t a, size_t b,
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

void roofline_init(struct roofline_job *job, const struct roofline_span *in, unsigned nin, void *out,
                  size_t out_size, int nt, unsigned threads)
{
    job->in = in;
    job->nin = nin;
    job->out = out;
    job->out_size = out_size;
    job->nt = nt;
    job->touch = nt && vf_cpu_touch_pages();
    job->in_total = 0;
    for (unsigned s = 0; s < nin; s++)
        job->in_total += in[s].size;
    /* Like a threaded draw: chunks small enough that every thread gets
     * several, never below one block. */
    size_t chunk = ROOFLINE_CHUNK;
    size_t fair = out_size / (4u * threads);
    if (chunk > fair)
        chunk = fair;
    chunk = (chunk + ROOFLINE_BLOCK - 1) / ROOFLINE_BLOCK * ROOFLINE_BLOCK;
    if (chunk == 0)
        chunk = ROOFLINE_BLOCK;
    job->chunk = chunk;
    job->nchunks = out_size ? (out_size + chunk - 1) / chunk : 1;
    atomic_init(&job->next, 0);
}

#define ROOFLINE_MAX_PIECES 48u

/* Reads input bytes the chunk has no room to write (or that are too few
 * for a whole line), so every input byte is still read once. */
static void read_only(const uint8_t *p, size_t n, uint8_t *scratch)
{
    for (size_t off = 0; off < n; off += ROOFLINE_SCRATCH_SIZE) {
        size_t m = n - off < ROOFLINE_SCRATCH_SIZE ? n - off : ROOFLINE_SCRATCH_SIZE;
        memcpy(scratch, p + off, m);
        keep_stores(scratch);
    }
}

/* A chunk with memcpy: the share once, then again from L1/L2 until the
 * chunk is full (a small share repeated in the scratch first, so the
 * writes stay large). */
static void chunk_plain(uint8_t *dst, size_t left, const struct piece *pieces, unsigned np,
                        size_t share, uint8_t *scratch)
{
    for (unsigned i = 0; i < np; i++) {
        size_t n = pieces[i].n < left ? pieces[i].n : left;
        memcpy(dst, pieces[i].p, n);
        dst += n;
        left -= n;
        read_only(pieces[i].p + n, pieces[i].n - n, scratch);
    }
    if (share >= ROOFLINE_SCRATCH_SIZE / 2) {
        while (left > 0)
            for (unsigned i = 0; i < np && left > 0; i++) {
                size_t n = pieces[i].n < left ? pieces[i].n : left;
                memcpy(dst, pieces[i].p, n);
                dst += n;
                left -= n;
            }
        return;
    }
    size_t fill = 0;
    while (np > 0 && fill + share <= ROOFLINE_SCRATCH_SIZE)
        for (unsigned i = 0; i < np; i++) {
            memcpy(scratch + fill, pieces[i].p, pieces[i].n);
            fill += pieces[i].n;
        }
    if (fill == 0) {
        memset(scratch, 0, ROOFLINE_SCRATCH_SIZE);
        fill = ROOFLINE_SCRATCH_SIZE;
    }
    while (left > 0) {
        size_t n = fill < left ? fill : left;
        memcpy(dst, scratch, n);
        dst += n;
        left -= n;
    }
}

#if defined(__SSE2__)
static stream_fn pick_stream(void)
{
#ifdef ROOFLINE_AVX_NT
    if (have_avx())
        return stream_avx;
#endif
    return stream_sse2;
}

/* A chunk with non-temporal stores of whole 64-byte lines only, as a
 * streamed draw writes them: a line written in part by plain stores is
 * read first, and the share's pieces rarely end on a line. Each piece
 * streams its whole lines (its last bytes are read, not written), then the
 * pieces fill the chunk again from L1/L2; the scratch (zeros) stands in
 * when no piece has a whole line. The chunk's first bytes up to a line and
 * its last partial line (at the output's ends only) are plain stores.
 * Spreading the share's reads over the chunk's writes instead, in steps
 * of 512 bytes, ran 10% slower on Zen 5. */
static void chunk_nt(uint8_t *dst, size_t left, const struct piece *pieces, unsigned np,
                     uint8_t *scratch)
{
    stream_fn stream = pick_stream();
    size_t head = (64 - ((uintptr_t)dst & 63)) & 63;
    const uint8_t *line = NULL; /* a piece of at least a line */

    memset(scratch, 0, 64);
    head = head < left ? head : left;
    memcpy(dst, scratch, head);
    dst += head;
    left -= head;
    for (unsigned i = 0; i < np; i++) {
        size_t n = (pieces[i].n < left ? pieces[i].n : left) & ~(size_t)63;
        dst += stream(dst, pieces[i].p, n);
        left -= n;
        read_only(pieces[i].p + n, pieces[i].n - n, scratch);
        if (pieces[i].n >= 64)
            line = pieces[i].p;
    }
    if (line == NULL)
        memset(scratch, 0, ROOFLINE_SCRATCH_SIZE);
    while (left >= 64)
        for (unsigned i = 0; i < (line ? np : 1) && left >= 64; i++) {
            const uint8_t *src = line ? pieces[i].p : scratch;
            size_t n = line ? pieces[i].n : ROOFLINE_SCRATCH_SIZE;
            n = (n < left ? n : left) & ~(size_t)63;
            dst += stream(dst, src, n);
            left -= n;
        }
    memcpy(dst, line ? line : scratch, left);
}
#endif

void roofline_work(struct roofline_job *job, void *scratch)
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
        struct piece pieces[ROOFLINE_MAX_PIECES];
        unsigned np = input_pieces(job, in_lo, in_hi, pieces, ROOFLINE_MAX_PIECES);
        uint8_t *dst = job->out + out_lo;

#if defined(__SSE2__)
        if (job->nt) {
            if (job->touch)
                touch_pages(dst, out_hi - out_lo, job->out + job->out_size);
            chunk_nt(dst, out_hi - out_lo, pieces, np, scratch);
            wrote = 1;
            continue;
        }
#endif
        chunk_plain(dst, out_hi - out_lo, pieces, np, in_hi - in_lo, scratch);
    }
#if defined(__SSE2__)
    if (wrote)
        _mm_sfence();
#else
    (void)wrote;
#endif
}
