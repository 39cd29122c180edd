/*
 * format.c - the DXGI format table (from formats.def) and lookups.
 */
#include <string.h>

#include "vf_internal.h"

#define VF_MAX_FORMAT_VALUE 190u /* SAMPLER_FEEDBACK_MIP_REGION_USED_OPAQUE */

#define IA_NO 0u
#define IA_VB VF_IA_VERTEX_BUFFER
#define IA_VB_OPT (VF_IA_VERTEX_BUFFER | VF_IA_VERTEX_BUFFER_OPTIONAL)
#define IA_VB_IB (VF_IA_VERTEX_BUFFER | VF_IA_INDEX_BUFFER)

/* Indexed by value: lookups are one bounds check and one load. Holes
 * (116..129, 133..188) have a NULL name. */
static const vf_format_desc vf_formats[VF_MAX_FORMAT_VALUE + 1] = {
#define VF_FORMAT(name, value, bytes, ncomp, ia, rb, rs, rt, gb, gs, gt, bb, bs, bt, ab, as, at) \
    [value] = { value, #name, bytes, ncomp, { rb, gb, bb, ab }, { rs, gs, bs, as },               \
                { VF_TYPE_##rt, VF_TYPE_##gt, VF_TYPE_##bt, VF_TYPE_##at }, IA_##ia },
#include "formats.def"
#undef VF_FORMAT
};

/* Values in table order, for iteration. */
static const uint8_t vf_format_values[] = {
#define VF_FORMAT(name, value, ...) value,
#include "formats.def"
#undef VF_FORMAT
};

/* Every row's value must equal its VF_FORMAT_ enumerator of vfetch.h. */
#define VF_FORMAT(name, value, ...) \
    _Static_assert(VF_FORMAT_##name == (value), "formats.def value of " #name);
#include "formats.def"
#undef VF_FORMAT

const vf_format_desc *vf_format_info(vf_format format)
{
    if (format > VF_MAX_FORMAT_VALUE || vf_formats[format].name == NULL)
        return NULL;
    return &vf_formats[format];
}

const char *vf_format_name(vf_format format)
{
    const vf_format_desc *desc = vf_format_info(format);
    return desc ? desc->name : NULL;
}

vf_result vf_format_from_name(const char *name, vf_format *format_ret)
{
    static const char prefix[] = "DXGI_FORMAT_";

    if (name == NULL || format_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    if (strncmp(name, prefix, sizeof(prefix) - 1) == 0)
        name += sizeof(prefix) - 1;
    for (size_t i = 0; i < VF_ARRAY_LEN(vf_format_values); i++) {
        const vf_format_desc *desc = &vf_formats[vf_format_values[i]];
        if (strcmp(desc->name, name) == 0) {
            *format_ret = desc->format;
            return VF_OK;
        }
    }
    return VF_ERROR_UNKNOWN_NAME;
}

uint32_t vf_format_count(void)
{
    return (uint32_t)VF_ARRAY_LEN(vf_format_values);
}

const vf_format_desc *vf_format_info_at(uint32_t index)
{
    if (index >= VF_ARRAY_LEN(vf_format_values))
        return NULL;
    return &vf_formats[vf_format_values[index]];
}

vf_result vf_component_mapping_check(uint32_t mapping)
{
    if ((mapping & ~0x1fffu) != 0 || (mapping & VF_COMPONENT_MAPPING_ALWAYS_SET_BIT) == 0)
        return VF_ERROR_INVALID_MAPPING;
    for (uint32_t c = 0; c < 4; c++) {
        if (VF_DECODE_COMPONENT_MAPPING(c, mapping) > VF_COMPONENT_MAPPING_FORCE_VALUE_1)
            return VF_ERROR_INVALID_MAPPING;
    }
    return VF_OK;
}
