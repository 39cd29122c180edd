/*
 * robust_query.c - the public calls of vfetch_robust.h: one set, the
 * listing (size query, then fill), the membership test and the text.
 */
#include "robust_internal.h"

#include <stdio.h>
#include <string.h>

static const char *const mode_names[VF_ROBUST_MODE_COUNT] = {
    "d3d", "robustness2", "robust-buffer-access", "attribute-robustness",
};

const char *vf_robust_mode_name(uint32_t mode)
{
    return mode < VF_ROBUST_MODE_COUNT ? mode_names[mode] : NULL;
}

vf_result vf_robust_mode_from_name(const char *name, uint32_t *mode_ret)
{
    if (name == NULL || mode_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    for (uint32_t m = 0; m < VF_ROBUST_MODE_COUNT; m++)
        if (strcmp(name, mode_names[m]) == 0) {
            *mode_ret = m;
            return VF_OK;
        }
    return VF_ERROR_INVALID_ROBUST_MODE;
}

vf_result vf_robust_set_at(const vf_layout *layout, const vf_draw_desc *desc, uint32_t mode,
                           uint32_t instance, uint32_t position, uint32_t reg,
                           uint32_t component, vf_robust_set *set_ret)
{
    struct rb_draw d;
    struct rb_record rec;
    if (set_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    vf_result r = vf_rb_init(&d, layout, desc, mode);
    if (r != VF_OK)
        return r;
    if (instance >= desc->instance_count || position >= desc->vertex_count_per_instance)
        return VF_ERROR_INVALID_RANGE;
    if (reg >= d.nreg || component > 3)
        return VF_ERROR_INVALID_ARGUMENT;
    r = vf_rb_record(&d, instance, position, &rec);
    if (r != VF_OK)
        return r;
    vf_robust_set s;
    vf_rb_set(&d, &rec, reg, component, &s);
    *set_ret = s;
    return VF_OK;
}

/* Walks the listed components from `first`: counts them all when out is
 * NULL, else writes up to capacity. */
static vf_result walk(const struct rb_draw *d, uint64_t first, vf_robust_set *out,
                      size_t capacity, uint64_t *seen_ret, size_t *written_ret)
{
    struct rb_record rec;
    uint64_t seen = 0;
    size_t written = 0;
    for (uint32_t j = 0; j < d->desc->instance_count; j++)
        for (uint32_t i = 0; i < d->desc->vertex_count_per_instance; i++) {
            if (out != NULL && written == capacity)
                goto done;
            vf_result r = vf_rb_record(d, j, i, &rec);
            if (r != VF_OK)
                return r;
            for (uint32_t g = 0; g < d->nreg; g++)
                for (uint32_t c = 0; c < 4; c++) {
                    vf_robust_set s;
                    if (!vf_rb_set(d, &rec, g, c, &s))
                        continue;
                    if (out != NULL && seen >= first && written < capacity)
                        out[written++] = s;
                    seen++;
                }
        }
done:
    *seen_ret = seen;
    *written_ret = written;
    return VF_OK;
}

vf_result vf_robust_count(const vf_layout *layout, const vf_draw_desc *desc, uint32_t mode,
                          uint64_t *count_ret)
{
    struct rb_draw d;
    uint64_t seen;
    size_t written;
    if (count_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    vf_result r = vf_rb_init(&d, layout, desc, mode);
    if (r == VF_OK)
        r = walk(&d, 0, NULL, 0, &seen, &written);
    if (r == VF_OK)
        *count_ret = seen;
    return r;
}

vf_result vf_robust_list(const vf_layout *layout, const vf_draw_desc *desc, uint32_t mode,
                         uint64_t first, vf_robust_set *out, size_t capacity,
                         size_t *written_ret)
{
    struct rb_draw d;
    uint64_t seen;
    size_t written = 0;
    if (written_ret == NULL || (out == NULL && capacity != 0))
        return VF_ERROR_NULL_POINTER;
    vf_result r = vf_rb_init(&d, layout, desc, mode);
    if (r != VF_OK)
        return r;
    if (capacity != 0) {
        r = walk(&d, first, out, capacity, &seen, &written);
        if (r != VF_OK)
            return r;
    }
    *written_ret = written;
    return VF_OK;
}

/* The set could have come from these calls, and its RANGE member names
 * bytes of a view of `desc`. */
static int set_valid(const vf_draw_desc *desc, const vf_robust_set *s)
{
    if (s->allow == 0 || (s->allow & ~VF_ROBUST_ALLOW_ALL_BITS) != 0)
        return 0;
    if (!(s->allow & VF_ROBUST_ALLOW_RANGE))
        return 1;
    const vf_format_desc *f = vf_format_info(s->format);
    if (f == NULL || !(f->ia_support & VF_IA_VERTEX_BUFFER) || s->source > 3)
        return 0;
    if (s->align != 1 && s->align != 2 && s->align != 4)
        return 0;
    if (s->slot >= desc->num_vertex_buffers || desc->vertex_buffers == NULL)
        return 0;
    const vf_vertex_buffer_view *vb = &desc->vertex_buffers[s->slot];
    return vb->data != NULL && s->range_bytes <= vb->size_in_bytes;
}

/* Whether the format makes `word` of some bytes of the range. */
static int in_range(const vf_draw_desc *desc, const vf_robust_set *s, uint32_t word)
{
    const uint8_t *base = desc->vertex_buffers[s->slot].data;
    uint32_t size = vf_format_info(s->format)->bytes;
    for (uint64_t a = 0; a + size <= s->range_bytes; a += s->align) {
        uint32_t v[4];
        if (vf_decode_element(s->format, base + a, VF_DEFAULT_COMPONENT_MAPPING, v) == VF_OK &&
            v[s->source] == word)
            return 1;
    }
    return 0;
}

vf_result vf_robust_allows(const vf_draw_desc *desc, const vf_robust_set *set, uint32_t word,
                           int *allowed_ret)
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

/* Appends to buf at *len, as snprintf would, keeping the count going. */
static void put(char *buf, size_t size, size_t *len, const char *text)
{
    size_t n = strlen(text);
    if (*len < size)
        snprintf(buf + *len, size - *len, "%s", text);
    *len += n;
}

size_t vf_robust_describe(const vf_robust_set *s, char *buf, size_t size)
{
    char item[160];
    size_t len = 0;
    int any = 0;
    if (s == NULL || (buf == NULL && size != 0))
        return 0;
    if (size != 0)
        buf[0] = '\0';
    put(buf, size, &len, "{");
    if (s->allow & VF_ROBUST_ALLOW_ANY) {
        put(buf, size, &len, "any value}");
        return len;
    }
    if (s->allow == VF_ROBUST_ALLOW_EXACT) {
        snprintf(item, sizeof(item), "0x%08x exactly}", s->exact);
        put(buf, size, &len, item);
        return len;
    }
    static const uint32_t bits[4] = { VF_ROBUST_ALLOW_EXACT, VF_ROBUST_ALLOW_ZERO,
                                      VF_ROBUST_ALLOW_ONE, VF_ROBUST_ALLOW_MAX_INT };
    const uint32_t words[4] = { s->exact, 0, s->one, s->max_int };
    for (int k = 0; k < 4; k++) {
        if (!(s->allow & bits[k]))
            continue;
        snprintf(item, sizeof(item), "%s0x%08x", any++ ? ", " : "", words[k]);
        put(buf, size, &len, item);
    }
    if (s->allow & VF_ROBUST_ALLOW_RANGE) {
        const vf_format_desc *f = vf_format_info(s->format);
        snprintf(item, sizeof(item), "%s%s.%c of slot %u bytes [0, %u) step %u", any ? ", " : "",
                 f ? f->name : "?", "xyzw"[s->source & 3], s->slot, s->range_bytes, s->align);
        put(buf, size, &len, item);
    }
    put(buf, size, &len, "}");
    return len;
}
