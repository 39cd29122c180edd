/*
 * bench.h - what the parts of vfetch-bench share: the options and run state
 * (struct bench), the case catalogue (cases.c) and the cases it builds
 * (case_build.c), the results and their reports (report.c), and the
 * runners (vfetch_bench.c, chunked.c, peer.c).
 */
#ifndef VF_BENCH_BENCH_H
#define VF_BENCH_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "vfetch.h"
#include "bench_util.h"
#include "roofline.h"

#define MAX_ELEMS 12u
#define MAX_SLOTS 4u
#define MAX_THREAD_COUNTS 16u
#define MAX_REPS 1000u
#define MAX_TEAM 256u

/* ------------------------------------------------------------------------ */
/* The catalogue (cases.c)                                                    */
/* ------------------------------------------------------------------------ */

struct layout_def {
    const char *name;
    const char *what;
    uint32_t count;
    vf_input_element_desc elems[MAX_ELEMS];
};

enum shape {
    SHAPE_LINEAR,    /* DrawInstanced over N vertices */
    SHAPE_INDEXED,   /* a grid mesh as a triangle list, rows in order: cache-friendly */
    SHAPE_RANDOM,    /* the grid's vertices, uniformly random indices */
    SHAPE_INSTANCED, /* a 24-vertex cube (36 indices), N / 36 instances */
    SHAPE_STRIPS,    /* the grid as one triangle strip per row, rows split by cuts */
    SHAPE_CHUNKED,   /* the indexed grid, fetched range by range into a reused buffer */
    SHAPE_REUSE,     /* the indexed grid, per position and with vf_draw_reuse */
    NUM_SHAPES
};

enum size_kind { SIZE_IN_CACHE, SIZE_STREAMING };

extern const struct layout_def bench_layouts[];
extern const size_t bench_num_layouts;
extern const char *const bench_shape_names[NUM_SHAPES];
extern const char *const bench_size_names[2];
extern const char *const bench_output_names[17];

/* A layout drawn in one shape at one size: its buffers, draw and output. */
struct bench_case {
    char name[64];
    const char *layout_name;
    const char *shape_name;
    const char *size_name;
    const char *group;        /* "case" or "format" */
    enum shape shape;
    const vf_input_element_desc *elems;
    uint32_t num_elems;

    vf_layout *layouts[VF_ISA_COUNT];
    vf_layout *layouts_elem[VF_ISA_COUNT]; /* the generator off (jit_rows.c) */
    uint32_t nslots;
    uint32_t stride[MAX_SLOTS];
    uint32_t slot_class[MAX_SLOTS];
    uint32_t step[MAX_SLOTS];
    uint8_t *vb[MAX_SLOTS];
    vf_vertex_buffer_view vbv[MAX_SLOTS];
    void *ib;
    vf_index_buffer_view ibv;
    vf_draw_desc desc;

    uint32_t positions;       /* per instance */
    uint32_t instances;
    uint32_t unique_vertices;
    uint64_t in_bytes, out_bytes;
    uint32_t record_bytes;
    void *out;
    size_t out_size;
    uint32_t chunk;           /* positions per range of the chunked shape, else 0 */
    /* The reuse shape: vf_draw_reuse's scratch, records and map, and
     * vf_reuse_map's scratch and distinct indices (its step row). */
    void *reuse_scratch, *reuse_out, *map_scratch;
    size_t reuse_scratch_size, reuse_out_size, map_scratch_size;
    uint32_t *remap, *unique;
    vf_input_element_desc one_elem; /* the element of a format case */

    struct roofline_span spans[MAX_SLOTS + 1];
    unsigned nspans;
};

/* ------------------------------------------------------------------------ */
/* Options and run state                                                      */
/* ------------------------------------------------------------------------ */

enum report_format { REPORT_TABLE, REPORT_JSON, REPORT_CSV };

