/*
 * vfr.c - the VFR raw record format: writer and capture reader (vfr.h).
 */
#include <string.h>

#include "common.h"
#include "vfr.h"

/* ------------------------------------------------------------------------ */
/* Writer                                                                   */
/* ------------------------------------------------------------------------ */

static void put_u32le(uint8_t *p, uint32_t w)
{
    p[0] = (uint8_t)w;
    p[1] = (uint8_t)(w >> 8);
    p[2] = (uint8_t)(w >> 16);
    p[3] = (uint8_t)(w >> 24);
}

/* `n` words, little-endian; 0 or -1. */
static int put_words(FILE *f, const uint32_t *w, uint32_t n)
{
    uint8_t buf[4 * 4 * (VF_MAX_REGISTERS + 1)];

    if (n > sizeof(buf) / 4)
        return -1;
    for (uint32_t k = 0; k < n; k++)
        put_u32le(buf + 4 * k, w[k]);
    return fwrite(buf, 4, n, f) == n ? 0 : -1;
}

int vf_raw_write_v1(FILE *f, const struct vf_records *r)
{
    uint32_t nregs = r->registers - 1;
    uint32_t words_per_record = 4 * nregs + 3;
    uint32_t header[VF_RAW_V1_HEADER_WORDS] = { VF_RAW_MAGIC, 1, nregs, r->vertices,
                                                r->instances, words_per_record };

    if (nregs > VF_MAX_REGISTERS)
        return -1;
    if (put_words(f, header, VF_RAW_V1_HEADER_WORDS) != 0)
        return -1;
    /* The system register's fourth word, always 0, is dropped. */
    for (uint32_t j = 0; j < r->instances; j++)
        for (uint32_t v = 0; v < r->vertices; v++)
            if (put_words(f, vf_records_at(r, j, v), words_per_record) != 0)
                return -1;
    return ferror(f) ? -1 : 0;
}

/* What the version 2 header says of register i (the last: the system
 * register). */
struct raw_register {
    uint32_t kind, semantic_index, format, component_type;
    const char *name;
};

static void raw_register(const struct vf_records *r, uint32_t i, struct raw_register *g)
{
    vf_layout_register_info ri;
    vf_layout_element_info ei;

    g->kind = VF_REGISTER_SYSTEM;
    g->semantic_index = 0;
    g->format = VF_FORMAT_UNKNOWN;
    g->component_type = VF_REGISTER_COMPONENT_UINT32;
    g->name = VF_RAW_SYSTEM_NAME;
    if (i + 1 >= r->registers || vf_layout_register(r->layout, i, &ri) != VF_OK)
        return;
    g->kind = ri.kind;
    if (ri.kind == VF_REGISTER_VERTEX_ID) {
        g->name = "SV_VertexID";
    } else if (ri.kind == VF_REGISTER_INSTANCE_ID) {
        g->name = "SV_InstanceID";
    } else if (ri.kind == VF_REGISTER_START_VERTEX_LOCATION) {
        g->name = "SV_StartVertexLocation";
        g->component_type = VF_REGISTER_COMPONENT_SINT32;
    } else if (ri.kind == VF_REGISTER_START_INSTANCE_LOCATION) {
        g->name = "SV_StartInstanceLocation";
    } else if (ri.element_index >= 0 &&
               vf_layout_element(r->layout, (uint32_t)ri.element_index, &ei) == VF_OK) {
        g->name = ei.semantic_name ? ei.semantic_name : "";
        g->semantic_index = ei.semantic_index;
        g->format = ei.format;
        g->component_type = vf_output_component_type(ei.format);
    }
}

/* A length-prefixed string padded with zeros to whole words. */
static int put_raw_string(FILE *f, const char *s)
{
    static const uint8_t zeros[4];
    size_t n = strlen(s);
    return fwrite(s, 1, n, f) == n && fwrite(zeros, 1, (4 - n % 4) % 4, f) == (4 - n % 4) % 4
               ? 0 : -1;
}

static size_t raw_string_size(const char *s)
{
    return (strlen(s) + 3) / 4 * 4;
}

static const char *raw_format_name(uint32_t format)
{
    return vf_format_name(format) ? vf_format_name(format) : "UNKNOWN";
}

