/*
 * compare.c - classification of differences against vfetch and the
 * known-deviation lists (see compare.h).
 */
#define _POSIX_C_SOURCE 200809L /* fnmatch */

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

const char *const vf_diff_kind_name[VF_DIFF_COUNT] = {
    "exact", "1ulp", "nan", "snorm-min", "mismatch", "sysval", "not-shaded", "cut",
};

int vf_diff_kind_from_name(const char *s)
{
    for (int k = 1; k < VF_DIFF_COUNT; k++)
        if (strcmp(s, vf_diff_kind_name[k]) == 0)
            return k;
    return -1;
}

int vf_diff_parse_accept(const char *s, unsigned *mask)
{
    while (*s != '\0') {
        char name[32];
        size_t len = strcspn(s, ",");
        int k;
        if (len >= sizeof(name))
            return -1;
        memcpy(name, s, len);
        name[len] = '\0';
        s += len + (s[len] == ',');
        if (len == 0)
            continue;
        if (strcmp(name, "d3d") == 0) {
            *mask |= 1u << VF_DIFF_NAN;
            continue;
        }
        k = vf_diff_kind_from_name(name);
        if (k < 0)
            return -1;
        *mask |= 1u << k;
    }
    return 0;
}

static int is_nan32(uint32_t u)
{
    return (u & 0x7f800000u) == 0x7f800000u && (u & 0x007fffffu) != 0;
}

/* Float bits as an integer line, so neighbours differ by one. */
static int64_t ordered(uint32_t u)
{
    return (u & 0x80000000u) ? -(int64_t)(u & 0x7fffffffu) : (int64_t)u;
}

static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

int vf_diff_classify(uint32_t expected, uint32_t got, uint32_t type, uint32_t bits)
{
    if (expected == got)
        return VF_DIFF_EXACT;
    if ((type == VF_TYPE_FLOAT && bits < 32) || type == VF_TYPE_UFLOAT) {
        if (is_nan32(expected) && is_nan32(got))
            return VF_DIFF_NAN;
        return VF_DIFF_OTHER;
    }
    if (type == VF_TYPE_SNORM && expected == 0xbf800000u && bits >= 2 && bits <= 24) {
        /* -2^(n-1) / (2^(n-1) - 1), the unclamped value, give or take a ULP */
        double m = (double)(1u << (bits - 1));
        uint32_t t = f2u((float)(-m / (m - 1.0)));
        int64_t dd = ordered(got) - ordered(t);
        if (dd >= -1 && dd <= 1)
            return VF_DIFF_SNORM_MIN;
    }
    if ((type == VF_TYPE_UNORM || type == VF_TYPE_SNORM) && !is_nan32(expected) &&
        !is_nan32(got)) {
        int64_t dd = ordered(expected) - ordered(got);
        if (dd == 1 || dd == -1)
            return VF_DIFF_ULP;
    }
    return VF_DIFF_OTHER;
}

int vf_diff_classify_component(uint32_t expected, uint32_t got, vf_format format,
                               uint32_t mapping, uint32_t comp)
{
    const vf_format_desc *d = vf_format_info(format);
    uint32_t sel = VF_DECODE_COMPONENT_MAPPING(comp, mapping);
    uint32_t type = d != NULL && sel < 4 ? d->type[sel] : VF_TYPE_NONE;
    uint32_t bits = d != NULL && sel < 4 ? d->bits[sel] : 0;
    return vf_diff_classify(expected, got, type, bits);
}

int vf_known_load(const char *path, struct vf_known_list *list, char *err, size_t err_size)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    unsigned lineno = 0;

    if (f == NULL) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return -1;
    }
    while (fgets(line, sizeof(line), f) != NULL) {
        struct vf_known k;
        char kind[32], cls[16];
        int used = 0;
        char *p = line;
        lineno++;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#' || *p == '\n' || *p == '\0')
            continue;
        memset(&k, 0, sizeof(k));
        if (sscanf(p, "%63s %31s %63s %15s %127s %n", k.id, kind, k.format_glob, cls,
                   k.device_glob, &used) != 5 || used == 0) {
            snprintf(err, err_size, "%s:%u: expected ID KIND FORMAT CLASS DEVICE REASON", path,
                     lineno);
            fclose(f);
            return -1;
        }
        k.kind = vf_diff_kind_from_name(kind);
        if (k.kind < 0) {
            snprintf(err, err_size, "%s:%u: unknown kind '%s'", path, lineno, kind);
            fclose(f);
            return -1;
        }
        if (strcmp(cls, "vertex") == 0)
            k.slot_class = VF_INPUT_PER_VERTEX_DATA;
        else if (strcmp(cls, "instance") == 0)
            k.slot_class = VF_INPUT_PER_INSTANCE_DATA;
        else if (strcmp(cls, "any") == 0)
            k.slot_class = -1;
        else {
            snprintf(err, err_size, "%s:%u: class must be vertex, instance or any", path, lineno);
            fclose(f);
            return -1;
        }
        snprintf(k.reason, sizeof(k.reason), "%s", p + used);
        k.reason[strcspn(k.reason, "\r\n")] = '\0';
        {
            struct vf_known *v = realloc(list->v, (list->n + 1) * sizeof(*v));
            if (v == NULL) {
                snprintf(err, err_size, "out of memory");
                fclose(f);
                return -1;
            }
            list->v = v;
            list->v[list->n++] = k;
        }
    }
    fclose(f);
    return 0;
}

struct vf_known *vf_known_match(struct vf_known_list *list, int kind, const char *format_name,
                                uint32_t slot_class, const char *device)
{
    for (size_t k = 0; list != NULL && k < list->n; k++) {
        struct vf_known *kn = &list->v[k];
        if (kn->kind != kind && !(kn->kind == VF_DIFF_OTHER && kind <= VF_DIFF_OTHER))
            continue;
        if (fnmatch(kn->format_glob, format_name, 0) != 0)
            continue;
        if (kn->slot_class >= 0 && (uint32_t)kn->slot_class != slot_class)
            continue;
        if (fnmatch(kn->device_glob, device, 0) != 0)
            continue;
        return kn;
    }
    return NULL;
}

void vf_known_free(struct vf_known_list *list)
{
    free(list->v);
    list->v = NULL;
    list->n = 0;
}
