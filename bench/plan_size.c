/*
 * plan_size.c - the streaming size of vfetch-bench's cases: enough
 * positions that the records leave the last-level cache several times
 * over, and the quick set's cap on it. The cases are built at this size
 * (cases.c) and the plan estimates from it (plan.c).
 */
#include <string.h>

#include "plan.h"

void plan_streaming_size(const struct bench *b, uint32_t record_bytes, struct stream_size *s)
{
    uint64_t rec = record_bytes ? record_bytes : 16;

    memset(s, 0, sizeof(*s));
    if (b->opt.streaming_vertices) {
        s->positions = b->opt.streaming_vertices;
        s->wanted = s->positions;
        return;
    }
    /* At least 8M positions (1M quick) and 8x (4x quick) the LLC in records. */
    uint64_t n = b->opt.quick ? PLAN_QUICK_STREAMING_MIN : (8u << 20);
    uint64_t want = b->opt.llc_bytes * (b->opt.quick ? 4 : 8) / rec;
    if (want > n)
        n = want;
    if (n > (1u << 28))
        n = 1u << 28;
    s->wanted = n;
    if (b->opt.quick && n > PLAN_QUICK_STREAMING_MIN && n * rec > PLAN_QUICK_STREAMING_CAP) {
        uint64_t cap = PLAN_QUICK_STREAMING_CAP / rec;
        n = cap > PLAN_QUICK_STREAMING_MIN ? cap : PLAN_QUICK_STREAMING_MIN;
        s->capped = n < s->wanted;
    }
    s->positions = (uint32_t)n;
}
