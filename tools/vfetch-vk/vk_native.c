/*
 * vk_native.c - an "Api": "Vulkan" case: what it needs of the device (a
 * skip with the reason when the device or this tool lacks it), vfetch's
 * records from vf_vk_draw at the scalar ISA, the driver's from
 * vk_native_run.c, and the word-by-word comparison of every location
 * register, gl_VertexIndex and gl_InstanceIndex into the report D3D cases
 * use.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_vulkan.h"
#include "vk_native.h"
#include "vk_native_run.h"
#include "vk_note.h"

static int has_vertex_buffer_bit(const struct vkf_device *d, uint32_t format)
{
    VkFormatProperties fp;

    d->vkGetPhysicalDeviceFormatProperties(d->phys, (VkFormat)format, &fp);
    return (fp.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT) != 0;
}

/* The divisor a binding needs of the device, or "" when none. */
static const char *divisor_need(const struct vkf_device *d, uint32_t divisor)
{
    if (divisor == 1)
        return "";
    if (d->info.divisor_extension == NULL || !d->info.divisor_rate)
        return "vertexAttributeInstanceRateDivisor (VK_EXT/KHR_vertex_attribute_divisor)";
    if (divisor == 0 && !d->info.divisor_zero)
        return "vertexAttributeInstanceRateZeroDivisor";
    if (divisor > d->info.max_divisor)
        return "a divisor up to maxVertexAttribDivisor";
    return "";
}

/* What a 64-bit format needs of the device, or "" when it has it. */
static const char *wide_need(const struct vkf_device *d, const vf_vk_format_desc *f)
{
    if (f->bits[0] != 64)
        return "";
    if (f->numeric == VF_VK_NUMERIC_SFLOAT)
        return d->info.float64 ? "" : "shaderFloat64";
    return d->info.int64 ? "" : "shaderInt64";
}

/* What binding b needs of the device, or "": a VK_NULL_HANDLE (or
 * unbound) binding needs nullDescriptor. An offset at or past the buffer's
 * end is vfetch's to refuse (VUID-vkCmdBindVertexBuffers-pOffsets-00626). */
static const char *binding_need(const struct vkf_device *d, const struct vf_case_vulkan *v,
                                uint32_t b)
{
    if (b >= v->num_bound || v->vb_buffer[b] == VF_CASE_VK_NO_BUFFER)
        return d->info.null_descriptor ? "" : "nullDescriptor (VK_EXT/KHR_robustness2) for "
                                              "its VK_NULL_HANDLE buffer";
    return "";
}

void vkf_native_check_device(const struct vkf_device *d, const struct vf_case *c, char *why,
                             size_t size)
{
    const struct vf_case_vulkan *v = c->vulkan;

    why[0] = '\0';
    for (uint32_t a = 0; a < v->num_attributes && !why[0]; a++) {
        const vf_vk_format_desc *f = vf_vk_format_info(v->attributes[a].format);
        uint32_t b = v->attributes[a].binding;
        if (wide_need(d, f)[0])
            snprintf(why, size, "location %u: the 64-bit VK_FORMAT_%s needs %s, which the "
                     "device lacks", v->attributes[a].location, f->name, wide_need(d, f));
        else if (!has_vertex_buffer_bit(d, f->format))
            snprintf(why, size, "the device lacks VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT for "
                     "VK_FORMAT_%s", f->name);
        else if (binding_need(d, v, b)[0])
            snprintf(why, size, "binding %u needs %s, which the device lacks", b,
                     binding_need(d, v, b));
    }
    for (uint32_t k = 0; k < v->num_divisors && !why[0]; k++) {
        const char *need = divisor_need(d, v->divisors[k].divisor);
        if (need[0])
            snprintf(why, size, "binding %u: divisor %u needs %s, which the device lacks",
                     v->divisors[k].binding, v->divisors[k].divisor, need);
    }
    if (!why[0] && c->draw.indexed && v->index_type == VF_VK_INDEX_TYPE_UINT8 &&
        !d->info.index_uint8)
        snprintf(why, size, "VK_INDEX_TYPE_UINT8 needs indexTypeUint8 "
                 "(VK_EXT/KHR_index_type_uint8), which the device lacks");
}

/* vfetch's registers by location, with each one's shader input type. */
/* The input rate of the binding location `loc` reads, as a D3D slot
 * class: what a known deviation's fetch column matches. */
