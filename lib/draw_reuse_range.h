/*
 * draw_reuse_range.h - the distinct-index search of a reuse draw done per
 * range of positions on a thread pool (draw_reuse_range.c) and merged
 * (draw_reuse_merge.c), for draw_reuse.c. Internal.
 */
#ifndef VF_LIB_DRAW_REUSE_RANGE_H
#define VF_LIB_DRAW_REUSE_RANGE_H

#include <stdint.h>

#include "draw_reuse_merge.h"

/* Finds the distinct indices of n `size`-byte indices at data (cuts of
 * value `cut` left out where `cuts`) on the pool's threads and the
 * caller's: each thread dedupes a contiguous range of positions in a table
 * of its own, and a merge over the ranges' distinct lists numbers the
 * records in first-seen order. Runs when the pool has at least one thread
 * and the draw is at least the pool's minimum bytes: writes the distinct
 * indices to unique[] (n words), their count to *unique_ret, and returns
 * 1; vf_reuse_range_map then writes the map. `table` holds `slots` words
 * (at least twice n) and `lists` n words, both overwritten; the table,
 * unique[] and the indices must stay until the map is written. Returns 0
 * when it did not run, having written at most the job, or when a range
 * held too many distinct indices for its table (shuffled indices), having
 * written the job, the table and the lists. */
VF_HIDDEN int vf_reuse_range_search(struct vf_reuse_range *job, vf_thread_pool *pool,
                                    const uint8_t *data, uint32_t size, uint32_t n, int cuts,
                                    uint32_t cut, uint32_t *table, uint64_t slots,
                                    uint32_t *lists, uint32_t *unique, uint32_t *unique_ret);

/* After vf_reuse_range_search: the map of every position (record or
 * VF_REUSE_CUT) into dst[0 .. n), in parallel, from the indices and the
 * merged table; with `stream` (not NULL, dst 4-byte aligned) where the
 * table is direct-mapped, non-temporal stores, each thread fencing with
 * `fence`. The records and map are the serial search's. */
VF_HIDDEN void vf_reuse_range_map(struct vf_reuse_range *job, vf_thread_pool *pool,
                                  uint32_t *dst, vf_reuse_map_stream_fn stream,
                                  vf_stream_fence_fn fence);

#endif
