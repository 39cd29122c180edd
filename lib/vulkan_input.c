/*
 * vulkan_input.c - a pipeline's vertex input state (docs/d3d-ia-rules.md
 * §18.2): the binding, attribute and divisor descriptions are checked by
 * their valid-usage rules, then compiled into an engine layout, one element
 * per attribute (two for an R64G64B64(A64) attribute, one per location),
 * in location order, so the engine's registers are named by location.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "layout_state.h"
#include "vulkan_internal.h"

/* One binding and one attribute, from either form of the descriptions. */
struct vk_binding {
    uint32_t binding, stride, input_rate, divisor;
};
struct vk_attribute {
    uint32_t location, binding, format, offset;
};

/* The whole state under validation. */
struct vk_state {
    struct vf_vk_diag ctx;
    vf_vk_vertex_input_options opt;
    uint32_t nb, na;
    struct vk_binding b[VF_VK_MAX_BINDINGS];
    struct vk_attribute a[VF_VK_MAX_ATTRIBUTES];
    int32_t by_binding[VF_VK_MAX_BINDINGS]; /* index into b, or -1 */
};

void vf_vk_diag_begin(struct vf_vk_diag *ctx, vf_diagnostics *out)
{
    ctx->out = out;
    ctx->first_error = VF_OK;
    if (out)
        memset(out, 0, sizeof(*out));
}

void vf_vk_diag(struct vf_vk_diag *ctx, vf_result code, int32_t element, const char *fmt, ...)
{
    if (ctx->first_error == VF_OK)
        ctx->first_error = code;
    va_list ap;
    va_start(ap, fmt);
    vf_diagnostics_vadd(ctx->out, code, VF_SEVERITY_ERROR, element, -1, fmt, ap);
    va_end(ap);
}

void vf_vk_vertex_input_options_init(vf_vk_vertex_input_options *options)
{
    if (options == NULL)
        return;
    memset(options, 0, sizeof(*options));
    options->struct_size = sizeof(*options);
    /* What the drivers vfetch is compared with offer; legacyVertexAttributes
     * (a layering feature) would hide the alignment rule. */
    options->features = VF_VK_FEATURES_ALL & ~VF_VK_FEATURE_LEGACY_VERTEX_ATTRIBUTES;
    options->max_vertex_input_bindings = 32;
    options->max_vertex_input_attributes = 32;
    options->max_vertex_input_attribute_offset = 2047;
    options->max_vertex_input_binding_stride = 2048;
    options->max_vertex_attrib_divisor = UINT32_MAX;
    options->output_shape = VF_OUTPUT_AOS;
    options->isa = VF_ISA_AUTO;
}

/* The options, resolved into s->opt; 0 when they are malformed. */
static int check_options(struct vk_state *s, const vf_vk_vertex_input_options *o)
{
    if (o == NULL) {
        vf_vk_vertex_input_options_init(&s->opt);
        return 1;
    }
    const char *why = NULL;
    if (o->struct_size != sizeof(*o))
        why = "struct_size is not sizeof(vf_vk_vertex_input_options)";
    else if (o->features & ~VF_VK_FEATURES_ALL)
        why = "unknown feature bits";
    else if (o->max_vertex_input_bindings > VF_VK_MAX_BINDINGS ||
             o->max_vertex_input_attributes > VF_VK_MAX_ATTRIBUTES ||
             o->max_vertex_input_attribute_offset > VF_VK_MAX_OFFSET_LIMIT ||
             o->max_vertex_input_binding_stride > VF_VK_MAX_STRIDE_LIMIT)
        why = "a limit above what vfetch takes (32 bindings, 32 attributes, offset and stride 65535)";
    else if (o->system_values & ~(VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS))
        why = "unknown system_values bits";
    else if (o->output_shape != VF_OUTPUT_AOS && o->output_shape != VF_OUTPUT_SOA4 &&
             o->output_shape != VF_OUTPUT_SOA8 && o->output_shape != VF_OUTPUT_SOA16)
        why = "output_shape is not a VF_OUTPUT_* value";
    else if (o->generator != VF_GENERATOR_AUTO && o->generator != VF_GENERATOR_OFF)
        why = "generator is not VF_GENERATOR_AUTO (0) or VF_GENERATOR_OFF (1)";
    if (why) {
        vf_vk_diag(&s->ctx, VF_ERROR_INVALID_OPTIONS, -1, "options: %s", why);
        return 0;
    }
    s->opt = *o;
    return 1;
}

