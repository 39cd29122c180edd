/*
 * indirect_ref.c - the ExecuteIndirect model of indirect_ref.h, written
 * from d3d/IndirectDrawing.md: "Indirect Argument Buffer Structures" for
 * the bytes, "Validation" for the signature, "Drawing" for the count and
 * the pseudo-code walk. Deliberately plain: every word read byte by byte,
 * every rule its own pass.
 */
#include "indirect_ref.h"

#include <string.h>

enum { DRAW, DRAW_INDEXED, DISPATCH, VBV, IBV, CONST, CBV, SRV, UAV, RAYS, MESH, INC };

static uint32_t word(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Bytes of an argument in the buffer; -1 for an unknown type. */
static int64_t bytes_of(const iref_arg *a)
{
    static const int64_t fixed[] = { 16, 20, 12, 16, 16, -2, 8, 8, 8, 104, 12, 0 };
    if (a->w[0] > INC)
        return -1;
    return a->w[0] == CONST ? 4 * (int64_t)a->w[3] : fixed[a->w[0]];
}

static int is_root(uint32_t t) { return t == CONST || t == CBV || t == SRV || t == UAV || t == INC; }
static int is_const(uint32_t t) { return t == CONST || t == INC; }

/* Entries that set root parameters: sorted by index; one parameter only
 * shared by constants, sorted by DestOffsetIn32BitValues, no overlap. */
static int roots_ordered(const iref_arg *args, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t j = i + 1; j < n; j++) {
            const iref_arg *a = &args[i], *b = &args[j];
            if (!is_root(a->w[0]) || !is_root(b->w[0]) || a->w[1] < b->w[1])
                continue;
            if (a->w[1] > b->w[1] || !is_const(a->w[0]) || !is_const(b->w[0]))
                return 0;
            uint64_t a_end = (uint64_t)a->w[2] + (a->w[0] == INC ? 1 : a->w[3]);
            if (b->w[2] < a_end)
                return 0;
        }
    }
    return 1;
}

int iref_signature_valid(const iref_arg *args, uint32_t n, uint32_t byte_stride)
{
    int64_t total = 0;
    uint32_t draws = 0, ibs = 0, incs = 0, slot_uses[32] = { 0 };
    if (n == 0)
        return 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t t = args[i].w[0];
        if (bytes_of(&args[i]) < 0)
            return 0;
        total += bytes_of(&args[i]);
        if (t == DISPATCH || t == RAYS || t == MESH)
            return 0; /* valid D3D12, but no input assembly: vfetch refuses it */
        if (t == DRAW || t == DRAW_INDEXED)
            draws++;
        if (t == IBV)
            ibs++;
        if (t == INC)
            incs++;
        if (t == CONST && args[i].w[3] == 0)
            return 0;
        if (t == VBV && (args[i].w[1] >= 32 || ++slot_uses[args[i].w[1]] > 1))
            return 0;
    }
    uint32_t last = args[n - 1].w[0];
    if (draws != 1 || (last != DRAW && last != DRAW_INDEXED))
        return 0;
    if (ibs > 1 || (ibs == 1 && last != DRAW_INDEXED) || incs > 1)
        return 0;
    if (byte_stride % 4 != 0 || (int64_t)byte_stride < total)
        return 0;
    return roots_ordered(args, n);
}

static int resolve(const iref_range *r, uint32_t nr, uint64_t va, uint32_t size,
                   const uint8_t **host)
{
    *host = NULL;
    if (va == 0)
        return size == 0 ? IREF_OK : IREF_NULL_ADDRESS;
    for (uint32_t i = 0; i < nr; i++) {
        /* [va, va + size) inside [base, base + size), in 128-bit-free terms */
        if (va >= r[i].base && va - r[i].base <= r[i].size && size <= r[i].size - (va - r[i].base)) {
            *host = r[i].host + (va - r[i].base);
            return IREF_OK;
        }
    }
    return IREF_NOT_MAPPED;
}

/* A D3D12_VERTEX_BUFFER_VIEW or D3D12_INDEX_BUFFER_VIEW at p. */
static int view(const uint8_t *p, int is_index, const iref_range *r, uint32_t nr, iref_view *v)
{
    uint64_t va = (uint64_t)word(p) | (uint64_t)word(p + 4) << 32;
    v->set = 1;
    v->size = word(p + 8);
    v->third = word(p + 12);
    int e = resolve(r, nr, va, v->size, &v->host);
    if (e == IREF_OK && !is_index && v->third > 2048)
        e = IREF_BAD_STRIDE;
    if (e == IREF_OK && is_index && v->host && v->third != 57 && v->third != 42)
        e = IREF_BAD_FORMAT; /* DXGI_FORMAT_R16_UINT 57, R32_UINT 42 */
    if (e != IREF_OK || !v->host)
        v->size = 0;
    return e;
}

uint32_t iref_walk(const iref_arg *args, uint32_t n, uint32_t byte_stride, const uint8_t *buffer,
                   uint64_t offset, const uint32_t *count, uint32_t max_count,
                   const iref_range *ranges, uint32_t nranges, iref_command *out, uint32_t cap)
{
    uint32_t commands = max_count;
    if (count && *count < commands)
        commands = *count;
    for (uint32_t c = 0; c < commands && c < cap; c++) {
        iref_command *cmd = &out[c];
        memset(cmd, 0, sizeof(*cmd));
        const uint8_t *p = buffer + offset + (uint64_t)c * byte_stride;
        for (uint32_t i = 0; i < n; i++) {
            int e = IREF_OK;
            uint32_t t = args[i].w[0];
            if (t == VBV)
                e = view(p, 0, ranges, nranges, &cmd->vb[args[i].w[1]]);
            else if (t == IBV)
                e = view(p, 1, ranges, nranges, &cmd->ib);
            else if (t == DRAW || t == DRAW_INDEXED) {
                cmd->indexed = t == DRAW_INDEXED;
                for (int k = 0; k < (t == DRAW ? 4 : 5); k++)
                    cmd->args[k] = word(p + 4 * k);
            }
            if (cmd->error == IREF_OK)
                cmd->error = e;
            p += bytes_of(&args[i]);
        }
    }
    return commands;
}