struct options {
    int quick;
    enum report_format format;
    int formats;
    int list;
    const char *peer;          /* --peer NAME: lavapipe, gpu or part of a device name */
    int peer_mode;             /* --peer-mode: an enum vk_peer_mode, 0 auto */
    const char *cases;         /* comma list, NULL: the default set */
    uint32_t isa_mask;         /* bit per vf_isa; 0: every available one */
    unsigned threads[MAX_THREAD_COUNTS];
    unsigned num_threads;
    int threads_given;
    unsigned reps;
    int sizes;                 /* bit 0 in-cache, bit 1 streaming */
    int sizes_given;
    double min_time;           /* seconds one repetition lasts at least */
    uint32_t in_cache_vertices;
    uint32_t streaming_vertices; /* 0: from the cache size */
    uint32_t output_shape;
    uint32_t chunk;            /* --chunk; 0: from the L2 size */
    int jit;                   /* --jit: bit 0 on (generated code), bit 1 off (per-element rows) */
    /* Planning (plan.c) */
    int plan_only;             /* --plan: print the plan and exit */
    uint64_t llc_bytes;        /* --llc, else the LLC sysinfo reads */
    int no_progress;           /* --no-progress: no progress line on a terminal */
    uint64_t peer_split;       /* --peer-split: records per peer draw at most, bytes; 0: none */
};

/* Reads the command line into opt, then the defaults of what it left
 * unset (options.c). Exits 0 after --help, 2 on a bad option. */
void options_parse(struct options *opt, int argc, char **argv);

struct team;

/* Per-thread-count machinery, built once. */
struct thread_ctx {
    unsigned threads;
    vf_thread_pool *pool;     /* NULL for one thread */
    struct team *team;
    void *scratch[MAX_TEAM];
};

struct vk_peer;

struct bench {
    struct options opt;
    struct thread_ctx tc[MAX_THREAD_COUNTS];
    struct vk_peer *peer;      /* NULL without --peer or without a device */
    unsigned path_width;       /* the table's path column; 0: 14 */
    size_t l2_bytes;           /* the L2 the chunked shape's buffer fits */
    const char *l2_source;     /* where l2_bytes came from */
    unsigned num_failures;     /* paths that failed or differed from scalar */
    int json_first;
};

/* ------------------------------------------------------------------------ */
/* Results (report.c)                                                         */
/* ------------------------------------------------------------------------ */

/* One measured path of one case at one thread count. */
struct result {
    const char *group;       /* "case" or "format" */
    char name[64];           /* static/indexed, R8G8B8A8_UNORM */
    const char *layout;
    const char *shape;
    const char *size;
    char path[48];           /* memcpy, memcpy-nt, scalar, sse2, ..., lavapipe, vk:NAME */
    const char *kind;        /* roofline, vfetch, peer */
    unsigned threads;        /* CPU threads working; 0 on a GPU */
    int gpu;                 /* a peer row timed on a GPU: thr reads "gpu" */
    uint64_t positions;      /* vertex positions per draw, all instances */
    uint64_t unique_vertices;
    uint32_t instances;
    uint64_t in_bytes, out_bytes;
    uint32_t record_bytes;
    uint32_t chunk;          /* positions per range (chunked shape), else 0 */
    double t_med, t_min, t_max; /* seconds per draw */
    /* Seconds per draw of each round of the measure_together call that
     * timed this path, in round order (NULL when timed alone); valid until
     * the next measure_together call. */
    const double *round_t;
    unsigned num_rounds;
    unsigned long round_call; /* which measure_together call (1, 2, ...) */
    double of_copy;          /* fastest copy's time / this time; NaN if none */
    double of_memcpy;        /* plain memcpy's time / this time; NaN if none */
    double scalar_speedup;   /* scalar time / this time; NaN if none */
    char check[256];         /* "ok", "MISMATCH", "ok (1ulp: N)", "-", ...; a split
                              * peer draw says so after it */
    char error[160];
};

void result_init(struct result *r, const struct bench_case *c, const char *path,
                 const char *kind, unsigned threads);
double result_mvs(const struct result *r, double t);
double result_gbs(const struct result *r, double t);

