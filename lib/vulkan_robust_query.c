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

/* Visits the listed words from `first`: counts them all when out is NULL,
 * else writes up to capacity and stops. */
static void walk(const struct vkr_draw *d, uint64_t first, vf_vk_robust_set *out,
                 size_t capacity, uint64_t *seen_ret, size_t *written_ret)
{
    struct vkr_record rec;
    uint64_t seen = 0;
    size_t written = 0;
    for (uint32_t j = 0; j < d->desc->instance_count; j++)
        for (uint32_t i = 0; i < d->desc->vertex_count; i++) {
            if (out != NULL && written == capacity)
                goto done;
            vf_vkr_record(d, j, i, &rec);
            for (uint32_t g = 0; g < d->nreg; g++)
                for (uint32_t c = 0; c < 4; c++) {
                    vf_vk_robust_set s;
                    if (!vf_vkr_set(d, &rec, g, c, &s))
                        continue;
                    if (out != NULL && seen >= first && written < capacity)
                        out[written++] = s;
                    seen++;
                }
        }
done:
    *seen_ret = seen;
    *written_ret = written;
}

vf_result vf_vk_robust_count(const vf_vk_vertex_input *input, const vf_vk_draw_desc *desc,
                             uint32_t mode, uint64_t *count_ret)
{
    struct vkr_draw d;
    uint64_t seen;
    size_t written;
    if (count_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    vf_result r = vf_vkr_init(&d, input, desc, mode);
    if (r != VF_OK)
        return r;
    walk(&d, 0, NULL, 0, &seen, &written);
    *count_ret = seen;
    return VF_OK;
}

vf_result vf_vk_robust_list(const vf_vk_vertex_input *input, const vf_vk_draw_desc *desc,
                            uint32_t mode, uint64_t first, vf_vk_robust_set *out,
                            size_t capacity, size_t *written_ret)
{
    struct vkr_draw d;
    uint64_t seen;
    size_t written = 0;
    if (written_ret == NULL || (out == NULL && capacity != 0))
        return VF_ERROR_NULL_POINTER;
    vf_result r = vf_vkr_init(&d, input, desc, mode);
    if (r != VF_OK)
        return r;
    if (capacity != 0)
        walk(&d, first, out, capacity, &seen, &written);
    *written_ret = written;
    return VF_OK;
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
    uint32_t a = set->allow;
    *allowed_ret = (a & VF_ROBUST_ALLOW_ANY) || ((a & VF_ROBUST_ALLOW_EXACT) && word == set->exact) ||
                   ((a & VF_ROBUST_ALLOW_ZERO) && word == 0) ||
                   ((a & VF_ROBUST_ALLOW_ONE) && word == set->one) ||
                   ((a & VF_ROBUST_ALLOW_MAX_INT) && word == set->max_int) ||
                   ((a & VF_ROBUST_ALLOW_RANGE) && in_range(desc, set, word));
    return VF_OK;
}

/* The text of a set's members but RANGE, into item. */
static void fixed_members(const vf_vk_robust_set *s, char *item, size_t size)
{
    static const uint32_t bits[4] = { VF_ROBUST_ALLOW_EXACT, VF_ROBUST_ALLOW_ZERO,
                                      VF_ROBUST_ALLOW_ONE, VF_ROBUST_ALLOW_MAX_INT };
    const uint32_t words[4] = { s->exact, 0, s->one, s->max_int };
    size_t len = 0;
    item[0] = '\0';
    for (int k = 0; k < 4 && len < size; k++)
        if (s->allow & bits[k])
            len += (size_t)snprintf(item + len, size - len, "%s0x%08x", len ? ", " : "",
                                    words[k]);
}

size_t vf_vk_robust_describe(const vf_vk_robust_set *s, char *buf, size_t size)
{
    char fixed[64], range[128] = "";
    if (s == NULL || (buf == NULL && size != 0))
        return 0;
    if (s->allow & VF_ROBUST_ALLOW_ANY)
        return (size_t)snprintf(buf, size, "{any value}");
    if (s->allow == VF_ROBUST_ALLOW_EXACT)
        return (size_t)snprintf(buf, size, "{0x%08x exactly}", s->exact);
    fixed_members(s, fixed, sizeof(fixed));
    if (s->allow & VF_ROBUST_ALLOW_RANGE) {
        const vf_vk_format_desc *f = vf_vk_row(s->format);
        char what[48];
        if (f != NULL && f->bits[0] == 64)
            snprintf(what, sizeof(what), "%s word %u", f->name, s->source);
        else
            snprintf(what, sizeof(what), "%s.%c", f ? f->name : "?", "xyzw"[s->source & 3]);
        snprintf(range, sizeof(range), "%s%s of binding %u bytes [0, %llu) step %u",
                 fixed[0] ? ", " : "", what, s->binding, (unsigned long long)s->range_bytes,
                 s->align);
    }
    return (size_t)snprintf(buf, size, "{%s%s}", fixed, range);
}