/* One register entry of the version 2 header. */
static int raw_v2_entry(FILE *f, const struct vf_records *r, uint32_t i)
{
    struct raw_register g;
    const char *fmt;

    raw_register(r, i, &g);
    fmt = raw_format_name(g.format);
    uint32_t e[VF_RAW_V2_ENTRY_WORDS] = { g.kind, g.semantic_index, g.format, g.component_type,
                                          (uint32_t)strlen(g.name), (uint32_t)strlen(fmt) };
    if (put_words(f, e, VF_RAW_V2_ENTRY_WORDS) != 0 || put_raw_string(f, g.name) != 0 ||
        put_raw_string(f, fmt) != 0)
        return -1;
    return 0;
}

/* The version 2 header: its words, the register entries, zeros to a
 * multiple of 16 bytes (so records keep the library's alignment). */
static int raw_v2_header(FILE *f, const struct vf_records *r, const struct vf_selection *sel,
                         int selected)
{
    static const uint8_t zeros[16];
    uint32_t w[VF_RAW_V2_HEADER_WORDS] = {
        VF_RAW_MAGIC, 2, 0, r->registers, 4 * r->registers, r->vertices, r->instances,
        sel->first_instance, sel->num_instances, sel->first_position, sel->num_positions,
        selected != 0
    };
    size_t size = sizeof(w);

    for (uint32_t i = 0; i < r->registers; i++) {
        struct raw_register g;
        raw_register(r, i, &g);
        size += 4 * VF_RAW_V2_ENTRY_WORDS + raw_string_size(g.name) +
                raw_string_size(raw_format_name(g.format));
    }
    w[VF_RAW_V2_HEADER_SIZE] = (uint32_t)((size + 15) / 16 * 16);
    if (put_words(f, w, VF_RAW_V2_HEADER_WORDS) != 0)
        return -1;
    for (uint32_t i = 0; i < r->registers; i++)
        if (raw_v2_entry(f, r, i) != 0)
            return -1;
    size = w[VF_RAW_V2_HEADER_SIZE] - size;
    return fwrite(zeros, 1, size, f) == size ? 0 : -1;
}

int vf_raw_write(FILE *f, const struct vf_records *r, const struct vf_selection *sel)
{
    struct vf_selection s = vf_records_selection(r, sel);
    uint32_t words = 4 * r->registers;

    if (r->registers > VF_MAX_REGISTERS + 1 || raw_v2_header(f, r, &s, sel != NULL) != 0)
        return -1;
    for (uint32_t j = 0; j < s.num_instances; j++)
        for (uint32_t v = 0; v < s.num_positions; v++)
            if (put_words(f, vf_records_at(r, s.first_instance + j, s.first_position + v),
                          words) != 0)
                return -1;
    return ferror(f) ? -1 : 0;
}

/* ------------------------------------------------------------------------ */
/* Reader                                                                   */
/* ------------------------------------------------------------------------ */

/* Version 2: every register entry names what the case's layout has there. */
static int raw_v2_registers(const uint8_t *data, size_t hsize, const vf_layout *layout,
                            uint32_t nregs)
{
    size_t off = 4 * VF_RAW_V2_HEADER_WORDS;
    for (uint32_t i = 0; i <= nregs; i++) {
        vf_layout_register_info ri = { VF_REGISTER_SYSTEM, -1, 0 };
        vf_layout_element_info ei;
        const uint8_t *e = data + off;
        uint32_t want_fmt = VF_FORMAT_UNKNOWN, n, m;
        if (off + 4 * VF_RAW_V2_ENTRY_WORDS > hsize)
            return -1;
        if (i < nregs && vf_layout_register(layout, i, &ri) != VF_OK)
            return -1;
        if (ri.element_index >= 0 &&
            vf_layout_element(layout, (uint32_t)ri.element_index, &ei) == VF_OK)
            want_fmt = ei.format;
        if (vf_raw_u32le(e + 4 * VF_RAW_ENTRY_KIND) != ri.kind ||
            vf_raw_u32le(e + 4 * VF_RAW_ENTRY_FORMAT) != want_fmt)
            return -1;
        n = vf_raw_u32le(e + 4 * VF_RAW_ENTRY_NAME_SIZE);
        m = vf_raw_u32le(e + 4 * VF_RAW_ENTRY_FORMAT_SIZE);
        if (n > hsize || m > hsize)
            return -1;
        off += 4 * VF_RAW_V2_ENTRY_WORDS + (n + 3) / 4 * 4 + (m + 3) / 4 * 4;
    }
    return off <= hsize ? 0 : -1;
}

