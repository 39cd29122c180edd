/*
 * vk_peer_split.c - a peer draw whose records exceed what one storage
 * buffer of the device may hold (maxStorageBufferRange: 128 MiB on
 * lavapipe), or what its memory gives, is cut into several draws.
 *
 * The output buffer holds a window of records. The timed draw becomes
 * parts: runs of instances when one instance's records fit the window
 * (the instanced shape), else runs of positions (firstVertex or
 * firstIndex), each writing from the lowest slot it touches; a slot past
 * the window (random indices reach the whole vertex buffer) is folded
 * into it, so every vertex still fetches its inputs and stores its
 * record. All parts go in one command buffer, so the time measured is
 * the sum of theirs. The check draws the whole draw once per window,
 * each keeping only the records of its window, and gathers them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vk_peer_impl.h"

/* Index i of the draw's index buffer. */
static uint32_t index_at(const struct vk_peer_draw *d, uint32_t i)
{
    return d->index32 ? ((const uint32_t *)d->ib)[i] : ((const uint16_t *)d->ib)[i];
}

/* The lowest slot that positions [first, first + count) of instance 0
 * store to: the first vertex of a non-indexed draw, else the lowest
 * index that is not a strip cut. */
static uint32_t part_base(const struct vk_peer_draw *d, uint32_t first, uint32_t count)
{
    uint32_t cut = d->index32 ? 0xffffffffu : 0xffffu, lo = UINT32_MAX;

    if (!d->indexed)
        return first;
    for (uint32_t i = first; i < first + count; i++) {
        uint32_t v = index_at(d, i);
        if (!(d->strip && v == cut) && v < lo)
            lo = v;
    }
    return lo == UINT32_MAX ? 0 : lo;
}

/* Runs of instances, each a whole number of instances' records. */
static void split_instances(struct vk_peer *p, const struct vk_peer_draw *d, uint32_t per)
{
    for (uint32_t i0 = 0; i0 < d->instances; i0 += per) {
        uint32_t n = d->instances - i0 < per ? d->instances - i0 : per;
        p->parts[p->nparts++] =
            (struct vk_peer_part){ 0, d->count, i0, n, i0 * d->unique_vertices };
    }
}

/* Runs of positions of every instance, k of them. */
static void split_positions(struct vk_peer *p, const struct vk_peer_draw *d, uint32_t k)
{
    uint32_t per = d->count / k + (d->count % k != 0);

    for (uint32_t p0 = 0; p0 < d->count; p0 += per) {
        uint32_t n = d->count - p0 < per ? d->count - p0 : per;
        p->parts[p->nparts++] =
            (struct vk_peer_part){ p0, n, 0, d->instances, part_base(d, p0, n) };
    }
}

int vk_peer_split_plan(struct vk_peer *p, const struct vk_peer_draw *d, uint64_t max_bytes,
                       char *msg, size_t msg_size)
{
    p->slot_bytes = (uint64_t)d->num_elems * 16u;
    p->total_slots = (uint64_t)d->instances * d->unique_vertices;
    p->nparts = 0;
    uint64_t w = max_bytes / p->slot_bytes;
    if (w == 0 || p->total_slots > UINT32_MAX) {
        snprintf(msg, msg_size, "%llu records of %llu bytes do not fit the peer's draws",
                 (unsigned long long)p->total_slots, (unsigned long long)p->slot_bytes);
        return -1;
    }
    if (p->total_slots <= w) {
        p->window_slots = p->total_slots;
        p->parts[p->nparts++] = (struct vk_peer_part){ 0, d->count, 0, d->instances, 0 };
        return 0;
    }
    p->window_slots = w;
    int by_instance = d->instances > 1 && d->unique_vertices <= w;
    uint64_t k = by_instance
                     ? (d->instances + w / d->unique_vertices - 1) / (w / d->unique_vertices)
                     : (p->total_slots + w - 1) / w;
    /* A run of positions holds one position at least. */
    if (k > VK_PEER_MAX_PARTS || (!by_instance && k > d->count)) {
        snprintf(msg, msg_size, "%llu bytes of records would take %llu draws of at most %llu",
                 (unsigned long long)(p->total_slots * p->slot_bytes), (unsigned long long)k,
                 (unsigned long long)(w * p->slot_bytes));
        return -1;
    }
    if (by_instance)
        split_instances(p, d, (uint32_t)(w / d->unique_vertices));
    else
        split_positions(p, d, (uint32_t)k);
    return 0;
}

const uint32_t *vk_peer_split_records(struct vk_peer *p)
{
    size_t bytes = (size_t)(p->total_slots * p->slot_bytes);
    const uint32_t *window = p->device_mode ? p->readback.map : p->out.map;

    if (p->records == NULL && (p->records = malloc(bytes)) == NULL)
        return NULL;
    for (uint64_t w = 0; w * p->window_slots < p->total_slots; w++) {
        VkCommandBuffer cmd = vkf_cmd_begin_once(p->dev);
        if (cmd == VK_NULL_HANDLE)
            return NULL;
        int bad = vk_peer_record_window(p, cmd, w) != 0 ||
                  vkf_cmd_end_submit(p->dev, cmd, UINT64_MAX) != VK_SUCCESS;
        vkf_cmd_free(p->dev, &cmd);
        if (bad)
            return NULL;
        uint64_t first = w * p->window_slots, n = p->total_slots - first;
        if (n > p->window_slots)
            n = p->window_slots;
        memcpy((uint8_t *)p->records + first * p->slot_bytes, window,
               (size_t)(n * p->slot_bytes));
    }
    return p->records;
}

uint32_t vk_peer_split(const struct vk_peer *p, uint64_t *window_bytes, const char **why)
{
    *window_bytes = p->window_slots * p->slot_bytes;
    *why = p->split_why ? p->split_why : "";
    return p->nparts;
}

void vk_peer_set_split_cap(struct vk_peer *p, uint64_t bytes)
{
    p->split_cap = bytes;
}
