/*
 * cmd_indirect.c - `vfetch run` and `vfetch validate` on an ExecuteIndirect
 * case: the library walks the commands (vf_execute_indirect_begin/next) and
 * each command is drawn, listed and counted as the direct draw it stands
 * for, through the same code as a "Draw" case; the output names each
 * command by its number.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdlib.h>
#include <string.h>

#include "case_indirect.h"
#include "cli.h"
#include "vfr.h"

#define LABEL_SIZE 512

/* What a walk holds while it writes the commands. */
struct walk {
    const char *name;
    const struct vf_case *c;
    const struct options *o;
    vf_layout *layout;
    vf_indirect_walk iw;
    vf_diagnostics *diag;   /* the call's, then each command's */
    uint32_t warnings;
    uint32_t written;       /* commands written so far */
    int failed;             /* a command could not be drawn */
};

/* The case a command amounts to: `c` with the command's draw and views.
 * It shares what `c` owns: never vf_case_free it. */
static void command_case(const struct vf_case *c, const vf_indirect_command *cmd,
                         struct vf_case *sh)
{
    *sh = *c;
    sh->indirect = NULL;
    sh->draw = cmd->draw;
    memcpy(sh->vertex_buffers, cmd->vertex_buffers, sizeof(sh->vertex_buffers));
    sh->num_vertex_buffers = cmd->draw.num_vertex_buffers;
    sh->index_buffer = cmd->index_buffer;
    sh->ib.bound = cmd->draw.index_buffer != NULL;
    vf_case_draw_desc(sh, &sh->draw);
}

static void reset(vf_diagnostics *diag)
{
    diag->count = diag->num_errors = diag->num_warnings = diag->num_dropped = 0;
}

/* The first error's code and message in `diag`, for the output. */
static const vf_diagnostic *first_error(const vf_diagnostics *diag)
{
    for (uint32_t i = 0; i < diag->count; i++)
        if (diag->entries[i].severity == VF_SEVERITY_ERROR)
            return &diag->entries[i];
    return NULL;
}

/* A command that cannot be drawn (`res`: why), in the output. */
static void write_failed(FILE *f, struct walk *w, const vf_indirect_command *cmd, vf_result res)
{
    const vf_diagnostic *d = first_error(w->diag);
    const char *msg = d ? d->message : vf_result_string(res);

    w->failed = 1;
    switch (w->o->output) {
    case OUTPUT_TABLE:
        fprintf(f, "%scommand %u (arguments at byte %llu): error: %s [code %d]\n",
                w->written ? "\n" : "", cmd->command, (unsigned long long)cmd->argument_offset,
                msg, (int)(d ? d->code : res));
        break;
    case OUTPUT_JSON:
        fprintf(f, "%s{\n\"command\": %u,\n\"ArgumentOffset\": %llu,\n\"error\": {\"code\": %d, "
                   "\"result\": ", w->written ? ",\n" : "", cmd->command,
                (unsigned long long)cmd->argument_offset, (int)(d ? d->code : res));
        vf_output_json_string(f, vf_result_string(d ? d->code : res));
        fputs(", \"message\": ", f);
        vf_output_json_string(f, msg);
        fputs("}\n}", f);
        break;
    default:
        return; /* csv and raw hold records only: standard error has it */
    }
    w->written++;
}

/* `len` bytes of one command's CSV, each line after the header behind
 * the command's number. */
static void write_csv(FILE *f, struct walk *w, uint32_t command, const char *text, size_t len)
{
    const char *p = memchr(text, '\n', len), *end = text + len;

    if (p == NULL)
        return;
    if (w->written == 0) {
        fputs("command,", f);
        fwrite(text, 1, (size_t)(p + 1 - text), f);
    }
    for (p++; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl + 1 : end;
        fprintf(f, "%u,", command);
        fwrite(p, 1, (size_t)(stop - p), f);
        p = stop;
    }
}

