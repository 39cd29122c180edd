/*
 * roofline.h - the copy roofline of vfetch-bench: the bytes a draw moves,
 * moved with memcpy or non-temporal stores, as the bound a fetch path is
 * measured against.
 */
#ifndef VF_BENCH_ROOFLINE_H
#define VF_BENCH_ROOFLINE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* Input bytes of a draw: one span per buffer the fetcher reads. */
struct roofline_span {
    const void *data;
    size_t size;
};

#define ROOFLINE_SCRATCH_SIZE 8192u

/*
 * Moves the bytes a fetcher must move and nothing else: every input byte is
 * read from memory once and every output byte written once, with memcpy (or
 * with non-temporal stores when `nt` is set). The output is cut into chunks
 * of at most 64 KiB, each paired with its proportional share of the input:
 * the share is copied into the chunk, and the rest of the chunk is filled
 * from the same share again, which is then in L1/L2 (an output larger than
 * the input costs writes only, as it does a fetcher). Non-temporal stores
 * write whole 64-byte lines, as a streamed draw writes them, each chunk's
 * pages walked first where the library walks a streamed draw's (a chunk's
 * first bytes up to a line and the output's last partial line are plain
 * stores). Threads take chunks from a shared counter, as a threaded draw
 * does, so a slow thread does not hold up the others.
 */
struct roofline_job {
    const struct roofline_span *in;
    unsigned nin;
    uint8_t *out;
    size_t out_size;
    int nt;
    int touch; /* walk each chunk's pages first (vf_cpu_touch_pages) */
    size_t in_total;
    size_t chunk, nchunks;
    atomic_size_t next;
};
/* Prepares (or resets) a job that `threads` threads will share. */
void roofline_init(struct roofline_job *job, const struct roofline_span *in, unsigned nin, void *out,
                  size_t out_size, int nt, unsigned threads);
/* Copies chunks until none is left; call from every thread of the job with
 * its own ROOFLINE_SCRATCH_SIZE-byte, 16-byte aligned scratch buffer. */
void roofline_work(struct roofline_job *job, void *scratch);
/* Nonzero when bu_copy's nt mode really uses non-temporal stores. */
int roofline_have_nt(void);

#endif /* VF_BENCH_ROOFLINE_H */
