/* indirect_exec.c - a whole ExecuteIndirect into one output buffer: every
 * command drawn by vf_draw at its own offset, with a result per command. */
#include <stdio.h>
#include <string.h>

#include "vf_internal.h"
#include "d3d11_internal.h"
#include "indirect_internal.h"
#include "draw_plan.h"

/* Bytes of a command's records; 0 when its views are bad. */
static vf_result command_size(const vf_layout *layout, const vf_indirect_command *c,
                              size_t *size_ret)
{
    *size_ret = 0;
    if (c->result != VF_OK)
        return VF_OK;
    return vf_draw_output_size(layout, c->draw.vertex_count_per_instance,
                               c->draw.instance_count, size_ret);
}

/* Sizes one command at a time: a vf_indirect_command is 600 bytes, so the
 * walk keeps one on the stack, never an array. */
vf_result vf_execute_indirect_size(const vf_layout *layout, const vf_execute_indirect_desc *desc,
                                   uint32_t *command_count_ret, size_t *out_size_ret)
{
    if (!layout || !command_count_ret || !out_size_ret)
        return VF_ERROR_NULL_POINTER;
    vf_indirect_walk walk;
    vf_result r = vf_execute_indirect_begin(desc, &walk, NULL);
    if (r != VF_OK)
        return r;
    size_t total = 0;
    vf_indirect_command c;
    while (vf_execute_indirect_next(&walk, &c, NULL) == VF_OK) {
        size_t size;
        r = command_size(layout, &c, &size);
        if (r != VF_OK)
            return r;
        if (size > SIZE_MAX - total)
            return VF_ERROR_OVERFLOW;
        total += size;
    }
    *command_count_ret = walk.command_count;
    *out_size_ret = total;
    return VF_OK;
}

/* What vf_draw_check says of a command's draw, appended to the call's list
 * with each message behind "command N: ": the warnings a caller of the
 * walk would get by checking each command itself. Written straight into
 * the caller's list, so entries past its room are counted as dropped and
 * nothing is allocated. */
static void gather_check(const vf_layout *layout, const vf_indirect_command *c,
                         vf_diagnostics *out)
{
    char prefix[24];
    snprintf(prefix, sizeof(prefix), "command %u: ", c->command);
    vf_draw_check_append(layout, &c->draw, out, prefix);
}

/* Draws one command at `*offset` of out and fills its result; with
 * diagnostics, gathers the command's draw checks first. */
static void run_command(const vf_layout *layout, const vf_indirect_command *c, uint8_t *out,
                        size_t out_size, size_t *offset, vf_indirect_result *res,
                        struct vf_d3d11_diag *d)
{
    res->command = c->command;
    res->result = c->result;
    res->vertex_count = c->draw.vertex_count_per_instance;
    res->instance_count = c->draw.instance_count;
    res->output_offset = *offset;
    res->output_size = 0;
    if (c->result != VF_OK)
        return;
    if (d->out)
        gather_check(layout, c, d->out);
    size_t size;
    vf_result r = command_size(layout, c, &size);
    if (r == VF_OK && (size > out_size - *offset))
        r = VF_ERROR_OUTPUT_TOO_SMALL;
    /* A draw of nothing is still checked; out may be NULL then. */
    if (r == VF_OK)
        r = size == 0 ? vf_draw_check(layout, &c->draw, 0, NULL)
                      : vf_draw(layout, &c->draw, out + *offset, size);
    res->result = r;
    if (r != VF_OK) {
        vf_d3d11_diag(d, r, VF_SEVERITY_ERROR, "command %u: the draw fails: %s", c->command,
                      vf_result_string(r));
        return;
    }
    res->output_size = size;
    *offset += size;
}

vf_result vf_execute_indirect(const vf_layout *layout, const vf_execute_indirect_desc *desc,
                              void *out, size_t out_size, vf_indirect_result *results,
                              uint32_t results_count, vf_diagnostics *diagnostics)
{
    struct vf_d3d11_diag d;
    vf_d3d11_diag_begin(&d, diagnostics);
    if (!layout || (!results && results_count > 0) || (!out && out_size > 0))
        return VF_ERROR_NULL_POINTER;
    if (((uintptr_t)out & 15u) != 0)
        return VF_ERROR_INVALID_ARGUMENT;
    vf_indirect_walk walk;
    vf_result r = vf_execute_indirect_begin(desc, &walk, diagnostics);
    if (r != VF_OK)
        return r;
    if (results_count < walk.command_count)
        return VF_ERROR_OUTPUT_TOO_SMALL;
    size_t offset = 0;
    vf_indirect_command c;
    while (vf_execute_indirect_next(&walk, &c, diagnostics) == VF_OK)
        run_command(layout, &c, (uint8_t *)out, out_size, &offset, &results[c.command], &d);
    return VF_OK;
}
