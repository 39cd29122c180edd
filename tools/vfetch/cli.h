/*
 * cli.h - what the files of the vfetch command-line tool share: exit
 * statuses, messages, options, and running a case's draw as the reference.
 * Private to tools/vfetch/.
 */
#ifndef VF_TOOLS_VFETCH_CLI_H
#define VF_TOOLS_VFETCH_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "case.h"
#include "output.h"
#include "vfetch.h"
#include "vfetch_vulkan.h"

#define EXIT_INVALID 1
#define EXIT_USAGE 2

/* ------------------------------------------------------------------------ */
/* Messages (messages.c)                                                    */
/* ------------------------------------------------------------------------ */

#define CLI_PROGNAME "vfetch"

/* "vfetch: MESSAGE" on standard error. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void cli_error(const char *fmt, ...);

/* "vfetch: MESSAGE (see 'vfetch COMMAND --help')"; returns EXIT_USAGE. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int cli_usage_error(const char *command, const char *fmt, ...);

/* ------------------------------------------------------------------------ */
/* Help (help.c)                                                            */
/* ------------------------------------------------------------------------ */

/* Each prints a command's help on standard output. */
typedef void help_fn(void);
help_fn help_main, help_run, help_validate, help_formats, help_compare, help_demo,
    help_version;

/* The overview, on `f` (standard error when no command is given). */
void help_main_to(FILE *f);

/* ------------------------------------------------------------------------ */
/* Options (options.c)                                                      */
/* ------------------------------------------------------------------------ */

/* How `vfetch run` writes the records. */
enum output_kind {
    OUTPUT_TABLE, /* one block per instance, for people */
    OUTPUT_JSON,  /* for scripts */
    OUTPUT_CSV,   /* one line per record */
    OUTPUT_RAW,   /* VFR version 2 (vfr.h) */
    OUTPUT_RAW1   /* VFR version 1: the whole draw only */
};

/* An inclusive range A..B of --instances or --positions; set: given. */
struct range {
    int set;
    uint32_t first, last;
};

/* The options of run, validate, formats, demo and version. */
struct options {
    const char *case_path;
    const char *output_file;
    enum output_kind output;
    int hex;
    int json;
    int print_case;
    const char *isa;
    uint32_t threads;
    int primitives;
    int reuse;
    int statistics; /* --statistics: the table prints the pipeline statistics */
    int kernel_path; /* --kernel-path: the layout's kernel path on stderr */
    int werror;
    struct range instances, positions;
    const char *registers;        /* --registers NAME,...: only these data registers */
    const char *picture;          /* --picture FILE.svg: the primitives drawn */
    const char *picture_register; /* --picture-register NAME: their position */
    int project_w;                /* --projection xy/w: x and y divided by w */
};

/* Option words each command accepts. */
#define OPT_CASE 0x01 /* one positional CASE.json, --werror */
#define OPT_RUN 0x02  /* -o, --output, --hex, --isa, --threads, ... */
#define OPT_JSON 0x04 /* --json */
#define OPT_DEMO 0x08 /* --case */

/* Returns -1 to go on, or an exit status (help printed, or a usage error). */
int parse_options(const char *command, help_fn *help, unsigned allowed, int argc, char **argv,
                  struct options *o);

/* The options of compare. */
struct cmp_options {
    const char *case_path, *captured;
    int json;
    unsigned accept;
    const char *known_path, *device;
    uint32_t stride, offset, max_shown;
    int have_stride;
    const char *reg_names[VF_MAX_REGISTERS];
    uint32_t reg_offsets[VF_MAX_REGISTERS];
    uint32_t num_regs;
    int have_robust;       /* --robustness given */
    uint32_t robust_mode;  /* vf_robust_mode */
};

/* Returns -1 to go on, or an exit status. */
int parse_compare(int argc, char **argv, struct cmp_options *o);