/* A binding description (VkVertexInputBindingDescription(2EXT)). */
static void check_binding(struct vk_state *s, uint32_t i, int ext)
{
    const struct vk_binding *b = &s->b[i];
    const char *st = ext ? "VkVertexInputBindingDescription2EXT" : "VkVertexInputBindingDescription";
    if (b->binding >= s->opt.max_vertex_input_bindings) {
        vf_vk_diag(&s->ctx, VF_ERROR_VK_INVALID_BINDING, (int32_t)i,
                   "binding description %" PRIu32 ": binding %" PRIu32
                   " is not below maxVertexInputBindings %" PRIu32 " (VUID-%s-binding-%s)",
                   i, b->binding, s->opt.max_vertex_input_bindings, st, ext ? "04796" : "00618");
    } else if (s->by_binding[b->binding] >= 0) {
        vf_vk_diag(&s->ctx, VF_ERROR_VK_DUPLICATE_BINDING, (int32_t)i,
                   "binding description %" PRIu32 ": binding %" PRIu32
                   " is described twice (VUID-VkPipelineVertexInputStateCreateInfo-"
                   "pVertexBindingDescriptions-00616)", i, b->binding);
    } else {
        s->by_binding[b->binding] = (int32_t)i;
    }
    if (b->stride > s->opt.max_vertex_input_binding_stride)
        vf_vk_diag(&s->ctx, VF_ERROR_VK_STRIDE_TOO_LARGE, (int32_t)i,
                   "binding description %" PRIu32 ": stride %" PRIu32
                   " is above maxVertexInputBindingStride %" PRIu32 " (VUID-%s-stride-%s)",
                   i, b->stride, s->opt.max_vertex_input_binding_stride, st,
                   ext ? "04797" : "00619");
    if (b->input_rate > VF_VK_VERTEX_INPUT_RATE_INSTANCE)
        vf_vk_diag(&s->ctx, VF_ERROR_VK_INVALID_INPUT_RATE, (int32_t)i,
                   "binding description %" PRIu32 ": inputRate %" PRIu32
                   " is not a VkVertexInputRate (VUID-%s-inputRate-parameter)", i,
                   b->input_rate, st);
}

/* A divisor of `binding` (VkVertexInputBindingDivisorDescription, or the
 * divisor of a VkVertexInputBindingDescription2EXT). */
static void check_divisor(struct vk_state *s, uint32_t i, uint32_t binding, uint32_t divisor,
                          int ext)
{
    const char *st = ext ? "VkVertexInputBindingDescription2EXT"
                         : "VkVertexInputBindingDivisorDescription";
    uint32_t f = s->opt.features;
    const char *vuid = NULL;
    if (divisor > s->opt.max_vertex_attrib_divisor)
        vuid = ext ? "divisor-06226" : "divisor-01870";
    else if (divisor == 0 && !(f & VF_VK_FEATURE_INSTANCE_RATE_ZERO_DIVISOR))
        vuid = ext ? "divisor-04798" : "vertexAttributeInstanceRateZeroDivisor-02228";
    else if (divisor != 1 && !(f & VF_VK_FEATURE_INSTANCE_RATE_DIVISOR))
        vuid = ext ? "divisor-04799" : "vertexAttributeInstanceRateDivisor-02229";
    if (vuid)
        vf_vk_diag(&s->ctx, VF_ERROR_VK_INVALID_DIVISOR, (int32_t)i,
                   "divisor %" PRIu32 " of binding %" PRIu32 " is not allowed: at most %" PRIu32
                   "%s%s (VUID-%s-%s)", divisor, binding, s->opt.max_vertex_attrib_divisor,
                   f & VF_VK_FEATURE_INSTANCE_RATE_ZERO_DIVISOR ? "" : ", not 0 without the feature",
                   f & VF_VK_FEATURE_INSTANCE_RATE_DIVISOR ? "" : ", 1 without the feature", st,
                   vuid);
    if (binding >= s->opt.max_vertex_input_bindings) {
        if (!ext)
            vf_vk_diag(&s->ctx, VF_ERROR_VK_INVALID_BINDING, (int32_t)i,
                       "divisor description %" PRIu32 ": binding %" PRIu32 " is not below "
                       "maxVertexInputBindings (VUID-%s-binding-01869)", i, binding, st);
        return;
    }
    /* A divisor description names an INSTANCE-rate binding whatever its
     * value (-01871); the 2EXT form carries a divisor for every binding and
     * only one other than 1 needs that rate (-06227). */
    int32_t d = s->by_binding[binding];
    if ((!ext || divisor != 1) &&
        (d < 0 || s->b[d].input_rate != VF_VK_VERTEX_INPUT_RATE_INSTANCE))
        vf_vk_diag(&s->ctx, VF_ERROR_VK_DIVISOR_NOT_INSTANCE, (int32_t)i,
                   "divisor %" PRIu32 " for binding %" PRIu32 ", whose inputRate is not "
                   "VK_VERTEX_INPUT_RATE_INSTANCE (VUID-%s-%s)", divisor, binding, st,
                   ext ? "divisor-06227" : "inputRate-01871");
    else if (d >= 0)
        s->b[d].divisor = divisor;
}