/* One drawn command, as its output format writes a direct draw, named. */
static int write_command(FILE *f, struct walk *w, const vf_indirect_command *cmd,
                         const struct run *r)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m;

    if (w->o->output == OUTPUT_TABLE)
        fprintf(f, "%scommand %u (arguments at byte %llu)\n", w->written ? "\n" : "",
                cmd->command, (unsigned long long)cmd->argument_offset);
    if (w->o->output != OUTPUT_JSON && w->o->output != OUTPUT_CSV)
        return write_records(f, r); /* a table, or a raw document per command */
    m = open_memstream(&text, &len);
    if (m == NULL)
        return -1;
    int rc = write_records(m, r);
    if (fclose(m) != 0 || rc != 0 || len < 3) {
        free(text);
        return -1;
    }
    if (w->o->output == OUTPUT_CSV) {
        write_csv(f, w, cmd->command, text, len);
    } else {
        /* The direct draw's object, its "{\n" and last "\n" left out. */
        fprintf(f, "%s{\n\"command\": %u,\n\"ArgumentOffset\": %llu,\n", w->written ? ",\n" : "",
                cmd->command, (unsigned long long)cmd->argument_offset);
        fwrite(text + 2, 1, len - 3, f);
    }
    free(text);
    return ferror(f) ? -1 : 0;
}

/* Draws command `cmd` and writes it; -1 only when writing failed. */
static int run_command(FILE *f, struct walk *w, const vf_indirect_command *cmd)
{
    char label[LABEL_SIZE];
    struct vf_case *sh = malloc(sizeof(*sh));
    struct run r;
    int rc;

    snprintf(label, sizeof(label), "%s: command %u", w->name, cmd->command);
    if (sh == NULL) {
        cli_error("%s: out of memory", label);
        write_failed(f, w, cmd, VF_ERROR_OUT_OF_MEMORY);
        return 0;
    }
    memset(&r, 0, sizeof(r));
    command_case(w->c, cmd, sh);
    r.name = label;
    r.c = sh;
    r.o = w->o;
    r.layout = w->layout;
    r.diag = w->diag;
    reset(w->diag);
    rc = draw_with_layout(label, sh, w->layout, w->o->threads, &r.out, r.diag, &w->warnings,
                          w->o->reuse ? &r.rr : NULL);
    if (rc == 0 && w->o->primitives)
        rc = run_primitives(&r);
    if (rc == 0)
        rc = run_statistics(&r);
    if (rc == 0) {
        rc = write_command(f, w, cmd, &r);
        w->written++;
    } else {
        write_failed(f, w, cmd, VF_ERROR_INVALID_ARGUMENT);
        rc = 0;
    }
    free(r.prims);
    reuse_result_free(&r.rr);
    free(r.out);
    free(sh);
    return rc;
}

/* The lines around the commands, before (`end` 0) or after them. */
static void write_frame(FILE *f, const struct walk *w, int end)
{
    const struct vf_case_indirect *e = w->c->indirect;

    if (w->o->output == OUTPUT_JSON && !end)
        fprintf(f, "{\n\"ExecuteIndirect\": {\"MaxCommandCount\": %u, \"CountBuffer\": %s, "
                   "\"CommandCount\": %u},\n\"commands\": [\n",
                e->max_command_count, e->has_count_buffer ? "true" : "false",
                w->iw.command_count);
    else if (w->o->output == OUTPUT_JSON)
        fputs(w->written ? "\n]\n}\n" : "]\n}\n", f);
    else if (w->o->output == OUTPUT_TABLE && !end)
        fprintf(f, "ExecuteIndirect: %u command%s (MaxCommandCount %u%s)\n\n",
                w->iw.command_count, w->iw.command_count == 1 ? "" : "s", e->max_command_count,
                e->has_count_buffer ? ", and the count buffer" : "");
}

/* output_to's writer: every command of the walk. */
static int write_walk(FILE *f, void *arg)
{
    struct walk *w = arg;
    vf_indirect_command *cmd = malloc(sizeof(*cmd));
    int rc = 0;

    if (cmd == NULL)
        return -1;
    write_frame(f, w, 0);
    for (;;) {
        reset(w->diag);
        if (vf_execute_indirect_next(&w->iw, cmd, w->diag) != VF_OK)
            break;
        if (cmd->result != VF_OK) {
            /* The library's messages name the command. */
            print_draw_diagnostics(stderr, w->name, w->diag, 1);
            write_failed(f, w, cmd, cmd->result);
            continue;
        }
        if ((rc = run_command(f, w, cmd)) != 0)
            break;
    }
    write_frame(f, w, 1);
    free(cmd);
    return rc != 0 || ferror(f) ? -1 : 0;
}

