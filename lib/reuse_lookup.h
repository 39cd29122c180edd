/*
 * reuse_lookup.h - one lookup in the direct-mapped table of a vertex-reuse
 * draw's search, written once for draw_reuse_search.c and the streaming
 * search of each ISA (lib/x86/reuse_sse2.c). ISA-neutral. Internal.
 */
#ifndef VF_LIB_REUSE_LOOKUP_H
#define VF_LIB_REUSE_LOOKUP_H

#include <stdint.h>

#include "vf_internal.h"

/* What a search over a span returns when some index is outside it. */
#define VF_REUSE_OUTSIDE_SPAN UINT32_MAX

/* The record of index `idx`, whose table slot is `slot`: the one the slot
 * names when that record was made for this index, else a new one (number
 * *next, which is then counted). The table is never cleared: a slot counts
 * only when it names a record already made for the same index (a sparse
 * set), so a draw touches only the slots of the indices it uses. Whether
 * an index is new follows the mesh's regular pattern, which the branch
 * predictor learns; a predicted branch also keeps the next lookup from
 * waiting on the store just made. */
static inline uint32_t vf_reuse_lookup(uint32_t idx, uint32_t *slot, uint32_t *unique,
                                       uint32_t *next)
{
    uint32_t rec = *slot;
    if (VF_UNLIKELY(rec >= *next || unique[rec] != idx)) {
        rec = (*next)++;
        unique[rec] = idx;
        *slot = rec;
    }
    return rec;
}

/* An empty slot of a table cleared before its search (the hash table's
 * every slot, or the span vf_reuse_lookup_cleared looks up): no record. */
#define VF_REUSE_SLOT_EMPTY UINT32_MAX

/* The record of index `idx` in a table whose slots the search cleared
 * first: the slot's record, else a new one. One load fewer than
 * vf_reuse_lookup, and no load that waits on another. */
static inline uint32_t vf_reuse_lookup_cleared(uint32_t idx, uint32_t *slot, uint32_t *unique,
                                               uint32_t *next)
{
    uint32_t rec = *slot;
    if (VF_UNLIKELY(rec == VF_REUSE_SLOT_EMPTY)) {
        rec = (*next)++;
        unique[rec] = idx;
        *slot = rec;
    }
    return rec;
}

/* A streaming index buffer is read with a prefetch this far ahead, once
 * per 64-byte line: the hardware's own prefetch left the lookups waiting
 * on the indices. A 31-million-position grid's 32-bit indices searched
 * (vf_reuse_lookup, no map) in 22 ms against 48 without (Xeon family 6
 * model 167); 1 to 16 KiB ahead all gave 22-23 ms. */
#define VF_REUSE_PREFETCH_BYTES 2048u

/* The prefetch of the indices VF_REUSE_PREFETCH_BYTES past d, where that
 * is still before end (a prefetch past the buffer is no fault, but its
 * address would be outside the object). */
static inline void vf_reuse_prefetch(const uint8_t *d, const uint8_t *end)
{
    if ((size_t)(end - d) > VF_REUSE_PREFETCH_BYTES)
        __builtin_prefetch(d + VF_REUSE_PREFETCH_BYTES);
}

/* The searches' walk over n indices of `size` bytes from `data`: the
 * statement lookup(k) for the index at d + size * k, whose map word is
 * m[k], eight a step with d and m stepped as pointers, then one a step.
 * gcc had kept a position counter and computed both addresses from it at
 * every lookup; this way each lookup is a load of the index, one of its
 * slot, a compare and the map's store (bench/README.md, "The vertex-reuse
 * search"). d and m start at the first index and map word. */
#define VF_REUSE_WALK8(lookup, d, m, data, n, size)                                   \
    do {                                                                               \
        const uint8_t *end8_ = (data) + (size) * (size_t)((n) & ~7u);                  \
        const uint8_t *end_ = (data) + (size) * (size_t)(n);                           \
        for (; (d) < end8_; (d) += 8 * (size), (m) += 8) {                             \
            lookup(0); lookup(1); lookup(2); lookup(3);                                \
            lookup(4); lookup(5); lookup(6); lookup(7);                                \
        }                                                                              \
        for (; (d) < end_; (d) += (size), (m)++)                                       \
            lookup(0);                                                                 \
    } while (0)

#endif