void report_begin(struct bench *b);
void report_end(struct bench *b);
void report_case_header(const struct bench *b, const struct bench_case *c);
/* One result, as a table row, a JSON object or a CSV line. */
void report_result(struct bench *b, const struct result *r);
/* The per-format table: header, one row per format, footer. */
void report_format_header(const struct bench *b, int size);
void report_format_row(struct bench *b, const struct bench_case *c, const vf_format_desc *d,
                       const struct result *copy, const struct result *nt,
                       const struct result *isa, const int *ok);
void report_format_footer(const struct bench *b);

/* ------------------------------------------------------------------------ */
/* Cases (cases.c, built by case_build.c)                                     */
/* ------------------------------------------------------------------------ */

/* Builds the draw of shape `shape` with about n positions: 0, or -1 with a
 * message on stderr when the library refused the layout. */
int case_build(struct bench *b, struct bench_case *c, enum shape shape, uint32_t n,
               uint64_t seed);
/* A catalogue case (layout li, shape sh, size sz) or the one-element case
 * of a format, built (c is cleared first): 0 or -1 as case_build. */
int case_make(struct bench *b, struct bench_case *c, size_t li, enum shape sh, int sz);
int case_make_format(struct bench *b, struct bench_case *c, const vf_format_desc *d, int sz);
/* Nonzero for an IA vertex format that --case selects (or every one). */
int case_format_selected(const struct bench *b, const vf_format_desc *d);
void case_free(struct bench_case *c);
/* The layout of one ISA, compiled on first use. */
vf_layout *case_layout(const struct bench *b, struct bench_case *c, uint32_t isa,
                       vf_result *res_ret);
int case_in_list(const char *list, const char *name, const char *layout, const char *shape);
int case_selected(const struct bench *b, const char *name, const char *layout,
                  const char *shape);
/* Nonzero when --case selects at least one case (or format with --formats). */
int case_any_selected(const struct bench *b);
void case_list(void);
uint32_t case_streaming_positions(const struct bench *b, uint32_t record_bytes);
/* Positions per range of the chunked shape for records of record_bytes. */
uint32_t case_chunk_positions(const struct bench *b, uint32_t record_bytes);

/* ------------------------------------------------------------------------ */
/* Running                                                                    */
/* ------------------------------------------------------------------------ */

/* Whether an ISA's path is drawn and timed: chosen by --isa, or scalar,
 * which is always timed for the vs scalar column (and shown if chosen). */
static inline int bench_isa_timed(const struct bench *b, uint32_t isa)
{
    return (b->opt.isa_mask & (1u << isa)) || isa == VF_ISA_SCALAR;
}

typedef int (*run_fn)(void *arg); /* 0 on success */
/* Warms up, picks how many runs make one repetition last min_time, then
 * times reps repetitions: seconds per run into r (measure.c). */
int measure(const struct bench *b, run_fn fn, void *arg, struct result *r);

/* One path of a case timed with the others: fn(arg), times into r. */
struct timed {
    run_fn fn;
    void *arg;
    struct result *r;
    unsigned iters; /* runs per repetition; 0 when fn failed */
};
#define MAX_TIMED 48u
/* measure() for n paths at once, their repetitions interleaved round
 * robin; -1 when n > MAX_TIMED or some path failed (its r untouched). */
int measure_together(const struct bench *b, struct timed *t, unsigned n);
/* How many times faster path r ran than `base` (base time / r's time):
 * the median over the rounds of measure_together of the ratio within each
 * round, with base the faster of base and base2 in that round (base2 may
 * be NULL). Rounds pair repetitions that ran a fraction of a second
 * apart, so a slow spell of the machine cancels out of each ratio. The
 * ratio of the medians where the paths were not timed together. NaN when
 * base is NULL. */
double round_ratio(const struct result *base, const struct result *base2,
                   const struct result *r);

/* The reuse shape's rows after an ISA's per-position row (reuse_rows.c):
 * vf_draw_reuse, then its two steps apart, vf_reuse_map and the records
 * draw of the distinct indices, then (in cache, one thread) each step's
 * floor: the map's table lookups alone and a linear draw of U vertices
 * (reuse_floor.c). */