/* An attribute description; `used` collects the locations taken so far. */
static void check_attribute(struct vk_state *s, uint32_t i, int ext, uint64_t *used)
{
    const struct vk_attribute *a = &s->a[i];
    const char *st = ext ? "VkVertexInputAttributeDescription2EXT" : "VkVertexInputAttributeDescription";
    const vf_vk_format_desc *fd = vf_vk_row(a->format);
    uint32_t n = fd ? fd->locations : 1;
    if (a->location >= s->opt.max_vertex_input_attributes ||
        a->location + n > s->opt.max_vertex_input_attributes)
        vf_vk_diag(&s->ctx, VF_ERROR_VK_INVALID_LOCATION, (int32_t)i,
                   "attribute %" PRIu32 ": location %" PRIu32 "%s is not below "
                   "maxVertexInputAttributes %" PRIu32 " (VUID-%s-location-%s)", i, a->location,
                   n > 1 ? " (and the next: a 64-bit format of two locations)" : "",
                   s->opt.max_vertex_input_attributes, st, ext ? "06228" : "00620");
    else if (*used & (((UINT64_C(1) << n) - 1) << a->location))
        vf_vk_diag(&s->ctx, VF_ERROR_VK_DUPLICATE_LOCATION, (int32_t)i,
                   "attribute %" PRIu32 ": location %" PRIu32 "%s is already used "
                   "(VUID-VkPipelineVertexInputStateCreateInfo-pVertexAttributeDescriptions-00617)",
                   i, a->location, n > 1 ? " or the next, which its 64-bit format takes" : "");
    else
        *used |= ((UINT64_C(1) << n) - 1) << a->location;
    if (a->binding >= s->opt.max_vertex_input_bindings)
        vf_vk_diag(&s->ctx, VF_ERROR_VK_INVALID_BINDING, (int32_t)i,
                   "attribute %" PRIu32 ": binding %" PRIu32 " is not below "
                   "maxVertexInputBindings (VUID-%s-binding-%s)", i, a->binding, st,
                   ext ? "06229" : "00621");
    else if (s->by_binding[a->binding] < 0)
        vf_vk_diag(&s->ctx, VF_ERROR_VK_BINDING_NOT_DESCRIBED, (int32_t)i,
                   "attribute %" PRIu32 ": binding %" PRIu32 " has no binding description "
                   "(VUID-VkPipelineVertexInputStateCreateInfo-binding-00615)", i, a->binding);
    if (a->offset > s->opt.max_vertex_input_attribute_offset)
        vf_vk_diag(&s->ctx, VF_ERROR_VK_OFFSET_TOO_LARGE, (int32_t)i,
                   "attribute %" PRIu32 ": offset %" PRIu32 " is above "
                   "maxVertexInputAttributeOffset %" PRIu32 " (VUID-%s-offset-%s)", i, a->offset,
                   s->opt.max_vertex_input_attribute_offset, st, ext ? "06230" : "00622");
    if (fd == NULL)
        vf_vk_diag(&s->ctx, VF_ERROR_VK_FORMAT_NOT_VERTEX, (int32_t)i,
                   "attribute %" PRIu32 ": format %" PRIu32 " is not a VkFormat with "
                   "VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT (VUID-%s-format-%s)", i, a->format, st,
                   ext ? "04805" : "00623");
}

