/*
 * vk_format.c - the Vulkan vertex format equivalent to each DXGI vertex
 * format, and a check of the map against vfetch's format table.
 *
 * DXGI names packed formats from the least significant bit up; Vulkan's
 * _PACKnn formats list components from the most significant bit down, so
 * R10G10B10A2 is A2B10G10R10_PACK32 and B5G6R5 is R5G6B5_PACK16. The check
 * below derives every component's position from the Vulkan *name* (the
 * Vulkan specification's naming rules) and compares it with formats.def,
 * so a wrong row cannot go unnoticed.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include "vk_format.h"

#define F VKF_NUM_FLOAT
#define U VKF_NUM_UINT
#define S VKF_NUM_SINT
#define ROW(dxgi, vk, num, x) { VF_FORMAT_##dxgi, VK_FORMAT_##vk, #vk, num, x }

static const struct vkf_format_map vkf_formats[] = {
    ROW(R32G32B32A32_FLOAT, R32G32B32A32_SFLOAT, F, 0),
    ROW(R32G32B32A32_UINT, R32G32B32A32_UINT, U, 0),
    ROW(R32G32B32A32_SINT, R32G32B32A32_SINT, S, 0),
    ROW(R32G32B32_FLOAT, R32G32B32_SFLOAT, F, 0),
    ROW(R32G32B32_UINT, R32G32B32_UINT, U, 0),
    ROW(R32G32B32_SINT, R32G32B32_SINT, S, 0),
    ROW(R16G16B16A16_FLOAT, R16G16B16A16_SFLOAT, F, 0),
    ROW(R16G16B16A16_UNORM, R16G16B16A16_UNORM, F, 0),
    ROW(R16G16B16A16_UINT, R16G16B16A16_UINT, U, 0),
    ROW(R16G16B16A16_SNORM, R16G16B16A16_SNORM, F, 0),
    ROW(R16G16B16A16_SINT, R16G16B16A16_SINT, S, 0),
    ROW(R32G32_FLOAT, R32G32_SFLOAT, F, 0),
    ROW(R32G32_UINT, R32G32_UINT, U, 0),
    ROW(R32G32_SINT, R32G32_SINT, S, 0),
    ROW(R10G10B10A2_UNORM, A2B10G10R10_UNORM_PACK32, F, 0),
    ROW(R10G10B10A2_UINT, A2B10G10R10_UINT_PACK32, U, 0),
    ROW(R11G11B10_FLOAT, B10G11R11_UFLOAT_PACK32, F, 0),
    ROW(R8G8B8A8_UNORM, R8G8B8A8_UNORM, F, 0),
    ROW(R8G8B8A8_UINT, R8G8B8A8_UINT, U, 0),
    ROW(R8G8B8A8_SNORM, R8G8B8A8_SNORM, F, 0),
    ROW(R8G8B8A8_SINT, R8G8B8A8_SINT, S, 0),
    ROW(R16G16_FLOAT, R16G16_SFLOAT, F, 0),
    ROW(R16G16_UNORM, R16G16_UNORM, F, 0),
    ROW(R16G16_UINT, R16G16_UINT, U, 0),
    ROW(R16G16_SNORM, R16G16_SNORM, F, 0),
    ROW(R16G16_SINT, R16G16_SINT, S, 0),
    ROW(R32_FLOAT, R32_SFLOAT, F, 0),
    ROW(R32_UINT, R32_UINT, U, 0),
    ROW(R32_SINT, R32_SINT, S, 0),
    ROW(R8G8_UNORM, R8G8_UNORM, F, 0),
    ROW(R8G8_UINT, R8G8_UINT, U, 0),
    ROW(R8G8_SNORM, R8G8_SNORM, F, 0),
    ROW(R8G8_SINT, R8G8_SINT, S, 0),
    ROW(R16_FLOAT, R16_SFLOAT, F, 0),
    ROW(R16_UNORM, R16_UNORM, F, 0),
    ROW(R16_UINT, R16_UINT, U, 0),
    ROW(R16_SNORM, R16_SNORM, F, 0),
    ROW(R16_SINT, R16_SINT, S, 0),
    ROW(R8_UNORM, R8_UNORM, F, 0),
    ROW(R8_UINT, R8_UINT, U, 0),
    ROW(R8_SNORM, R8_SNORM, F, 0),
    ROW(R8_SINT, R8_SINT, S, 0),
    ROW(B5G6R5_UNORM, R5G6B5_UNORM_PACK16, F, 0),
    ROW(B5G5R5A1_UNORM, A1R5G5B5_UNORM_PACK16, F, 0),
    ROW(B8G8R8A8_UNORM, B8G8R8A8_UNORM, F, 0),
    /* No Vulkan BGRX format: read BGRA and force .w to 1.0f in the shader
     * (docs/d3d-ia-rules.md 2.3; vkd3d-proton and DXVK map it the same way but do
     * not force .w for vertex input, G11). */
    ROW(B8G8R8X8_UNORM, B8G8R8A8_UNORM, F, 1),
    /* VK_FORMAT_A4R4G4B4_UNORM_PACK16 is core since Vulkan 1.3
     * (VK_EXT_4444_formats); vertex support is rare and is queried. */
    ROW(B4G4R4A4_UNORM, A4R4G4B4_UNORM_PACK16, F, 0),
};

#undef F
#undef U
#undef S
#undef ROW

const struct vkf_format_map *vkf_format_lookup(vf_format format)
{
    for (size_t i = 0; i < sizeof(vkf_formats) / sizeof(vkf_formats[0]); i++)
        if (vkf_formats[i].dxgi == format)
            return &vkf_formats[i];
    return NULL;
}

