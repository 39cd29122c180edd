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

/* memcpy up to the first `align`-byte boundary of dst, the stream from
 * there, memcpy of what is left. */
static void write_nt(uint8_t *dst, const uint8_t *src, size_t n, size_t align, stream_fn stream)
{
    size_t head = (align - ((uintptr_t)dst & (align - 1))) & (align - 1);

    memcpy(dst, src, head);
    size_t i = head + stream(dst + head, src + head, n - head);
    memcpy(dst + i, src + i, n - i);
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

/* memcpy, or the same with non-temporal stores for the aligned middle. */
static void write_bytes(uint8_t *dst, const uint8_t *src, size_t n, int nt)
{
#ifdef ROOFLINE_AVX_NT
    if (nt && n >= 128 && have_avx()) {
        write_nt(dst, src, n, 32, stream_avx);
        return;
    }
#endif
#if defined(__SSE2__)
    if (nt && n >= 64) {
        write_nt(dst, src, n, 16, stream_sse2);
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
            for (size_t off = n; off < pieces[i].n; off += ROOFLINE_SCRATCH_SIZE) {
                size_t m = pieces[i].n - off < ROOFLINE_SCRATCH_SIZE ? pieces[i].n - off : ROOFLINE_SCRATCH_SIZE;
                memcpy(scratch, pieces[i].p + off, m);
                keep_stores(scratch);
            }
        }
        if (left == 0)
            continue;
        if (in_hi - in_lo >= ROOFLINE_SCRATCH_SIZE / 2) {
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
            while (np > 0 && fill + (in_hi - in_lo) <= ROOFLINE_SCRATCH_SIZE)
                for (unsigned i = 0; i < np; i++) {
                    memcpy(sc + fill, pieces[i].p, pieces[i].n);
                    fill += pieces[i].n;
                }
            if (fill == 0) {
                memset(sc, 0, ROOFLINE_SCRATCH_SIZE);
                fill = ROOFLINE_SCRATCH_SIZE;
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