static uint32_t location_rate(const struct vf_case_vulkan *v, uint32_t loc)
{
    for (uint32_t a = 0; a < v->num_attributes; a++) {
        if (v->attributes[a].location != loc)
            continue;
        for (uint32_t b = 0; b < v->num_bindings; b++)
            if (v->bindings[b].binding == v->attributes[a].binding)
                return v->bindings[b].input_rate == VF_VK_VERTEX_INPUT_RATE_INSTANCE
                           ? VF_INPUT_PER_INSTANCE_DATA
                           : VF_INPUT_PER_VERTEX_DATA;
    }
    return VF_INPUT_PER_VERTEX_DATA;
}

/* Whether an attribute starts at `loc` (else loc is the second location
 * of a 64-bit one). */
static int location_starts(const struct vf_case_vulkan *v, uint32_t loc)
{
    for (uint32_t a = 0; a < v->num_attributes; a++)
        if (v->attributes[a].location == loc)
            return 1;
    return 0;
}

static int make_regs(const struct vf_case *c, struct vkf_native_regs *g)
{
    const vf_vk_vertex_input *in = c->vulkan->input;
    uint32_t n = vf_vk_vertex_input_register_count(in) - 1; /* less the system register */

    if (n > VKF_NATIVE_MAX_REGS)
        return -1;
    g->count = n;
    for (uint32_t r = 0; r < n; r++) {
        const vf_vk_format_desc *f;
        if (vf_vk_vertex_input_register_location(in, r, &g->location[r]) != VF_OK)
            return -1;
        f = vf_vk_format_info(vf_case_vulkan_location_format(c, g->location[r]));
        g->numeric[r] = f == NULL ? 0 : f->numeric == VF_VK_NUMERIC_SINT ? 1
                                      : f->numeric == VF_VK_NUMERIC_UINT ? 2 : 0;
        g->normalized[r] = f != NULL && (f->numeric == VF_VK_NUMERIC_UNORM ||
                                         f->numeric == VF_VK_NUMERIC_SNORM ||
                                         f->numeric == VF_VK_NUMERIC_SRGB);
        g->floating[r] = f != NULL && (f->numeric == VF_VK_NUMERIC_SFLOAT ||
                                       f->numeric == VF_VK_NUMERIC_UFLOAT) && f->bits[0] != 64;
        g->format[r] = f != NULL ? f->name : "";
        g->slot_class[r] = location_rate(c->vulkan, g->location[r]);
        g->wide[r] = f != NULL && f->bits[0] == 64 ? f->num_components : 0;
        g->half[r] = g->wide[r] && !location_starts(c->vulkan, g->location[r]);
    }
    return 0;
}

/* vfetch's records (malloc'ed, 16-byte aligned) or NULL with r->error. */
static uint32_t *reference(const struct vf_case *c, struct vkf_case_report *r)
{
    vf_diagnostics *diag = calloc(1, sizeof(*diag));
    const vf_layout *layout = NULL;
    uint32_t *out = NULL;
    size_t size = 0;
    vf_result res = diag == NULL ? VF_ERROR_OUT_OF_MEMORY
                                 : vf_case_vulkan_compile(c, VF_ISA_SCALAR,
                                                          VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID |
                                                              VF_SV_FLAGS,
                                                          &layout, diag);
    if (res == VF_OK)
        res = vf_vk_draw_output_size(c->vulkan->input, c->draw.vertex_count_per_instance,
                                     c->draw.instance_count, &size);
    if (res == VF_OK && (out = aligned_alloc(16, (size + 15) & ~(size_t)15)) == NULL)
        res = VF_ERROR_OUT_OF_MEMORY;
    if (res == VF_OK)
        res = vf_case_vulkan_draw(c, NULL, out, size, diag);
    if (res != VF_OK) {
        /* Breaking a valid-usage rule leaves the draw undefined on a driver. */
        snprintf(r->error, sizeof(r->error), "vfetch refuses the draw: %s%s%s",
                 vf_result_string(res), diag && diag->count ? ": " : "",
                 diag && diag->count ? diag->entries[0].message : "");
        free(out);
        out = NULL;
    }
    free(diag);
    return out;
}

/* Whether a known deviation of the device accepts difference d (of a
 * value read in bounds); counts the match. */
static int known(const struct vkf_compare_rules *rules, const struct vkf_native_regs *g,
                 struct vkf_diff d)
{
    const char *name = d.element < g->count ? g->format[d.element] : "";
    uint32_t cls = d.element < g->count ? g->slot_class[d.element] : 0;

    return vkf_known_accepts(rules, d.kind, name, cls, 0);
}