/* Bytes attribAddress must be a multiple of (VUID-vkCmdDraw-format-10389,
 * -10390): a packed format's size, else its component size. */
static uint32_t attribute_alignment(const vf_vk_format_desc *d)
{
    if (strstr(d->name, "_PACK32") != NULL)
        return d->bytes;
    return d->bits[0] / 8u;
}

/* The engine format and size of each location of an attribute: the DXGI
 * format that decodes alike, else the Vulkan-only code; 64-bit formats as
 * 16-byte pieces of 32-bit words (R64G64 and the first location of
 * R64G64B64(A64)) and the R64 decoder, which leaves no default. */
static uint32_t engine_pieces(const vf_vk_format_desc *d, vf_format fmt[2], uint32_t size[2])
{
    if (d->dxgi != VF_FORMAT_UNKNOWN) {
        fmt[0] = d->dxgi;
        size[0] = d->bytes;
        return 1;
    }
    if (d->bits[0] != 64 || d->num_components == 1) {
        fmt[0] = VF_VK_ENGINE_FORMAT_BASE + d->format;
        size[0] = d->bytes;
        return 1;
    }
    fmt[0] = VF_FORMAT_R32G32B32A32_UINT;
    size[0] = 16;
    if (d->num_components == 2)
        return 1;
    fmt[1] = d->num_components == 4 ? (vf_format)VF_FORMAT_R32G32B32A32_UINT
                                    : VF_VK_ENGINE_FORMAT_BASE + VF_VK_FORMAT_R64_UINT;
    size[1] = d->num_components == 4 ? 16u : 8u;
    return 2;
}

/* The attributes in location order (at most 32, distinct locations). */
static void sort_by_location(const struct vk_state *s, uint32_t *order)
{
    for (uint32_t i = 0; i < s->na; i++) {
        uint32_t k = i;
        while (k > 0 && s->a[order[k - 1]].location > s->a[i].location) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
    }
}

/* The engine elements of a valid state into c, and the draw-time facts of
 * each attribute into vi. */
static void fill_elements(const struct vk_state *s, struct layout_check *c,
                          vf_input_element_desc *descs, struct vf_vk_vertex_input *vi)
{
    uint32_t order[VF_VK_MAX_ATTRIBUTES], n = 0;
    sort_by_location(s, order);
    for (uint32_t k = 0; k < s->na; k++) {
        const struct vk_attribute *a = &s->a[order[k]];
        const struct vk_binding *b = &s->b[s->by_binding[a->binding]];
        const vf_vk_format_desc *d = vf_vk_row(a->format);
        vf_format fmt[2];
        uint32_t size[2], pieces = engine_pieces(d, fmt, size);
        vi->attrs[k] = (struct vf_vk_attr){ a->location, a->binding, a->offset,
                                            attribute_alignment(d), d->bits[0] == 64, a->format };
        vi->binding_mask |= 1u << a->binding;
        vi->stride[a->binding] = b->stride;
        vi->scalar_attributes += fmt[0] >= VF_VK_ENGINE_FORMAT_BASE;
        for (uint32_t p = 0, off = a->offset; p < pieces; off += size[p], p++, n++) {
            int inst = b->input_rate == VF_VK_VERTEX_INPUT_RATE_INSTANCE;
            descs[n] = (vf_input_element_desc){ "LOCATION", a->location + p, fmt[p], a->binding,
                                                off, inst ? VF_INPUT_PER_INSTANCE_DATA
                                                          : VF_INPUT_PER_VERTEX_DATA,
                                                inst ? b->divisor : 0 };
            c->elems[n].size = size[p];
            c->elems[n].offset = off;
            c->elems[n].offset_known = 1;
            c->elems[n].mapping = VF_DEFAULT_COMPONENT_MAPPING;
            vi->reg_location[n] = a->location + p;
        }
    }
    vi->num_attrs = s->na;
    c->descs = descs;
    c->n = n;
}