/* Component layout parsed from a Vulkan format name. */
struct vk_layout {
    int bits[4];   /* R, G, B, A; 0 = absent */
    int shift[4];
    int type;      /* a vf_component_type */
};

static int component_index(char c)
{
    switch (c) {
    case 'R': return 0;
    case 'G': return 1;
    case 'B': return 2;
    case 'A': return 3;
    default: return -1;
    }
}

/* Vulkan spec, "Identification of Formats": components are listed in
 * memory order (lowest address first) for unpacked formats, and from the
 * most significant bit down for _PACKnn formats. */
static int parse_vk_name(const char *name, struct vk_layout *l)
{
    int order[4], width[4], n = 0;
    const char *p = name;

    memset(l, 0, sizeof(*l));
    while (*p && *p != '_') {
        int c = component_index(*p++);
        int w = 0;
        if (c < 0 || n == 4 || !isdigit((unsigned char)*p))
            return -1;
        while (isdigit((unsigned char)*p))
            w = w * 10 + (*p++ - '0');
        order[n] = c;
        width[n] = w;
        n++;
    }
    if (*p != '_')
        return -1;
    p++;
    if (strncmp(p, "UNORM", 5) == 0)
        l->type = VF_TYPE_UNORM;
    else if (strncmp(p, "SNORM", 5) == 0)
        l->type = VF_TYPE_SNORM;
    else if (strncmp(p, "UINT", 4) == 0)
        l->type = VF_TYPE_UINT;
    else if (strncmp(p, "SINT", 4) == 0)
        l->type = VF_TYPE_SINT;
    else if (strncmp(p, "SFLOAT", 6) == 0)
        l->type = VF_TYPE_FLOAT;
    else if (strncmp(p, "UFLOAT", 6) == 0)
        l->type = VF_TYPE_UFLOAT;
    else
        return -1;

    if (strstr(p, "_PACK") != NULL) {
        int pos = 0;
        for (int i = n - 1; i >= 0; i--) { /* the last listed is the lowest */
            l->bits[order[i]] = width[i];
            l->shift[order[i]] = pos;
            pos += width[i];
        }
    } else {
        int pos = 0;
        for (int i = 0; i < n; i++) {
            l->bits[order[i]] = width[i];
            l->shift[order[i]] = pos;
            pos += width[i];
        }
    }
    return 0;
}

static int types_agree(int dxgi, int vk)
{
    return dxgi == vk;
}

int vkf_format_check(void *fp)
{
    FILE *f = fp;
    int bad = 0;
    uint32_t vertex_formats = 0;

    for (uint32_t i = 0; i < vf_format_count(); i++) {
        const vf_format_desc *d = vf_format_info_at(i);
        if (d != NULL && (d->ia_support & VF_IA_VERTEX_BUFFER)) {
            vertex_formats++;
            if (vkf_format_lookup(d->format) == NULL) {
                fprintf(f, "%s: no Vulkan format\n", d->name);
                bad++;
            }
        }
    }
    if (vertex_formats != sizeof(vkf_formats) / sizeof(vkf_formats[0])) {
        fprintf(f, "%u IA vertex formats in the vfetch table, %zu rows in the Vulkan map\n",
                vertex_formats, sizeof(vkf_formats) / sizeof(vkf_formats[0]));
        bad++;
    }

    for (size_t i = 0; i < sizeof(vkf_formats) / sizeof(vkf_formats[0]); i++) {
        const struct vkf_format_map *m = &vkf_formats[i];
        const vf_format_desc *d = vf_format_info(m->dxgi);
        struct vk_layout l;
        static const char comp[] = "xyzw";

        if (d == NULL || !(d->ia_support & VF_IA_VERTEX_BUFFER)) {
            fprintf(f, "format %u: not an IA vertex format\n", m->dxgi);
            bad++;
            continue;
        }
        if (parse_vk_name(m->vk_name, &l) != 0) {
            fprintf(f, "%s: cannot parse VK_FORMAT_%s\n", d->name, m->vk_name);
            bad++;
            continue;
        }
        for (int c = 0; c < 4; c++) {
            int dbits = d->bits[c], dshift = d->shift[c];
            if (c == 3 && m->force_w_one && dbits == 0) {
                /* X8: Vulkan reads an A the shader then replaces. */
                if (l.bits[3] != 8 || l.shift[3] != 24) {
                    fprintf(f, "%s: X byte is not Vulkan's A\n", d->name);
                    bad++;
                }
                continue;
            }
            if (dbits != l.bits[c] || (dbits != 0 && dshift != l.shift[c])) {
                fprintf(f, "%s .%c: DXGI %d bits at %d, VK_FORMAT_%s %d bits at %d\n",
                        d->name, comp[c], dbits, dshift, m->vk_name, l.bits[c], l.shift[c]);
                bad++;
            }
            if (dbits != 0 && !types_agree(d->type[c], l.type)) {
                fprintf(f, "%s .%c: component type differs from VK_FORMAT_%s\n", d->name,
                        comp[c], m->vk_name);
                bad++;
            }
        }
        {
            uint32_t want = (l.type == VF_TYPE_UINT) ? VKF_NUM_UINT
                          : (l.type == VF_TYPE_SINT) ? VKF_NUM_SINT : VKF_NUM_FLOAT;
            if (want != m->numeric) {
                fprintf(f, "%s: wrong GLSL input type for VK_FORMAT_%s\n", d->name, m->vk_name);
                bad++;
            }
        }
    }
    return bad;
}
