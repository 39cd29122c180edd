/*
 * d3d11_buffer.c - buffers described by D3D11_BUFFER_DESC: CreateBuffer's
 * validation (docs/d3d-ia-rules.md §14.2) and the buffer object.
 *
 * Every rule is checked, in the order of docs/d3d-ia-rules.md §14.2.x, so one call
 * reports all that is wrong with a description.
 */
#include <stdlib.h>
#include <string.h>

#include "vf_internal.h"
#include "d3d11_internal.h"

/* Every D3D11_BIND_FLAG bit; DEPTH_STENCIL, DECODER and VIDEO_ENCODER
 * exist but are for textures and video resources. */
#define KNOWN_BIND                                                                     \
    (VF_BIND_VERTEX_BUFFER | VF_BIND_INDEX_BUFFER | VF_BIND_CONSTANT_BUFFER |          \
     VF_BIND_SHADER_RESOURCE | VF_BIND_STREAM_OUTPUT | VF_BIND_RENDER_TARGET |         \
     VF_BIND_DEPTH_STENCIL | VF_BIND_UNORDERED_ACCESS | VF_BIND_DECODER |              \
     VF_BIND_VIDEO_ENCODER)
#define NOT_FOR_BUFFERS (VF_BIND_DEPTH_STENCIL | VF_BIND_DECODER | VF_BIND_VIDEO_ENCODER)
/* Bindings the GPU writes through: an IMMUTABLE or DYNAMIC resource cannot
 * have them. */
#define GPU_WRITE_BIND (VF_BIND_STREAM_OUTPUT | VF_BIND_RENDER_TARGET | VF_BIND_UNORDERED_ACCESS)
/* Bindings a structured buffer cannot have (spec 5.4.2). */
#define NOT_STRUCTURED_BIND                                                            \
    (VF_BIND_VERTEX_BUFFER | VF_BIND_INDEX_BUFFER | VF_BIND_CONSTANT_BUFFER |          \
     VF_BIND_STREAM_OUTPUT | VF_BIND_RENDER_TARGET | VF_BIND_DEPTH_STENCIL)
#define KNOWN_CPU_ACCESS (VF_CPU_ACCESS_WRITE | VF_CPU_ACCESS_READ)
#define BUFFER_MISC                                                                    \
    (VF_RESOURCE_MISC_DRAWINDIRECT_ARGS | VF_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS |    \
     VF_RESOURCE_MISC_BUFFER_STRUCTURED)
#define GPU_MEMORY_MISC (VF_RESOURCE_MISC_SHARED | VF_RESOURCE_MISC_TILED)

static const char *const usage_names[4] = { "DEFAULT", "IMMUTABLE", "DYNAMIC", "STAGING" };

/* Rule 2.3: bind flags, alone and against the usage. */
static void check_bind(struct vf_d3d11_diag *ctx, const vf_buffer_desc *d)
{
    uint32_t b = d->bind_flags;
    if (b & ~KNOWN_BIND)
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_BIND_FLAGS, VF_SEVERITY_ERROR,
                      "CreateBuffer: BindFlags 0x%x has unrecognized bits 0x%x", b,
                      b & ~KNOWN_BIND);
    if (b & NOT_FOR_BUFFERS)
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_BIND_FLAGS, VF_SEVERITY_ERROR,
                      "CreateBuffer: BindFlags 0x%x: bits 0x%x (DEPTH_STENCIL, DECODER, "
                      "VIDEO_ENCODER) are not valid for a buffer", b, b & NOT_FOR_BUFFERS);
    if ((b & VF_BIND_CONSTANT_BUFFER) && b != VF_BIND_CONSTANT_BUFFER)
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_BIND_FLAGS, VF_SEVERITY_ERROR,
                      "CreateBuffer: BindFlags 0x%x: D3D11_BIND_CONSTANT_BUFFER cannot be "
                      "combined with any other bind flag", b);
    if (d->usage == VF_USAGE_STAGING && b != 0)
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_BIND_FLAGS, VF_SEVERITY_ERROR,
                      "CreateBuffer: a D3D11_USAGE_STAGING buffer cannot be bound: BindFlags "
                      "must be 0, not 0x%x", b);
    if ((d->usage == VF_USAGE_IMMUTABLE || d->usage == VF_USAGE_DYNAMIC) && (b & GPU_WRITE_BIND))
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_BIND_FLAGS, VF_SEVERITY_ERROR,
                      "CreateBuffer: a D3D11_USAGE_%s buffer cannot be bound as an output "
                      "(STREAM_OUTPUT, RENDER_TARGET, UNORDERED_ACCESS): BindFlags 0x%x",
                      usage_names[d->usage], b);
}