/* vf_execute_indirect_begin on the case: errors to `errf`, warnings to
 * standard error and counted. 0 or an exit status. */
static int begin(struct walk *w, vf_execute_indirect_desc *desc, FILE *errf)
{
    vf_result res;

    w->diag = calloc(1, sizeof(*w->diag));
    if (w->diag == NULL) {
        cli_error("%s: out of memory", w->name);
        return EXIT_USAGE;
    }
    vf_case_indirect_desc(w->c, desc);
    res = vf_execute_indirect_begin(desc, &w->iw, w->diag);
    if (res != VF_OK && res != VF_WARNING_INDIRECT_ZERO_COMMANDS) {
        fprintf(errf, "%s: error: invalid ExecuteIndirect: %s [code %d]\n", w->name,
                vf_result_string(res), (int)res);
        print_draw_diagnostics(errf, w->name, w->diag, 1);
        return EXIT_INVALID;
    }
    print_draw_diagnostics(stderr, w->name, w->diag, 0);
    w->warnings += w->diag->num_warnings;
    return 0;
}

/* What --output raw writes: the whole call as one draw (see run_raw). */
struct flat {
    struct vf_records rec;
    enum output_kind kind;
};

static int write_flat(FILE *f, void *arg)
{
    const struct flat *fl = arg;
    return fl->kind == OUTPUT_RAW ? vf_raw_write(f, &fl->rec, NULL)
                                  : vf_raw_write_v1(f, &fl->rec);
}

/* --output raw and raw1: one document of the commands' records one after
 * the other, one instance of that many positions, as vfetch compare reads
 * a capture of the call. */
static int run_raw(const char *name, const struct vf_case *c, const struct options *o,
                   uint32_t isa)
{
    struct vf_case *sh = malloc(sizeof(*sh));
    vf_layout *layout = NULL;
    uint32_t *out = NULL, records = 0;
    struct flat fl;
    int rc = sh == NULL ? EXIT_USAGE : indirect_reference(name, c, isa, &layout, &out, &records);

    if (rc == 0) {
        *sh = *c; /* for the draw's counts only; shares what c owns */
        sh->draw.vertex_count_per_instance = records;
        sh->draw.instance_count = 1;
        fl.rec.c = sh;
        fl.rec.layout = layout;
        fl.rec.words = out;
        fl.rec.vertices = records;
        fl.rec.instances = 1;
        fl.rec.registers = vf_layout_register_count(layout);
        fl.kind = o->output;
        rc = output_to(o, write_flat, &fl);
    }
    free(out);
    free(sh);
    vf_layout_destroy(layout);
    return rc;
}

int run_indirect(const char *name, const struct vf_case *c, const struct options *o)
{
    struct walk w;
    vf_execute_indirect_desc desc;
    uint32_t isa;
    int rc;

    memset(&w, 0, sizeof(w));
    w.name = name;
    w.c = c;
    w.o = o;
    if (o->instances.set || o->positions.set)
        return cli_usage_error("run", "--instances and --positions select records of one "
                                      "draw; an ExecuteIndirect case has a draw per command");
    if (o->picture || o->registers)
        return cli_usage_error("run", "--picture and --registers take a direct draw, not an "
                                      "ExecuteIndirect case");
    rc = resolve_isa(o->isa, &isa);
    if (rc == 0 && o->output >= OUTPUT_RAW)
        return run_raw(name, c, o, isa);
    if (rc == 0)
        rc = compile_layout(name, c, isa, &w.layout, stderr, &w.warnings, NULL);
    if (rc == 0)
        rc = check_view_offsets(name, c, w.layout, stderr);
    if (rc == 0)
        rc = begin(&w, &desc, stderr);
    if (rc == 0)
        rc = output_to(o, write_walk, &w);
    if (rc == 0 && w.failed)
        rc = EXIT_INVALID;
    if (rc == 0 && o->werror)
        rc = werror_status(name, stderr, w.warnings);
    free(w.diag);
    vf_layout_destroy(w.layout);
    return rc;
}