/* The ISA asked for by --isa (`name`) or VFETCH_ISA; 0, or an exit status
 * after a message naming the ones this machine has. */
int resolve_isa(const char *name, uint32_t *isa_ret);

/* ------------------------------------------------------------------------ */
/* Running a case (reference.c)                                             */
/* ------------------------------------------------------------------------ */

/* The case named `path`, or read from standard input for "-"; 0 or an
 * exit status after a message. */
int load(const char *path, struct vf_case *c);

/* The layout of `c` (and a D3D11 case's bindings): messages to errf,
 * warnings counted into *warnings_ret, a D3D11 case's binding diagnostics
 * copied to *bind_ret (either may be NULL). 0 or an exit status. */
int compile_layout(const char *name, const struct vf_case *c, uint32_t isa,
                   vf_layout **layout_ret, FILE *errf, uint32_t *warnings_ret,
                   vf_diagnostics *bind_ret);

/* Frees what compile_layout made: the layout, or a Vulkan case's vertex
 * input state, which owns its layout. NULL is fine. */
void release_layout(const struct vf_case *c, vf_layout *layout);

/* validate on a Vulkan case (cmd_vulkan.c): its draw by vf_vk_draw (errors
 * on standard output, warnings counted), then its vertex input state with
 * Vulkan's names. 0 or an exit status. */
int validate_vulkan_draw(const char *name, const struct vf_case *c, const vf_layout *layout,
                         uint32_t *warnings);
int print_vulkan_state(const char *name, const struct vf_case *c, const vf_layout *layout);

/* The D3D12 view alignment checks the library cannot make. */
int check_view_offsets(const char *name, const struct vf_case *c, const vf_layout *layout,
                       FILE *errf);

/* The draw's diagnostics (errors, or warnings), one line each. */
void print_draw_diagnostics(FILE *f, const char *name, const vf_diagnostics *diag, int errors);

/* Which part of the case a vf_draw error is about, for the message. */
const char *draw_error_hint(const struct vf_case *c, vf_result res);

/* --werror: `warnings` found make the case fail. */
int werror_status(const char *name, FILE *f, uint32_t warnings);

/* The map and record count of a vertex-reuse draw (--reuse). */
struct reuse_result {
    uint32_t *map;     /* a word per position, VF_REUSE_CUT for a cut */
    uint32_t *indices; /* indexed draws: the distinct raw indices, record order
                        * (unique words); else NULL */
    uint32_t unique;   /* records per instance */
};

/* Frees what a vertex-reuse draw allocated in rr (map and indices). */
void reuse_result_free(struct reuse_result *rr);

/* Compiles the layout and runs the draw of `c` into a new 16-byte aligned
 * buffer (*out_ret, free with free()); 0 or an exit status after a message.
 * With `diag`, the draw's diagnostics go there and its warnings to standard
 * error, and *warnings_ret counts the layout's and the draw's warnings.
 * With `rr`, the draw is a vertex-reuse draw. */
int draw_reference(const char *name, const struct vf_case *c, uint32_t isa, uint32_t threads,
                   vf_layout **layout_ret, uint32_t **out_ret, vf_diagnostics *diag,
                   uint32_t *warnings_ret, struct reuse_result *rr);

/* The drawing half of draw_reference: the draw of `c` with a compiled
 * `layout` (the view checks made). Same results. */
int draw_with_layout(const char *name, const struct vf_case *c, const vf_layout *layout,
                     uint32_t threads, uint32_t **out_ret, vf_diagnostics *diag,
                     uint32_t *warnings_ret, struct reuse_result *rr);

/* ------------------------------------------------------------------------ */
/* Running one draw's output (cmd_run.c)                                    */
/* ------------------------------------------------------------------------ */