static void count(struct vkf_case_report *r, const struct vkf_compare_rules *rules,
                  const struct vkf_native_regs *g, struct vkf_diff d)
{
    r->compared++;
    r->total[d.kind]++;
    if (d.kind == VF_DIFF_EXACT)
        return;
    if (rules->accept & (1u << d.kind)) {
        r->accepted++;
        return;
    }
    if (known(rules, g, d)) {
        r->known++;
        return;
    }
    r->unaccepted++;
    if (r->num_shown < (rules->max_mismatches ? rules->max_mismatches : 1))
        r->shown[r->num_shown++] = d;
}

/* One position of one instance: every register word and the two indices. */
static int is_nan(uint32_t w)
{
    return (w & 0x7f800000u) == 0x7f800000u && (w & 0x007fffffu) != 0;
}

/* A register word's difference: one ULP of a UNORM/SNORM/sRGB value (a
 * driver multiplying by a reciprocal), two NaNs of a float format, or any
 * other. */
static int value_kind(uint32_t want, uint32_t got, const struct vkf_native_regs *g, uint32_t reg)
{
    uint32_t ulp = want > got ? want - got : got - want;

    if (g->floating[reg] && is_nan(want) && is_nan(got))
        return VF_DIFF_NAN;
    return g->normalized[reg] && ulp == 1 ? VF_DIFF_ULP : VF_DIFF_OTHER;
}

/* Whether position i of a restart draw (records of R words, `n` of them
 * from `first`) has a cut or the draw's end on both sides: no line-strip
 * primitive uses it, and Vulkan need not shade it. */
static int alone(const uint32_t *first, uint32_t R, uint32_t n, uint32_t i, uint32_t sys)
{
    int before = i == 0 || (first[(size_t)(i - 1) * R + sys + 2] & VF_FLAG_STRIP_CUT);
    int after = i + 1 >= n || (first[(size_t)(i + 1) * R + sys + 2] & VF_FLAG_STRIP_CUT);

    return before && after;
}

static void compare_record(struct vkf_case_report *r, const struct vkf_compare_rules *rules,
                           const uint32_t *want, const uint32_t *got,
                           const struct vkf_native_regs *g, struct vkf_diff d, int lone)
{
    const uint32_t nregs = g->count;

    const uint32_t *sys = want + 4 * nregs;

    if (sys[2] & VF_FLAG_STRIP_CUT)
        return; /* a cut: no vertex */
    if (!got[4 * nregs + 2] && lone) {
        r->skipped_incomplete++;
        return;
    }
    if (!got[4 * nregs + 2]) {
        d.element = UINT32_MAX, d.component = VKF_COMP_VERTEX, d.kind = VF_DIFF_NOT_SHADED;
        d.expected = 0, d.got = 0;
        count(r, rules, g, d);
        return;
    }
    for (uint32_t w = 0; w < 4 * nregs + 2; w++) {
        d.element = w < 4 * nregs ? w / 4 : UINT32_MAX;
        d.component = w < 4 * nregs ? w % 4 : VKF_COMP_VERTEX_ID + (w - 4 * nregs);
        d.expected = want[w], d.got = got[w];
        d.kind = want[w] == got[w] ? VF_DIFF_EXACT
                 : w < 4 * nregs   ? value_kind(want[w], got[w], g, w / 4)
                                   : VF_DIFF_SYSVAL;
        count(r, rules, g, d);
    }
}

static int compare(struct vkf_case_report *r, const struct vkf_compare_rules *rules,
                   const uint32_t *want, const struct vkf_native_out *got,
                   const struct vkf_native_regs *g, int restart)
{
    const uint32_t W = VKF_NATIVE_WORDS(g->count), R = 4 * (g->count + 1);

    for (uint32_t j = 0; j < got->instances; j++)
        for (uint32_t i = 0; i < got->positions; i++) {
            size_t k = (size_t)j * got->positions + i;
            struct vkf_diff d = { .position = i, .instance = j,
                                  .index_value = want[k * R + 4 * g->count] };
            int lone = restart && alone(want + (k - i) * R, R, got->positions, i, 4 * g->count);
            compare_record(r, rules, want + k * R, got->records + k * W, g, d, lone);
        }
    if (got->stray) {
        struct vkf_diff d = { .element = UINT32_MAX, .component = VKF_COMP_STRAY,
                              .kind = VF_DIFF_OTHER, .got = got->stray };
        count(r, rules, g, d);
    }
    return r->unaccepted ? VKF_EXIT_MISMATCH : VKF_EXIT_OK;
}

