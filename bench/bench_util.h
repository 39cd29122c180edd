/*
 * bench_util.h - timing, statistics, buffers, threads and the copy roofline
 * shared by vfetch-bench.
 */
#ifndef VF_BENCH_UTIL_H
#define VF_BENCH_UTIL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* Seconds on CLOCK_MONOTONIC. */
double bu_now(void);

/* 64-byte aligned, zero-filled memory; exits with a message when out of
 * memory (a benchmark has nothing better to do). Free with bu_free. */
void *bu_alloc(size_t size);
void bu_free(void *p);

/* Sorts v[0..n) and returns its median, minimum and maximum. n > 0. */
void bu_summary(double *v, unsigned n, double *median, double *min, double *max);

/* xorshift64*: deterministic data for every run. */
uint64_t bu_rand(uint64_t *state);
/* Uniform in [0, bound), bound > 0. */
uint32_t bu_rand_below(uint64_t *state, uint32_t bound);

/* A 64-bit digest of n bytes (not cryptographic: it only has to tell two
 * paths' outputs apart). */
uint64_t bu_hash(const void *p, size_t n);

/* ------------------------------------------------------------------------ */
/* The roofline                                                               */
/* ------------------------------------------------------------------------ */

/* Input bytes of a draw: one span per buffer the fetcher reads. */
struct bu_span {
    const void *data;
    size_t size;
};

#define BU_SCRATCH_SIZE 8192u

/*
 * Moves the bytes a fetcher must move and nothing else: every input byte is
 * read from memory once and every output byte written once, with memcpy (or
 * with non-temporal stores when `nt` is set). The output is cut into chunks
 * of at most 64 KiB, each paired with its proportional share of the input:
 * the share is copied into the chunk, and the rest of the chunk is filled
 * from the same share again, which is then in L1/L2 (an output larger than
 * the input costs writes only, as it does a fetcher). Threads take chunks
 * from a shared counter, as a threaded draw does, so a slow thread does not
 * hold up the others.
 */
struct bu_copy_job {
    const struct bu_span *in;
    unsigned nin;
    uint8_t *out;
    size_t out_size;
    int nt;
    size_t in_total;
    size_t chunk, nchunks;
    atomic_size_t next;
};
/* Prepares (or resets) a job that `threads` threads will share. */
void bu_copy_init(struct bu_copy_job *job, const struct bu_span *in, unsigned nin, void *out,
                  size_t out_size, int nt, unsigned threads);
/* Copies chunks until none is left; call from every thread of the job with
 * its own BU_SCRATCH_SIZE-byte, 16-byte aligned scratch buffer. */
void bu_copy_work(struct bu_copy_job *job, void *scratch);
/* Nonzero when bu_copy's nt mode really uses non-temporal stores. */
int bu_have_nt(void);

/* ------------------------------------------------------------------------ */
/* A team of threads that runs one function on every member                   */
/* ------------------------------------------------------------------------ */

typedef void (*bu_task_fn)(void *arg, unsigned index, unsigned count);
struct bu_team;
/* `threads` >= 1 members; the caller is member 0, so threads - 1 are
 * created. NULL if a thread could not be created. */
struct bu_team *bu_team_create(unsigned threads);
unsigned bu_team_size(const struct bu_team *team);
/* Runs fn(arg, i, n) on every member i and returns when all are done. */
void bu_team_run(struct bu_team *team, bu_task_fn fn, void *arg);
void bu_team_destroy(struct bu_team *team);

/* ------------------------------------------------------------------------ */
/* The machine                                                                */
/* ------------------------------------------------------------------------ */

/* The "model name" of /proc/cpuinfo (or "unknown CPU") into buf. */
const char *bu_cpu_name(char *buf, size_t size);
/* Processors online (at least 1). */
unsigned bu_cpu_count(void);
/* Bytes of the last-level cache, or a 32 MiB guess when it cannot be read. */
size_t bu_llc_size(void);
/* Bytes of the L2 data cache of one core (sysfs, else sysconf, else a
 * 1 MiB guess); *source says which: "sysfs", "sysconf" or "guessed". */
size_t bu_l2_size(const char **source);

#endif
