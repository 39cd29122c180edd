/*
 * draw_reuse_range.h - the distinct-index search of a reuse draw done per
 * range of positions on a thread pool and merged (draw_reuse_range.c),
 * for draw_reuse.c. Internal.
 */
#ifndef VF_LIB_DRAW_REUSE_RANGE_H
#define VF_LIB_DRAW_REUSE_RANGE_H

#include <stdint.h>

#include "vf_internal.h"

/* Ranges a draw is split into, at most: their bounds and counts live on
 * the caller's stack, so nothing is allocated. */
#define VF_REUSE_RANGES_MAX 256u

/* Finds the distinct indices of n `size`-byte indices at data (cuts of
 * value `cut` left out where `cuts`) on the pool's threads and the
 * caller's: each thread dedupes a contiguous range of positions in a table
 * of its own, a serial merge over the ranges' distinct lists numbers the
 * records in first-seen order, and each range's map is then rewritten in
 * parallel. Runs when the pool has at least one thread and the draw is at
 * least the pool's minimum bytes: writes the distinct indices to unique[]
 * (n words), the map of every position (record or VF_REUSE_CUT) to map[]
 * (n words), their count to *unique_ret, and returns 1; the records and
 * map are the serial search's. `table` holds `slots` words (at least twice
 * n) and `spare` n words, both overwritten. Returns 0 when it did not run,
 * having written nothing. */
VF_HIDDEN int vf_reuse_range_search(vf_thread_pool *pool, const uint8_t *data, uint32_t size,
                                    uint32_t n, int cuts, uint32_t cut, uint32_t *table,
                                    uint64_t slots, uint32_t *spare, uint32_t *map,
                                    uint32_t *unique, uint32_t *unique_ret);

#endif