enum reuse_kind { REUSE_DRAW, REUSE_MAP, REUSE_RECORDS, REUSE_LOOKUPS, REUSE_LINEAR, REUSE_ROWS };
struct reuse_step {
    enum reuse_kind kind;
    struct bench_case *c;
    const vf_layout *layout;
    vf_draw_desc desc;
    vf_draw_desc records;   /* the records step's draw, over ib; the linear floor's draw */
    vf_index_buffer_view ib;
    uint32_t *table;        /* the lookups' table (bu_alloc), else NULL */
    uint32_t unique;
    vf_result res;
};
struct reuse_rows {
    struct reuse_step step[REUSE_ROWS];
    struct result r[REUSE_ROWS];
    int state[REUSE_ROWS]; /* -1: no row; 0: its error; 1: checked, timed */
    uint32_t unique;       /* the reuse draw's U, map and records, */
    uint64_t map_hash, records_hash; /* which the steps must match */
};
/* Draws each row once and checks it: the reuse draw against the
 * per-position records in c->out (drawn just before by the same ISA), the
 * steps against the reuse draw. */
void reuse_rows_check(struct bench *b, struct bench_case *c, struct thread_ctx *tc, uint32_t isa,
                      struct reuse_rows *rows);
/* Appends the checked rows to t[*n], to be timed with the others. */
void reuse_rows_timed(struct reuse_rows *rows, struct timed *t, unsigned *n);
/* Fills in the ratios and check texts (per: the ISA's per-position row)
 * and reports the rows. */
void reuse_rows_report(struct bench *b, struct reuse_rows *rows, const struct result *per,
                       const struct result *copy, const struct result *nt,
                       const struct result *scalar);

/* reuse_floor.c: the map's floor, run as a timed row (c->remap receives
 * the map); whether the floor rows apply to a case at a thread count; the
 * lookups' table built from the map in c->remap (NULL where an index lies
 * past the vertices); the linear floor's draw of `unique` vertices; and
 * whether its records in c->reuse_out equal the scalar layout's. */
void reuse_floor_lookups(struct reuse_step *s);
int reuse_floor_applies(const struct bench_case *c, const struct thread_ctx *tc);
uint32_t *reuse_floor_table(const struct bench_case *c);
void reuse_floor_linear_desc(const struct bench_case *c, uint32_t unique, vf_draw_desc *desc);
int reuse_floor_linear_matches(const struct bench *b, struct bench_case *c,
                               const vf_draw_desc *desc);

/* The per-path results of the first thread count, for the format table. */
struct path_summary {
    struct result copy, nt, isa[VF_ISA_COUNT];
    int ok[VF_ISA_COUNT];
};
/* Every path of a case at every thread count, checked, timed together
 * and reported; with `summary` set, nothing is reported and the first
 * thread count's results go there (case_run.c). */
void case_run(struct bench *b, struct bench_case *c, struct path_summary *summary);
/* The chunked shape: every path at every thread count (chunked.c). */
void chunked_run(struct bench *b, struct bench_case *c);
/* The Vulkan peer (peer.c). peer_list prints the Vulkan devices and
 * returns the exit status; peer_open opens the device --peer names (or
 * exits); peer_announce prints it under the table's header; peer_row is
 * the peer row of a case, nothing without the peer. */
int peer_list(void);
void peer_open(struct bench *b);
void peer_announce(const struct bench *b);
void peer_close(struct bench *b);
void peer_row(struct bench *b, struct bench_case *c, double t_copy, double t_memcpy,
              double t_scalar);

/* jit_rows.c: the per-element twin of an ISA's layout (the generator
 * off), compiled on first use; NULL with *res_ret VF_OK when the ISA's
 * layout runs per-element kernels anyway (no second row to show). */
vf_layout *case_layout_elem(const struct bench *b, struct bench_case *c, uint32_t isa,
                            vf_result *res_ret);
/* --jit off alone: every layout is created with the generator off
 * (VFETCH_JIT=0); with on, as the library decides (VFETCH_JIT unset). */
void jit_options_apply(int jit);
/* Table output: one line per timed ISA saying which kernel path its
 * layout runs, with the generation time and code size. */
void jit_report_paths(const struct bench *b, struct bench_case *c);

#endif