/* What `vfetch run` holds while it runs a draw and writes its records. */
struct run {
    const char *name;
    const struct vf_case *c;
    const struct options *o;
    vf_layout *layout;
    uint32_t *out;
    uint32_t *prims;
    struct vf_primitive_list plist;
    struct vf_selection sel;
    struct reuse_result rr;
    vf_diagnostics *diag;
    vf_pipeline_statistics stats;
    uint32_t regs[VF_MAX_REGISTERS]; /* --registers, resolved */
    uint32_t num_regs;
    vf_vk_pipeline_statistics vk_stats; /* a Vulkan case's, in place of stats */
};

/* After the draw: --primitives (the list of one instance) and the
 * statistics (a Vulkan case's into vk_stats, by run_vulkan_statistics in
 * cmd_vulkan.c). 0 or an exit status after a message. */
int run_primitives(struct run *r);
int run_statistics(struct run *r);
int run_vulkan_statistics(struct run *r);

/* --reuse: a Vulkan list's provoking vertices (LAST_VERTEX) rewritten, as
 * the list is, from positions to records (cmd_vulkan.c); 0, or -1 when
 * one names no record. */
int remap_provoking(struct run *r);

/* --statistics with table output: the line after the records, with the
 * D3D counters' names or, for a Vulkan case, VkQueryPipelineStatisticFlagBits'
 * (cmd_vulkan.c). */
void write_statistics(FILE *f, const struct run *r);

/* The drawn records in the format --output chose, with what the options
 * add, to `f`; 0, or -1 when writing failed (errno set by stdio). */
int write_records(FILE *f, const struct run *r);

/* Opens -o FILE (or takes standard output), calls write(f, arg) (0, or -1
 * after a stdio error) and closes it; 0 or an exit status after a message. */
int output_to(const struct options *o, int (*write)(FILE *f, void *arg), void *arg);

/* ------------------------------------------------------------------------ */
/* ExecuteIndirect (cmd_indirect.c)                                         */
/* ------------------------------------------------------------------------ */

/* `vfetch run` on an ExecuteIndirect case: every command's output, named
 * by its number. 0 or an exit status. */
int run_indirect(const char *name, const struct vf_case *c, const struct options *o);

/* `vfetch validate`'s check of the call: the signature, the buffers and
 * each command's views and draw, messages on standard output naming the
 * command. 0 or an exit status. */
int validate_indirect(const char *name, const struct vf_case *c, const vf_layout *layout,
                      uint32_t *warnings);

/* vfetch compare's reference for an ExecuteIndirect case: the layout (on
 * `isa`), and
 * the records of every command one after the other (*records_ret of them,
 * in *out_ret, free()), as one instance of that many positions. A command
 * that cannot be drawn is an error. 0 or an exit status after a message. */
int indirect_reference(const char *name, const struct vf_case *c, uint32_t isa,
                       vf_layout **layout_ret, uint32_t **out_ret, uint32_t *records_ret);

/* ------------------------------------------------------------------------ */
/* What run adds to its records (picture.c)                                 */
/* ------------------------------------------------------------------------ */

/* --registers LIST: the numbers of the data registers it names, in order,
 * into regs (room for VF_MAX_REGISTERS); 0 or an exit status after a
 * message naming the registers there are. */
int resolve_registers(const char *name, const char *list, const struct vf_records *rec,
                      uint32_t *regs, uint32_t *num_ret);

/* --picture FILE: the primitives `pl` of the records `sel` selects, drawn
 * as SVG (svg_picture.h) to FILE ("-": standard output); 0 or an exit
 * status after a message. */
int write_picture(const char *name, const struct options *o, const struct vf_records *rec,
                  const struct vf_primitive_list *pl, const struct vf_selection *sel);

/* ------------------------------------------------------------------------ */
/* Commands (cmd_run.c, cmd_compare.c, main.c)                              */
/* ------------------------------------------------------------------------ */

int cmd_run(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_formats(int argc, char **argv);
int cmd_demo(int argc, char **argv);
int cmd_compare(int argc, char **argv);

#endif /* VF_TOOLS_VFETCH_CLI_H */
