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

/* Walks the listed sets from `first`: counts them all when out is NULL,
 * else writes up to capacity and stops. */
static vf_result walk(const struct vf_rb_walk *w, uint64_t first, uint8_t *out, size_t capacity,
                      uint64_t *seen_ret, size_t *written_ret)
{
    uint64_t seen = 0;
    size_t written = 0;
    for (uint32_t j = 0; j < w->instances; j++)
        for (uint32_t i = 0; i < w->positions; i++) {
            if (out != NULL && written == capacity)
                goto done;
            vf_result r = w->record(w->draw, j, i, w->rec);
            if (r != VF_OK)
                return r;
            for (uint32_t g = 0; g < w->regs; g++)
                for (uint32_t c = 0; c < 4; c++) {
                    if (!w->make_set(w->draw, w->rec, g, c, w->set))
                        continue;
                    if (out != NULL && seen >= first && written < capacity)
                        memcpy(out + w->set_size * written++, w->set, w->set_size);
                    seen++;
                }
        }
done:
    *seen_ret = seen;
    *written_ret = written;
    return VF_OK;
}

vf_result vf_rb_count(const struct vf_rb_walk *w, uint64_t *count_ret)
{
    size_t written;
    return walk(w, 0, NULL, 0, count_ret, &written);
}

vf_result vf_rb_list(const struct vf_rb_walk *w, uint64_t first, void *out, size_t capacity,
                     size_t *written_ret)
{
    uint64_t seen;
    size_t written = 0;
    vf_result r = capacity ? walk(w, first, out, capacity, &seen, &written) : VF_OK;
    if (r == VF_OK)
        *written_ret = written;
    return r;
}

static vf_result d3d_record(const void *draw, uint32_t j, uint32_t i, void *rec)
{
    return vf_rb_record(draw, j, i, rec);
}

static int d3d_set(const void *draw, const void *rec, uint32_t g, uint32_t c, void *set)
{
    return vf_rb_set(draw, rec, g, c, set);
}

/* The walk of a D3D draw; d, rec and set outlive it. */
static struct vf_rb_walk d3d_walk(const struct rb_draw *d, struct rb_record *rec,
                                  vf_robust_set *set)
{
    return (struct vf_rb_walk){ d, d->desc->instance_count, d->desc->vertex_count_per_instance,
                                d->nreg, sizeof(*set), rec, set, d3d_record, d3d_set };
}

vf_result vf_robust_count(const vf_layout *layout, const vf_draw_desc *desc, uint32_t mode,
                          uint64_t *count_ret)
{
    struct rb_draw d;
    struct rb_record rec;
    vf_robust_set set;
    if (count_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    vf_result r = vf_rb_init(&d, layout, desc, mode);
    if (r != VF_OK)
        return r;
    struct vf_rb_walk w = d3d_walk(&d, &rec, &set);
    return vf_rb_count(&w, count_ret);
}

vf_result vf_robust_list(const vf_layout *layout, const vf_draw_desc *desc, uint32_t mode,
                         uint64_t first, vf_robust_set *out, size_t capacity,
                         size_t *written_ret)
{
    struct rb_draw d;
    struct rb_record rec;
    vf_robust_set set;
    if (written_ret == NULL || (out == NULL && capacity != 0))
        return VF_ERROR_NULL_POINTER;
    vf_result r = vf_rb_init(&d, layout, desc, mode);
    if (r != VF_OK)
        return r;
    struct vf_rb_walk w = d3d_walk(&d, &rec, &set);
    return vf_rb_list(&w, first, out, capacity, written_ret);
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
    *allowed_ret = vf_rb_fixed_allows(set->allow, set->exact, set->one, set->max_int, word) ||
                   ((set->allow & VF_ROBUST_ALLOW_RANGE) && in_range(desc, set, word));
    return VF_OK;
}

int vf_rb_fixed_allows(uint32_t a, uint32_t exact, uint32_t one, uint32_t max_int, uint32_t word)
{
    return (a & VF_ROBUST_ALLOW_ANY) || ((a & VF_ROBUST_ALLOW_EXACT) && word == exact) ||
           ((a & VF_ROBUST_ALLOW_ZERO) && word == 0) || ((a & VF_ROBUST_ALLOW_ONE) && word == one) ||
           ((a & VF_ROBUST_ALLOW_MAX_INT) && word == max_int);
}

size_t vf_rb_describe(uint32_t allow, uint32_t exact, uint32_t one, uint32_t max_int,
                      const char *range, char *buf, size_t size)
{
    static const uint32_t bits[4] = { VF_ROBUST_ALLOW_EXACT, VF_ROBUST_ALLOW_ZERO,
                                      VF_ROBUST_ALLOW_ONE, VF_ROBUST_ALLOW_MAX_INT };
    const uint32_t words[4] = { exact, 0, one, max_int };
    char fixed[64] = "";
    size_t len = 0;
    if (allow & VF_ROBUST_ALLOW_ANY)
        return (size_t)snprintf(buf, size, "{any value}");
    if (allow == VF_ROBUST_ALLOW_EXACT)
        return (size_t)snprintf(buf, size, "{0x%08x exactly}", exact);
    for (int k = 0; k < 4; k++)
        if (allow & bits[k])
            len += (size_t)snprintf(fixed + len, sizeof(fixed) - len, "%s0x%08x",
                                    len ? ", " : "", words[k]);
    return (size_t)snprintf(buf, size, "{%s%s%s}", fixed, len && range[0] ? ", " : "", range);
}

size_t vf_robust_describe(const vf_robust_set *s, char *buf, size_t size)
{
    char range[128] = "";
    if (s == NULL || (buf == NULL && size != 0))
        return 0;
    if (s->allow & VF_ROBUST_ALLOW_RANGE) {
        const vf_format_desc *f = vf_format_info(s->format);
        snprintf(range, sizeof(range), "%s.%c of slot %u bytes [0, %u) step %u",
                 f ? f->name : "?", "xyzw"[s->source & 3], s->slot, s->range_bytes, s->align);
    }
    return vf_rb_describe(s->allow, s->exact, s->one, s->max_int, range, buf, size);
}