/* Compiles a checked state into *input_ret. */
static vf_result compile(const struct vk_state *s, vf_vk_vertex_input **input_ret)
{
    static struct layout_check zero_check;
    struct layout_check c = zero_check;
    vf_input_element_desc descs[VF_MAX_ELEMENTS];
    struct vf_vk_vertex_input *vi = calloc(1, sizeof(*vi));
    if (vi == NULL)
        return VF_ERROR_OUT_OF_MEMORY;
    vf_result r = vf_resolve_isa(s->opt.isa, &c.isa);
    if (r != VF_OK) {
        free(vi);
        return r;
    }
    c.max_slots = VF_MAX_INPUT_SLOTS;
    fill_elements(s, &c, descs, vi);
    vf_layout_options lo;
    vf_layout_options_init(&lo);
    /* The flags word tells the draw which records are cuts, so that it
     * adds the draw's bases only to real vertices; it is cleared again
     * when the caller did not ask for it. */
    lo.system_values = s->opt.system_values;
    if (lo.system_values & (VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID))
        lo.system_values |= VF_SV_FLAGS;
    lo.output_shape = s->opt.output_shape;
    lo.generator = s->opt.generator;
    r = vf_layout_build(&c, &lo, &vi->layout);
    if (r != VF_OK) {
        free(vi);
        return r;
    }
    vi->features = s->opt.features;
    vi->user_system_values = s->opt.system_values;
    vi->num_registers = vi->layout->num_registers;
    if (vi->layout->system_register >= 0)
        vi->reg_location[vi->layout->system_register] = UINT32_MAX;
    *input_ret = vi;
    return VF_OK;
}

/* Checks the bindings and attributes in s (divisors already applied) and
 * compiles them. */
static vf_result finish(struct vk_state *s, int ext, vf_vk_vertex_input **input_ret)
{
    uint64_t used = 0;
    for (uint32_t i = 0; i < s->na; i++)
        check_attribute(s, i, ext, &used);
    if (s->ctx.first_error != VF_OK)
        return s->ctx.first_error;
    return compile(s, input_ret);
}

/* The counts against the limits; the arrays are read only up to 32. */
static int begin(struct vk_state *s, const vf_vk_vertex_input_options *options,
                 vf_vk_vertex_input **input_ret, vf_diagnostics *diagnostics, const void *b,
                 uint32_t nb, const void *a, uint32_t na)
{
    vf_vk_diag_begin(&s->ctx, diagnostics);
    if (input_ret == NULL || (b == NULL && nb != 0) || (a == NULL && na != 0)) {
        vf_vk_diag(&s->ctx, VF_ERROR_NULL_POINTER, -1,
                   "input_ret, or an array with a nonzero count, is NULL");
        return 0;
    }
    *input_ret = NULL;
    if (!check_options(s, options))
        return 0;
    if (nb > s->opt.max_vertex_input_bindings)
        vf_vk_diag(&s->ctx, VF_ERROR_VK_TOO_MANY_BINDINGS, -1,
                   "%" PRIu32 " binding descriptions, more than maxVertexInputBindings %" PRIu32
                   " (VUID-VkPipelineVertexInputStateCreateInfo-vertexBindingDescriptionCount-00613)",
                   nb, s->opt.max_vertex_input_bindings);
    if (na > s->opt.max_vertex_input_attributes)
        vf_vk_diag(&s->ctx, VF_ERROR_VK_TOO_MANY_ATTRIBUTES, -1,
                   "%" PRIu32 " attribute descriptions, more than maxVertexInputAttributes %" PRIu32
                   " (VUID-VkPipelineVertexInputStateCreateInfo-vertexAttributeDescriptionCount-00614)",
                   na, s->opt.max_vertex_input_attributes);
    if (s->ctx.first_error != VF_OK)
        return 0;
    s->nb = nb;
    s->na = na;
    for (uint32_t i = 0; i < VF_VK_MAX_BINDINGS; i++)
        s->by_binding[i] = -1;
    return 1;
}