/* validate's check of one command: its views, then its draw. */
static int validate_command(struct walk *w, const vf_indirect_command *cmd,
                            const vf_layout *layout)
{
    char label[LABEL_SIZE];
    vf_result res = cmd->result;

    snprintf(label, sizeof(label), "%s: command %u", w->name, cmd->command);
    if (res == VF_OK) {
        reset(w->diag);
        res = vf_draw_check(layout, &cmd->draw, 0, w->diag);
    }
    if (res != VF_OK) {
        printf("%s: error: invalid draw: %s [code %d]\n", label, vf_result_string(res),
               (int)res);
        print_draw_diagnostics(stdout, label, w->diag, 1);
        return EXIT_INVALID;
    }
    print_draw_diagnostics(stderr, label, w->diag, 0);
    w->warnings += w->diag->num_warnings;
    return 0;
}

int validate_indirect(const char *name, const struct vf_case *c, const vf_layout *layout,
                      uint32_t *warnings)
{
    struct walk w;
    vf_execute_indirect_desc desc;
    vf_indirect_command *cmd = malloc(sizeof(*cmd));
    int rc, failed = 0;

    memset(&w, 0, sizeof(w));
    w.name = name;
    w.c = c;
    rc = cmd == NULL ? EXIT_USAGE : begin(&w, &desc, stdout);
    while (rc == 0) {
        reset(w.diag);
        if (vf_execute_indirect_next(&w.iw, cmd, w.diag) != VF_OK)
            break;
        failed |= validate_command(&w, cmd, layout) != 0;
    }
    if (rc == 0 && failed)
        rc = EXIT_INVALID;
    if (rc == 0)
        printf("%s: valid ExecuteIndirect: %u command%s\n", name, w.iw.command_count,
               w.iw.command_count == 1 ? "" : "s");
    *warnings += w.warnings;
    free(w.diag);
    free(cmd);
    return rc;
}

/* Appends command `cmd`'s records to *all (*words of them so far). */
static int append_command(struct walk *w, const vf_indirect_command *cmd, uint32_t **all,
                          size_t *words)
{
    char label[LABEL_SIZE];
    struct vf_case *sh = malloc(sizeof(*sh));
    uint32_t *out = NULL, *grown;
    size_t n;
    int rc;

    snprintf(label, sizeof(label), "%s: command %u", w->name, cmd->command);
    if (sh == NULL)
        return EXIT_USAGE;
    command_case(w->c, cmd, sh);
    rc = draw_with_layout(label, sh, w->layout, 0, &out, NULL, NULL, NULL);
    n = (size_t)sh->draw.vertex_count_per_instance * sh->draw.instance_count *
        (vf_layout_record_size(w->layout) / 4);
    free(sh);
    if (rc != 0)
        return rc;
    grown = realloc(*all, (*words + n) * 4 + 4);
    if (grown == NULL) {
        free(out);
        cli_error("%s: out of memory", label);
        return EXIT_USAGE;
    }
    memcpy(grown + *words, out, n * 4);
    *all = grown;
    *words += n;
    free(out);
    return 0;
}

int indirect_reference(const char *name, const struct vf_case *c, uint32_t isa,
                       vf_layout **layout_ret, uint32_t **out_ret, uint32_t *records_ret)
{
    struct walk w;
    vf_execute_indirect_desc desc;
    vf_indirect_command *cmd = malloc(sizeof(*cmd));
    size_t words = 0;
    int rc;

    memset(&w, 0, sizeof(w));
    w.name = name;
    w.c = c;
    *out_ret = NULL;
    rc = cmd == NULL ? EXIT_USAGE : compile_layout(name, c, isa, layout_ret, stderr, NULL, NULL);
    if (rc == 0)
        rc = check_view_offsets(name, c, *layout_ret, stderr);
    w.layout = *layout_ret;
    if (rc == 0)
        rc = begin(&w, &desc, stderr);
    while (rc == 0) {
        reset(w.diag);
        if (vf_execute_indirect_next(&w.iw, cmd, w.diag) != VF_OK)
            break;
        if (cmd->result != VF_OK) {
            print_draw_diagnostics(stderr, name, w.diag, 1);
            rc = EXIT_INVALID;
        } else {
            rc = append_command(&w, cmd, out_ret, &words);
        }
    }
    *records_ret = (uint32_t)(words / (w.layout ? vf_layout_record_size(w.layout) / 4 : 1));
    if (rc == 0 && words / (vf_layout_record_size(w.layout) / 4) > UINT32_MAX)
        rc = EXIT_USAGE;
    free(w.diag);
    free(cmd);
    return rc;
}