/* Version 1: the whole draw of a layout of `nregs` data registers. */
static int raw_v1_info(const uint32_t *h, uint32_t nregs, uint32_t V, uint32_t I,
                       struct vf_raw_info *ri)
{
    ri->words = h[VF_RAW_V1_WORDS];
    ri->sel = (struct vf_selection){ 0, h[VF_RAW_V1_INSTANCES], 0, h[VF_RAW_V1_VERTICES] };
    ri->data_offset = 4 * VF_RAW_V1_HEADER_WORDS;
    return h[VF_RAW_V1_REGISTERS] == nregs && h[VF_RAW_V1_VERTICES] == V &&
           h[VF_RAW_V1_INSTANCES] == I && h[VF_RAW_V1_WORDS] == 4 * nregs + 3 ? 0 : -1;
}

/* Version 2: a selection inside the draw, and the registers of the layout. */
static int raw_v2_info(const uint8_t *data, size_t size, const uint32_t *h,
                       const vf_layout *layout, uint32_t nregs, uint32_t V, uint32_t I,
                       struct vf_raw_info *ri)
{
    ri->words = h[VF_RAW_V2_WORDS];
    ri->sel = (struct vf_selection){ h[VF_RAW_V2_FIRST_INSTANCE], h[VF_RAW_V2_NUM_INSTANCES],
                                     h[VF_RAW_V2_FIRST_POSITION], h[VF_RAW_V2_NUM_POSITIONS] };
    ri->data_offset = h[VF_RAW_V2_HEADER_SIZE];
    if (h[VF_RAW_V2_REGISTERS] != nregs + 1 || h[VF_RAW_V2_WORDS] != 4 * (nregs + 1) ||
        h[VF_RAW_V2_VERTICES] != V || h[VF_RAW_V2_INSTANCES] != I)
        return -1;
    if (ri->sel.first_instance > I || ri->sel.num_instances > I - ri->sel.first_instance ||
        ri->sel.first_position > V || ri->sel.num_positions > V - ri->sel.first_position)
        return -1;
    if (ri->data_offset > size || ri->data_offset < 4 * VF_RAW_V2_HEADER_WORDS)
        return -1;
    return raw_v2_registers(data, ri->data_offset, layout, nregs);
}

int vf_raw_read_header(const uint8_t *data, size_t size, const vf_layout *layout,
                       uint32_t V, uint32_t I, struct vf_raw_info *ri, char *err,
                       size_t err_size)
{
    uint32_t nregs = vf_layout_register_count(layout) - 1;
    uint32_t h[VF_RAW_V2_HEADER_WORDS] = { 0 };
    uint64_t n;
    int other;

    for (size_t i = 0; i < ARRAY_LEN(h) && 4 * i + 4 <= size; i++)
        h[i] = vf_raw_u32le(data + 4 * i);
    ri->version = h[VF_RAW_V1_VERSION];
    if (ri->version == 1) {
        other = raw_v1_info(h, nregs, V, I, ri);
    } else if (ri->version == 2 && size >= 4 * VF_RAW_V2_HEADER_WORDS) {
        other = raw_v2_info(data, size, h, layout, nregs, V, I, ri);
    } else {
        snprintf(err, err_size, "a VFR raw file of version %u; this vfetch reads versions 1 "
                                "and 2", ri->version);
        return -1;
    }
    if (other) {
        int v2 = ri->version == 2;
        snprintf(err, err_size, "the capture (VFR version %u, %u registers, %u x %u records) is "
                                "not of this case (%u registers, %u x %u)", ri->version,
                 v2 ? h[VF_RAW_V2_REGISTERS] - 1 : h[VF_RAW_V1_REGISTERS],
                 v2 ? h[VF_RAW_V2_VERTICES] : h[VF_RAW_V1_VERTICES],
                 v2 ? h[VF_RAW_V2_INSTANCES] : h[VF_RAW_V1_INSTANCES], nregs, V, I);
        return -1;
    }
    n = (uint64_t)ri->sel.num_instances * ri->sel.num_positions;
    if ((size - ri->data_offset) / 4 / (ri->words ? ri->words : 1) < n) {
        snprintf(err, err_size, "truncated: %zu bytes", size);
        return -1;
    }
    /* Bytes past the records are not of this capture: refuse them rather
     * than compare a prefix. */
    uint64_t end = ri->data_offset + 4 * n * ri->words;
    if (size != end) {
        snprintf(err, err_size, "%llu bytes after the last of its %llu records (%zu bytes, "
                 "%llu expected)", (unsigned long long)(size - end), (unsigned long long)n,
                 size, (unsigned long long)end);
        return -1;
    }
    return 0;
}