/* Rule 2.4: CPU access flags against the usage. */
static void check_cpu_access(struct vf_d3d11_diag *ctx, const vf_buffer_desc *d)
{
    uint32_t c = d->cpu_access_flags;
    if (c & ~KNOWN_CPU_ACCESS) {
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_CPU_ACCESS_FLAGS, VF_SEVERITY_ERROR,
                      "CreateBuffer: CPUAccessFlags 0x%x has unrecognized bits 0x%x", c,
                      c & ~KNOWN_CPU_ACCESS);
        return;
    }
    switch (d->usage) {
    case VF_USAGE_DEFAULT:
    case VF_USAGE_IMMUTABLE:
        if (c != 0)
            vf_d3d11_diag(ctx, VF_ERROR_INVALID_CPU_ACCESS_FLAGS, VF_SEVERITY_ERROR,
                          "CreateBuffer: a D3D11_USAGE_%s buffer cannot have CPU access: "
                          "CPUAccessFlags must be 0, not 0x%x", usage_names[d->usage], c);
        break;
    case VF_USAGE_DYNAMIC:
        if (c != VF_CPU_ACCESS_WRITE)
            vf_d3d11_diag(ctx, VF_ERROR_INVALID_CPU_ACCESS_FLAGS, VF_SEVERITY_ERROR,
                          "CreateBuffer: a D3D11_USAGE_DYNAMIC buffer needs CPUAccessFlags "
                          "D3D11_CPU_ACCESS_WRITE (0x10000) alone, not 0x%x", c);
        break;
    case VF_USAGE_STAGING:
        if (c == 0)
            vf_d3d11_diag(ctx, VF_ERROR_INVALID_CPU_ACCESS_FLAGS, VF_SEVERITY_ERROR,
                          "CreateBuffer: a D3D11_USAGE_STAGING buffer needs CPU access: "
                          "CPUAccessFlags is 0");
        break;
    default:
        break; /* unknown usage, reported already */
    }
}

/* Rules 2.5 and 2.6: misc flags and StructureByteStride. */
static void check_misc(struct vf_d3d11_diag *ctx, const vf_buffer_desc *d)
{
    uint32_t m = d->misc_flags, b = d->bind_flags;
    if (m & GPU_MEMORY_MISC)
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_MISC_FLAGS, VF_SEVERITY_ERROR,
                      "CreateBuffer: MiscFlags 0x%x: SHARED and TILED (0x%x) describe GPU "
                      "memory a CPU buffer cannot be", m, m & GPU_MEMORY_MISC);
    if (m & ~(BUFFER_MISC | GPU_MEMORY_MISC))
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_MISC_FLAGS, VF_SEVERITY_ERROR,
                      "CreateBuffer: MiscFlags 0x%x: bits 0x%x are unrecognized or not valid "
                      "for a buffer", m, m & ~(BUFFER_MISC | GPU_MEMORY_MISC));
    int structured = (m & VF_RESOURCE_MISC_BUFFER_STRUCTURED) != 0;
    if (structured && (m & VF_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_MISC_FLAGS, VF_SEVERITY_ERROR,
                      "CreateBuffer: D3D11_RESOURCE_MISC_BUFFER_STRUCTURED cannot be combined "
                      "with D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS");
    if ((m & VF_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS) && (b & VF_BIND_CONSTANT_BUFFER))
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_MISC_FLAGS, VF_SEVERITY_ERROR,
                      "CreateBuffer: a constant buffer cannot have "
                      "D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS");
    if (structured && (b & NOT_STRUCTURED_BIND))
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_MISC_FLAGS, VF_SEVERITY_ERROR,
                      "CreateBuffer: a structured buffer cannot be bound as a vertex, index, "
                      "constant, stream-output, render-target or depth-stencil buffer: "
                      "BindFlags 0x%x", b);

    uint32_t s = d->structure_byte_stride;
    if (!structured) {
        if (s != 0)
            vf_d3d11_diag(ctx, VF_ERROR_INVALID_STRUCTURE_STRIDE, VF_SEVERITY_ERROR,
                          "CreateBuffer: StructureByteStride %u without "
                          "D3D11_RESOURCE_MISC_BUFFER_STRUCTURED; it must be 0", s);
    } else if (s == 0 || s > VF_D3D11_MAX_STRUCTURE_BYTE_STRIDE) {
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_STRUCTURE_STRIDE, VF_SEVERITY_ERROR,
                      "CreateBuffer: StructureByteStride %u of a structured buffer must be "
                      "1..2048", s);
    } else if (d->byte_width % s != 0) {
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_STRUCTURE_STRIDE, VF_SEVERITY_ERROR,
                      "CreateBuffer: ByteWidth %u is not a multiple of StructureByteStride %u",
                      d->byte_width, s);
    }
}

