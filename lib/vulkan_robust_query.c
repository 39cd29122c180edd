/*
 * vulkan_robust_query.c - the public calls of the Vulkan out-of-bounds
 * oracle (vfetch_vulkan.h, rules §17.8): one set by location, the listing
 * (count, then fill), the membership test and the text.
 */
#include "vulkan_robust.h"

#include <stdio.h>
#include <string.h>

vf_result vf_vk_robust_set_at(const vf_vk_vertex_input *input, const vf_vk_draw_desc *desc,
                              uint32_t mode, uint32_t instance, uint32_t position,
                              uint32_t location, uint32_t component, vf_vk_robust_set *set_ret)
{
    struct vkr_draw d;
    struct vkr_record rec;
    if (set_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    vf_result r = vf_vkr_init(&d, input, desc, mode);
    if (r != VF_OK)
        return r;
    if (instance >= desc->instance_count || position >= desc->vertex_count)
        return VF_ERROR_INVALID_RANGE;
    uint32_t g = 0;
    while (g < d.nreg && d.regs[g].location != location)
        g++;
    if (g == d.nreg || component > 3)
        return VF_ERROR_INVALID_ARGUMENT;
    vf_vkr_record(&d, instance, position, &rec);
    vf_vkr_set(&d, &rec, g, component, set_ret);
    return VF_OK;
}

static vf_result vk_record(const void *draw, uint32_t j, uint32_t i, void *rec)
{
    vf_vkr_record(draw, j, i, rec);
    return VF_OK;
}

static int vk_set(const void *draw, const void *rec, uint32_t g, uint32_t c, void *set)
{
    return vf_vkr_set(draw, rec, g, c, set);
}

/* The walk of a Vulkan draw (robust_internal.h); d, rec and set outlive it. */
static struct vf_rb_walk vk_walk(const struct vkr_draw *d, struct vkr_record *rec,
                                 vf_vk_robust_set *set)
{
    return (struct vf_rb_walk){ d, d->desc->instance_count, d->desc->vertex_count, d->nreg,
                                sizeof(*set), rec, set, vk_record, vk_set };
}

vf_result vf_vk_robust_count(const vf_vk_vertex_input *input, const vf_vk_draw_desc *desc,
                             uint32_t mode, uint64_t *count_ret)
{
    struct vkr_draw d;
    struct vkr_record rec;
    vf_vk_robust_set set;
    if (count_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    vf_result r = vf_vkr_init(&d, input, desc, mode);
    if (r != VF_OK)
        return r;
    struct vf_rb_walk w = vk_walk(&d, &rec, &set);
    return vf_rb_count(&w, count_ret);
}

vf_result vf_vk_robust_list(const vf_vk_vertex_input *input, const vf_vk_draw_desc *desc,
                            uint32_t mode, uint64_t first, vf_vk_robust_set *out,
                            size_t capacity, size_t *written_ret)
{
    struct vkr_draw d;
    struct vkr_record rec;
    vf_vk_robust_set set;
    if (written_ret == NULL || (out == NULL && capacity != 0))
        return VF_ERROR_NULL_POINTER;
    vf_result r = vf_vkr_init(&d, input, desc, mode);
    if (r != VF_OK)
        return r;
    struct vf_rb_walk w = vk_walk(&d, &rec, &set);
    return vf_rb_list(&w, first, out, capacity, written_ret);
}

/* The set could have come from these calls, and its RANGE member names
 * bytes of a buffer of `desc`. */
static int set_valid(const vf_vk_draw_desc *desc, const vf_vk_robust_set *s)
{
    if (s->allow == 0 || (s->allow & ~VF_ROBUST_ALLOW_ALL_BITS) != 0)
        return 0;
    if (!(s->allow & VF_ROBUST_ALLOW_RANGE))
        return 1;
    const vf_vk_format_desc *f = vf_vk_row(s->format);
    if (f == NULL || s->source >= 4 * f->locations)
        return 0;
    if (s->align != 1 && s->align != 2 && s->align != 4 && s->align != 8)
        return 0;
    if (s->binding >= desc->num_vertex_buffers || desc->vertex_buffers == NULL)
        return 0;
    const vf_vk_vertex_buffer_binding *b = &desc->vertex_buffers[s->binding];
    return b->data != NULL && s->range_bytes <= b->size;
}

/* Whether the format makes `word` of some bytes of the range. */
static int in_range(const vf_vk_draw_desc *desc, const vf_vk_robust_set *s, uint32_t word)
{
    const uint8_t *base = desc->vertex_buffers[s->binding].data;
    const vf_vk_format_desc *f = vf_vk_row(s->format);
    for (uint64_t a = 0; a + f->bytes <= s->range_bytes; a += s->align) {
        uint32_t v[8];
        vf_vk_decode_row(f, base + a, v);
        if (v[s->source] == word)
            return 1;
    }
    return 0;
}

vf_result vf_vk_robust_allows(const vf_vk_draw_desc *desc, const vf_vk_robust_set *set,
                              uint32_t word, int *allowed_ret)
{
    if (desc == NULL || set == NULL || allowed_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    if (!set_valid(desc, set))
        return VF_ERROR_INVALID_ARGUMENT;
    *allowed_ret = vf_rb_fixed_allows(set->allow, set->exact, set->one, set->max_int, word) ||
                   ((set->allow & VF_ROBUST_ALLOW_RANGE) && in_range(desc, set, word));
    return VF_OK;
}

size_t vf_vk_robust_describe(const vf_vk_robust_set *s, char *buf, size_t size)
{
    char range[128] = "", what[48];
    if (s == NULL || (buf == NULL && size != 0))
        return 0;
    if (s->allow & VF_ROBUST_ALLOW_RANGE) {
        const vf_vk_format_desc *f = vf_vk_row(s->format);
        if (f != NULL && f->bits[0] == 64)
            snprintf(what, sizeof(what), "%s word %u", f->name, s->source);
        else
            snprintf(what, sizeof(what), "%s.%c", f ? f->name : "?", "xyzw"[s->source & 3]);
        snprintf(range, sizeof(range), "%s of binding %u bytes [0, %llu) step %u", what,
                 s->binding, (unsigned long long)s->range_bytes, s->align);
    }
    return vf_rb_describe(s->allow, s->exact, s->one, s->max_int, range, buf, size);
}
