/*
 * draw_reuse_par.h - the distinct-index search of a reuse draw split over
 * a thread pool (draw_reuse_par.c), for draw_reuse.c. Internal.
 */
#ifndef VF_LIB_DRAW_REUSE_PAR_H
#define VF_LIB_DRAW_REUSE_PAR_H

#include <stdatomic.h>
#include <stdint.h>

#include "vf_internal.h"

/* Chunks a pass splits the positions into, at most: their bounds and
 * counts live in the job, so nothing is allocated. */
#define VF_REUSE_PAR_CHUNKS 1024u

struct vf_reuse_par {
    const uint8_t *data; /* the draw's raw indices, `size` bytes each */
    uint32_t size, n, cuts, cut;
    uint32_t lo, span;          /* the table's slot 0 holds index lo; slots */
    _Atomic uint32_t *table;    /* span slots: first position, then record */
    uint32_t *unique, *map;     /* distinct indices; the map, last pass only */
    /* With spare scratch: a bit per position, set where an index first
     * occurs, and per 64-bit word of it the bits set before the word. */
    _Atomic uint64_t *firsts;
    uint32_t *ranks, words;
    uint32_t participants;      /* the pool's threads and the caller */
    uint32_t items;             /* what the running pass splits: positions, slots, words */
    uint32_t chunk, num_chunks; /* items per chunk, chunks */
    void (*pass)(struct vf_reuse_par *job, uint32_t c);
    atomic_uint next;           /* the next chunk of the running pass */
    uint32_t lo_c[VF_REUSE_PAR_CHUNKS], hi_c[VF_REUSE_PAR_CHUNKS];
    uint32_t count[VF_REUSE_PAR_CHUNKS]; /* first occurrences, then first records */
};

/* Finds the distinct indices of n `size`-byte indices at data (cuts of
 * value `cut` left out where `cuts`) on the pool's threads and the
 * caller's, when they are enough threads, the draw is large enough to pay
 * (its map at least the pool's minimum bytes) and the indices span at
 * most `slots` table words: writes them in first-seen order to unique[],
 * their count to *unique_ret, and returns 1. Returns 0 when it did not
 * run, having written at most the job. The records are the serial
 * search's. `spare`, when not NULL, is n words of scratch it may use
 * (4-byte aligned): then it numbers the records from the table instead of
 * two more passes over the positions. */
VF_HIDDEN int vf_reuse_par_dedupe(struct vf_reuse_par *job, vf_thread_pool *pool,
                                  const uint8_t *data, uint32_t size, uint32_t n, int cuts,
                                  uint32_t cut, uint32_t *table, uint64_t slots,
                                  uint32_t *unique, uint32_t *spare, uint32_t *unique_ret);

/* After vf_reuse_par_dedupe: the map of every position (record or
 * VF_REUSE_CUT) into map[0 .. n). */
VF_HIDDEN void vf_reuse_par_map(struct vf_reuse_par *job, vf_thread_pool *pool, uint32_t *map);

#endif