/* Every rule of docs/d3d-ia-rules.md §14.2, in its order. */
static void check_desc(struct vf_d3d11_diag *ctx, const vf_buffer_desc *d,
                       const vf_subresource_data *initial, uint32_t flags)
{
    if (d->byte_width == 0)
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_BYTE_WIDTH, VF_SEVERITY_ERROR,
                      "CreateBuffer: ByteWidth is 0; a buffer holds at least one byte");
    /* Part of rule 2.1, so it comes before the usage and flags and is the
     * result when it fails with them. */
    if ((d->bind_flags & VF_BIND_CONSTANT_BUFFER) && d->byte_width % 16 != 0)
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_BYTE_WIDTH, VF_SEVERITY_ERROR,
                      "CreateBuffer: ByteWidth %u of a constant buffer is not a multiple of 16",
                      d->byte_width);
    if (d->usage > VF_USAGE_STAGING)
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_USAGE, VF_SEVERITY_ERROR,
                      "CreateBuffer: Usage %u is not a D3D11_USAGE", d->usage);
    check_bind(ctx, d);
    check_cpu_access(ctx, d);
    check_misc(ctx, d);
    if (d->usage == VF_USAGE_IMMUTABLE && !initial)
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_INITIAL_DATA, VF_SEVERITY_ERROR,
                      "CreateBuffer: a D3D11_USAGE_IMMUTABLE buffer needs initial data");
    if (initial && !initial->sys_mem)
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_INITIAL_DATA, VF_SEVERITY_ERROR,
                      "CreateBuffer: pInitialData->pSysMem is NULL");
    if ((flags & VF_BUFFER_WRAP) && !initial)
        vf_d3d11_diag(ctx, VF_ERROR_INVALID_INITIAL_DATA, VF_SEVERITY_ERROR,
                      "CreateBuffer: VF_BUFFER_WRAP without initial data: there is no memory "
                      "to wrap");
}

/* A 16-byte-aligned copy (zeros without initial data), or NULL when out of
 * memory. */
static uint8_t *alloc_copy(uint32_t byte_width, const vf_subresource_data *initial)
{
    /* In 64 bits: on a 32-bit size_t, 0xffffffff rounded up wraps. */
    uint64_t rounded64 = ((uint64_t)byte_width + 15) & ~(uint64_t)15;
    if (rounded64 != (size_t)rounded64)
        return NULL;
    size_t rounded = (size_t)rounded64;
    if (!initial) {
        /* calloc takes a large block from fresh anonymous pages that are zero
         * already and never touches them, so a big buffer nobody reads costs
         * no memory (aligned_alloc + memset wrote every page). glibc and musl
         * align it to 16 on 64-bit targets; elsewhere fall back below. */
        uint8_t *z = calloc(1, rounded);
        if (!z || (uintptr_t)z % 16 == 0)
            return z;
        free(z);
    }
    uint8_t *p = aligned_alloc(16, rounded);
    if (!p)
        return NULL;
    if (initial)
        memcpy(p, initial->sys_mem, byte_width);
    else
        memset(p, 0, byte_width);
    memset(p + byte_width, 0, rounded - byte_width);
    return p;
}

vf_result vf_buffer_create(const vf_buffer_desc *desc, const vf_subresource_data *initial,
                           uint32_t flags, vf_buffer **buffer_ret, vf_diagnostics *diagnostics)
{
    struct vf_d3d11_diag ctx;
    vf_d3d11_diag_begin(&ctx, diagnostics);
    if (!buffer_ret)
        return VF_ERROR_NULL_POINTER;
    *buffer_ret = NULL;
    if (!desc) {
        vf_d3d11_diag(&ctx, VF_ERROR_NULL_POINTER, VF_SEVERITY_ERROR,
                      "CreateBuffer: pDesc is NULL");
        return VF_ERROR_NULL_POINTER;
    }
    if (flags & ~VF_BUFFER_WRAP) {
        vf_d3d11_diag(&ctx, VF_ERROR_INVALID_ARGUMENT, VF_SEVERITY_ERROR,
                      "CreateBuffer: unknown vfetch flags 0x%x", flags & ~VF_BUFFER_WRAP);
        return VF_ERROR_INVALID_ARGUMENT;
    }
    check_desc(&ctx, desc, initial, flags);
    if (ctx.first_error != VF_OK)
        return ctx.first_error;

    vf_buffer *b = calloc(1, sizeof(*b));
    if (!b)
        return VF_ERROR_OUT_OF_MEMORY;
    b->desc = *desc;
    if (flags & VF_BUFFER_WRAP) {
        b->data = initial->sys_mem;
    } else {
        b->owned = alloc_copy(desc->byte_width, initial);
        if (!b->owned) {
            free(b);
            return VF_ERROR_OUT_OF_MEMORY;
        }
        b->data = b->owned;
    }
    *buffer_ret = b;
    return VF_OK;
}

void vf_buffer_destroy(vf_buffer *buffer)
{
    if (!buffer)
        return;
    free(buffer->owned);
    free(buffer);
}

vf_result vf_buffer_get_desc(const vf_buffer *buffer, vf_buffer_desc *desc_ret)
{
    if (!buffer || !desc_ret)
        return VF_ERROR_NULL_POINTER;
    *desc_ret = buffer->desc;
    return VF_OK;
}

const void *vf_buffer_data(const vf_buffer *buffer)
{
    return buffer ? buffer->data : NULL;
}

void *vf_buffer_contents(vf_buffer *buffer)
{
    return buffer ? buffer->owned : NULL;
}