/* The report names registers by location, as vfetch's output does. */
static void name_registers(struct vkf_case_report *r, const struct vf_case *c,
                           const struct vkf_native_regs *g)
{
    r->vk.num_elements = g->count;
    for (uint32_t e = 0; e < g->count; e++) {
        const vf_vk_format_desc *f =
            vf_vk_format_info(vf_case_vulkan_location_format(c, g->location[e]));
        snprintf(r->semantic[e], sizeof(r->semantic[e]), "location%u(%s)", g->location[e],
                 f != NULL ? f->name : "?");
    }
}

static int uses_wide(const struct vf_case_vulkan *v)
{
    for (uint32_t a = 0; a < v->num_attributes; a++)
        if (vf_vk_format_info(v->attributes[a].format)->bits[0] == 64)
            return 1;
    return 0;
}

static int uses_null(const struct vf_case_vulkan *v)
{
    for (uint32_t a = 0; a < v->num_attributes; a++) {
        uint32_t b = v->attributes[a].binding;
        if (b >= v->num_bound || v->vb_buffer[b] == VF_CASE_VK_NO_BUFFER)
            return 1;
    }
    return 0;
}

/* What the case uses, printed so a run on another driver can be read. */
static void note_features(struct vkf_case_report *r, const struct vkf_device *d,
                          const struct vf_case *c)
{
    const struct vf_case_vulkan *v = c->vulkan;
    char *t = r->vk.translation;
    size_t n = sizeof(r->vk.translation);

    vkf_note(t, n, "Vulkan case as written (no D3D translation); ");
    if (v->num_divisors)
        vkf_note(t, n, "%u divisor(s) through %s; ", v->num_divisors,
                 d->info.divisor_extension ? d->info.divisor_extension : "?");
    vkf_note(t, n, "%s, %u instance(s) from firstInstance %u; ",
             c->draw.indexed ? "vkCmdDrawIndexed" : "vkCmdDraw", c->draw.instance_count,
             c->draw.start_instance_location);
    if (uses_wide(v))
        vkf_note(t, n, "64-bit inputs through shaderFloat64/shaderInt64, stored as 32-bit "
                 "halves; ");
    if (c->draw.indexed && v->index_type == VF_VK_INDEX_TYPE_UINT8)
        vkf_note(t, n, "VK_INDEX_TYPE_UINT8 through %s; ",
                 d->info.uint8_extension ? d->info.uint8_extension : "?");
    if (uses_null(v))
        vkf_note(t, n, "VK_NULL_HANDLE vertex buffer(s) through nullDescriptor; ");
    if (v->primitive_restart && c->draw.indexed)
        vkf_note(t, n, "primitiveRestartEnable: drawn as a line strip with restart "
                 "(no list-restart feature needed for the vertex stage); ");
    vkf_note(t, n, "buffers bound from their pOffsets (bytes copied from the offset on); ");
}

static void tamper(struct vkf_native_out *got)
{
    if (got->positions && got->instances)
        got->records[0] ^= 1u; /* location 0's x, or gl_VertexIndex without locations */
}

int vkf_native_case(struct vkf_device *dev, const struct vf_case *c,
                    const struct vkf_fetch_options *o, struct vkf_case_report *r)
{
    struct vkf_native_regs g;
    struct vkf_native_out got = { 0 };
    uint32_t *want;
    int ret;

    r->vk.draw_parameters = 1; /* gl_VertexIndex/gl_InstanceIndex need no extra feature */
    vkf_native_check_device(dev, c, r->error, sizeof(r->error));
    if (r->error[0])
        return r->status = VKF_EXIT_SKIP;
    if ((want = reference(c, r)) == NULL)
        return r->status = VKF_EXIT_SKIP;
    if (make_regs(c, &g) != 0) {
        snprintf(r->error, sizeof(r->error), "more than %u location registers",
                 VKF_NATIVE_MAX_REGS);
        ret = VKF_EXIT_USAGE;
    } else {
        name_registers(r, c, &g);
        note_features(r, dev, c);
        ret = vkf_native_run(dev, c, &g, &got, r->vk.translation, sizeof(r->vk.translation),
                             r->error, sizeof(r->error));
    }
    if (ret == 0) {
        if (o->tamper)
            tamper(&got);
        struct vkf_compare_rules rules = o->rules;
        rules.device = vkf_device_description(dev);
        ret = compare(r, &rules, want, &got, &g,
                      c->vulkan->primitive_restart && c->draw.indexed);
    }
    free(got.records);
    free(want);
    vf_case_vulkan_release(c);
    return r->status = ret;
}