vf_result vf_vk_vertex_input_create(
    const vf_vk_vertex_input_binding_description *bindings, uint32_t binding_count,
    const vf_vk_vertex_input_attribute_description *attributes, uint32_t attribute_count,
    const vf_vk_vertex_input_binding_divisor_description *divisors, uint32_t divisor_count,
    const vf_vk_vertex_input_options *options, vf_vk_vertex_input **input_ret,
    vf_diagnostics *diagnostics)
{
    struct vk_state s;
    if (!begin(&s, options, input_ret, diagnostics, bindings, binding_count, attributes,
               attribute_count))
        return s.ctx.first_error;
    if (divisors == NULL && divisor_count != 0) {
        vf_vk_diag(&s.ctx, VF_ERROR_NULL_POINTER, -1, "divisors is NULL but divisor_count is %"
                   PRIu32, divisor_count);
        return s.ctx.first_error;
    }
    for (uint32_t i = 0; i < binding_count; i++) {
        s.b[i] = (struct vk_binding){ bindings[i].binding, bindings[i].stride,
                                      bindings[i].input_rate, 1 };
        check_binding(&s, i, 0);
    }
    for (uint32_t i = 0; i < divisor_count; i++)
        check_divisor(&s, i, divisors[i].binding, divisors[i].divisor, 0);
    for (uint32_t i = 0; i < attribute_count; i++)
        s.a[i] = (struct vk_attribute){ attributes[i].location, attributes[i].binding,
                                        attributes[i].format, attributes[i].offset };
    return finish(&s, 0, input_ret);
}

vf_result vf_vk_vertex_input_create2(
    const vf_vk_vertex_input_binding_description2 *bindings, uint32_t binding_count,
    const vf_vk_vertex_input_attribute_description2 *attributes, uint32_t attribute_count,
    const vf_vk_vertex_input_options *options, vf_vk_vertex_input **input_ret,
    vf_diagnostics *diagnostics)
{
    struct vk_state s;
    if (!begin(&s, options, input_ret, diagnostics, bindings, binding_count, attributes,
               attribute_count))
        return s.ctx.first_error;
    for (uint32_t i = 0; i < binding_count; i++) {
        const vf_vk_vertex_input_binding_description2 *b = &bindings[i];
        if (b->s_type != VF_VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT)
            vf_vk_diag(&s.ctx, VF_ERROR_VK_INVALID_STRUCTURE, (int32_t)i,
                       "binding description %" PRIu32 ": sType %" PRIu32 " is not "
                       "VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT "
                       "(VUID-VkVertexInputBindingDescription2EXT-sType-sType)", i, b->s_type);
        s.b[i] = (struct vk_binding){ b->binding, b->stride, b->input_rate, 1 };
        check_binding(&s, i, 1);
    }
    for (uint32_t i = 0; i < binding_count; i++)
        check_divisor(&s, i, bindings[i].binding, bindings[i].divisor, 1);
    for (uint32_t i = 0; i < attribute_count; i++) {
        const vf_vk_vertex_input_attribute_description2 *a = &attributes[i];
        if (a->s_type != VF_VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT)
            vf_vk_diag(&s.ctx, VF_ERROR_VK_INVALID_STRUCTURE, (int32_t)i,
                       "attribute %" PRIu32 ": sType %" PRIu32 " is not "
                       "VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT "
                       "(VUID-VkVertexInputAttributeDescription2EXT-sType-sType)", i, a->s_type);
        s.a[i] = (struct vk_attribute){ a->location, a->binding, a->format, a->offset };
    }
    return finish(&s, 1, input_ret);
}

void vf_vk_vertex_input_destroy(vf_vk_vertex_input *input)
{
    if (input == NULL)
        return;
    vf_layout_destroy(input->layout);
    free(input);
}

uint32_t vf_vk_vertex_input_register_count(const vf_vk_vertex_input *input)
{
    return input ? input->num_registers : 0;
}

vf_result vf_vk_vertex_input_register_location(const vf_vk_vertex_input *input, uint32_t index,
                                               uint32_t *location_ret)
{
    if (input == NULL || location_ret == NULL)
        return VF_ERROR_NULL_POINTER;
    if (index >= input->num_registers)
        return VF_ERROR_INVALID_ARGUMENT;
    *location_ret = input->reg_location[index];
    return VF_OK;
}

const vf_layout *vf_vk_vertex_input_layout(const vf_vk_vertex_input *input)
{
    return input ? input->layout : NULL;
}

uint32_t vf_vk_vertex_input_scalar_attributes(const vf_vk_vertex_input *input)
{
    return input ? input->scalar_attributes : 0;
}
