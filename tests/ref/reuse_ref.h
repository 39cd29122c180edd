/*
 * reuse_ref.h - the map a vertex-reuse draw (vf_draw_reuse, vf_reuse_map)
 * must give, computed the plain way from the raw indices: record r is the r-th
 * distinct index seen, in position order; a strip cut maps to
 * VF_REUSE_CUT. Free of Check, shared by the reuse suite and the reuse
 * fuzz target.
 */
#ifndef VF_TESTS_REF_REUSE_REF_H
#define VF_TESTS_REF_REUSE_REF_H

#include <stdint.h>

#include "vfetch.h"

/* Fills map[0 .. vertex_count_per_instance) and returns the number of
 * distinct records. A draw without indices maps position p to record p.
 * Aborts when out of memory. */
uint32_t reuse_ref_map(const vf_draw_desc *d, uint32_t *map);

/* As reuse_ref_map, and when `unique` is not NULL the distinct raw
 * indices in first-seen order into unique[0 .. returned count) (what
 * vf_reuse_map writes; nothing for a draw without indices). */
uint32_t reuse_ref_map_unique(const vf_draw_desc *d, uint32_t *map, uint32_t *unique);

#endif
