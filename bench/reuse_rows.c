/*
 * reuse_rows.c - the rows of the reuse shape after each ISA's
 * per-position row: vf_draw_reuse (ISA-reuse), and its two steps timed
 * apart in the same rounds, vf_reuse_map (ISA-map) and the ordinary
 * indexed draw of the distinct indices (ISA-records). The reuse draw runs
 * both steps and some glue, so in cache, where each step finds its data
 * in cache either way, their summed time against the per-position draw is
 * the most the reuse ratio can reach with this search and these kernels,
 * measured in the same run. Streaming, the draw can beat it: its records
 * step finds the distinct indices the search just wrote still in the
 * last-level cache, where the step timed alone reads them cold. In cache
 * on one thread, each step's floor follows (reuse_floor.c). Every row is
 * drawn once and checked before it is timed.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"

/* Runs one row: the reuse draw, or one of its two steps. */
static int run_step(void *arg)
{
    struct reuse_step *s = arg;
    struct bench_case *c = s->c;

    if (s->kind == REUSE_DRAW)
        s->res = vf_draw_reuse(s->layout, &s->desc, c->reuse_scratch, c->reuse_scratch_size,
                               c->reuse_out, c->reuse_out_size, c->remap, c->positions,
                               &s->unique);
    else if (s->kind == REUSE_MAP)
        s->res = vf_reuse_map(s->layout, &s->desc, c->map_scratch, c->map_scratch_size, c->remap,
                              c->positions, c->unique, c->positions, &s->unique);
    else if (s->kind == REUSE_LOOKUPS) {
        reuse_floor_lookups(s);
        s->res = VF_OK;
    } else
        s->res = vf_draw(s->layout, &s->records, c->reuse_out, c->reuse_out_size);
    return s->res == VF_OK ? 0 : -1;
}

/* Whether the reuse draw's records, through its map, equal the
 * per-position draw in c->out, word for word (AoS and SoA alike). */
static int reuse_matches(const struct bench_case *c, const vf_layout *layout, uint32_t unique)
{
    uint32_t lanes = vf_layout_output_shape(layout) ? vf_layout_output_shape(layout) : 1;
    uint32_t words = vf_layout_register_count(layout) * 4;
    const uint32_t *per = c->out, *rec = c->reuse_out;
    uint64_t per_batches = (c->positions + lanes - 1) / lanes;
    uint64_t rec_batches = (unique + lanes - 1) / lanes;

    for (uint32_t j = 0; j < c->instances; j++)
        for (uint32_t p = 0; p < c->positions; p++) {
            uint32_t m = c->remap[p];
            if (m == VF_REUSE_CUT)
                continue;
            if (m >= unique)
                return 0;
            const uint32_t *a = per + ((j * per_batches + p / lanes) * words * lanes) + p % lanes;
            const uint32_t *b = rec + ((j * rec_batches + m / lanes) * words * lanes) + m % lanes;
            for (uint32_t w = 0; w < words; w++)
                if (a[(size_t)w * lanes] != b[(size_t)w * lanes])
                    return 0;
        }
    return 1;
}

/* The bytes each row moves, in its in/out columns. The reuse draw: the
 * index and vertex buffers read once, the map written (a word a
 * position), the distinct indices written and read back by the records
 * draw and their table slots read and written (4 words a distinct
 * vertex), and the records written; its traffic bound is these bytes at
 * the rate of the case's copy in the same rounds. The map: the indices
 * read, the map and the distinct indices written. The records: the
 * distinct indices and their vertices read, the records written. The
 * lookups: the indices read, the map written; the linear draw: its
 * vertices read, the records written. */
static void step_bytes(const struct bench_case *c, enum reuse_kind kind, struct result *r)
{
    uint64_t index_bytes = c->desc.indexed ? c->ibv.size_in_bytes : 0;
    if (kind == REUSE_DRAW) {
        r->in_bytes = c->in_bytes + 4 * (uint64_t)c->positions + 16 * c->unique_vertices;
        r->out_bytes = c->reuse_out_size;
    } else if (kind == REUSE_MAP) {
        r->in_bytes = index_bytes;
        r->out_bytes = 4 * (uint64_t)c->positions + 4 * (uint64_t)c->unique_vertices;
    } else if (kind == REUSE_LOOKUPS) {
        r->in_bytes = index_bytes;
        r->out_bytes = 4 * (uint64_t)c->positions;
    } else {
        r->in_bytes = c->in_bytes - index_bytes;
        r->out_bytes = c->reuse_out_size;
        if (kind == REUSE_RECORDS)
            r->in_bytes += 4 * (uint64_t)c->unique_vertices;
    }
}

static const char *const step_suffix[REUSE_ROWS] = { "reuse", "map", "records", "lookups",
                                                     "linear" };
static const char *const step_call[REUSE_ROWS] = { "vf_draw_reuse", "vf_reuse_map", "vf_draw",
                                                   "the lookups' table", "vf_draw" };

/* Draws one row once, its output poisoned first so that a step that
 * leaves words unwritten cannot pass on what an earlier run wrote. */
static int draw_step(struct reuse_step *s)
{
    struct bench_case *c = s->c;

    if (s->kind == REUSE_MAP || s->kind == REUSE_LOOKUPS) {
        memset(c->remap, 0xa5, (size_t)c->positions * 4);
        if (s->kind == REUSE_MAP)
            memset(c->unique, 0xa5, (size_t)c->positions * 4);
    } else {
        memset(c->reuse_out, 0xa5, c->reuse_out_size);
        if (s->kind == REUSE_DRAW)
            memset(c->remap, 0xa5, (size_t)c->positions * 4);
    }
    return run_step(s) == 0;
}

/* The check of each step against the reuse draw checked just before it:
 * the map step writes the same map and U, and a list of distinct indices
 * whose records draw then writes the same records, word for word. The
 * lookups write the same map; the linear draw's records are the scalar
 * layout's of the same vertices. */
static int step_matches(const struct bench *b, struct reuse_rows *rows, struct reuse_step *s)
{
    struct bench_case *c = s->c;

    if (s->kind == REUSE_MAP || s->kind == REUSE_LOOKUPS)
        return (s->kind == REUSE_LOOKUPS || s->unique == rows->unique) &&
               bu_hash(c->remap, (size_t)c->positions * 4) == rows->map_hash;
    if (s->kind == REUSE_LINEAR)
        return reuse_floor_linear_matches(b, c, &s->records);
    return bu_hash(c->reuse_out, c->reuse_out_size) == rows->records_hash;
}

/* What a row draws beyond the draw's desc: the records draw of the
 * distinct indices the map step left in c->unique, the lookups' table,
 * the linear floor's draw. */
static vf_result step_setup(struct reuse_rows *rows, struct reuse_step *s, struct result *r)
{
    struct bench_case *c = s->c;

    if (s->kind == REUSE_RECORDS || s->kind == REUSE_LINEAR)
        r->positions = (uint64_t)rows->unique * c->instances;
    if (s->kind == REUSE_RECORDS)
        return vf_reuse_records_desc(&s->desc, c->unique, rows->unique, &s->ib, &s->records);
    if (s->kind == REUSE_LINEAR)
        reuse_floor_linear_desc(c, rows->unique, &s->records);
    if (s->kind == REUSE_LOOKUPS && (s->table = reuse_floor_table(c)) == NULL)
        return VF_ERROR_INVALID_ARGUMENT;
    return VF_OK;
}

/* One row: set up, drawn once, checked. 1 when it may be timed. */
static int check_step(struct bench *b, struct bench_case *c, struct thread_ctx *tc,
                      uint32_t isa, struct reuse_rows *rows, enum reuse_kind kind)
{
    struct reuse_step *s = &rows->step[kind];
    struct result *r = &rows->r[kind];
    vf_result res = VF_OK;
    char path[24];

    snprintf(path, sizeof(path), "%s-%s", vf_isa_name(isa), step_suffix[kind]);
    result_init(r, c, path, "vfetch", tc->threads);
    step_bytes(c, kind, r);
    s->kind = kind;
    s->c = c;
    s->layout = case_layout(b, c, isa, &res);
    s->desc = c->desc;
    s->desc.pool = tc->pool;
    bu_free(s->table);
    s->table = NULL;
    if (s->layout != NULL)
        res = step_setup(rows, s, r);
    if (s->layout == NULL || res != VF_OK || !draw_step(s)) {
        snprintf(r->error, sizeof(r->error), "%s: %s", step_call[kind],
                 vf_result_string(s->layout && res == VF_OK ? s->res : res));
        b->num_failures++;
        return 0;
    }
    int ok;
    if (kind == REUSE_DRAW) {
        ok = reuse_matches(c, s->layout, s->unique);
        rows->unique = s->unique;
        rows->map_hash = bu_hash(c->remap, (size_t)c->positions * 4);
        rows->records_hash = bu_hash(c->reuse_out, c->reuse_out_size);
    } else {
        ok = step_matches(b, rows, s);
    }
    b->num_failures += !ok;
    snprintf(r->check, sizeof(r->check), "%s", ok ? "ok" : "MISMATCH");
    return 1;
}

void reuse_rows_check(struct bench *b, struct bench_case *c, struct thread_ctx *tc, uint32_t isa,
                      struct reuse_rows *rows)
{
    for (int k = 0; k < REUSE_ROWS; k++)
        rows->state[k] = -1;
    rows->state[REUSE_DRAW] = check_step(b, c, tc, isa, rows, REUSE_DRAW);
    if (rows->state[REUSE_DRAW] != 1 || strcmp(rows->r[REUSE_DRAW].check, "ok") != 0)
        return; /* the steps are checked against a reuse draw that matched */
    rows->state[REUSE_MAP] = check_step(b, c, tc, isa, rows, REUSE_MAP);
    if (rows->state[REUSE_MAP] == 1 && strcmp(rows->r[REUSE_MAP].check, "ok") == 0)
        rows->state[REUSE_RECORDS] = check_step(b, c, tc, isa, rows, REUSE_RECORDS);
    if (rows->state[REUSE_RECORDS] == 1 && reuse_floor_applies(c, tc)) {
        rows->state[REUSE_LOOKUPS] = check_step(b, c, tc, isa, rows, REUSE_LOOKUPS);
        rows->state[REUSE_LINEAR] = check_step(b, c, tc, isa, rows, REUSE_LINEAR);
    }
}

void reuse_rows_timed(struct reuse_rows *rows, struct timed *t, unsigned *n)
{
    for (int k = 0; k < REUSE_ROWS; k++)
        if (rows->state[k] == 1) {
            struct timed one = { run_step, &rows->step[k], &rows->r[k], 0 };
            t[(*n)++] = one;
        }
}

/* The per-position time over two rows' summed time, round by round (as
 * round_ratio): for the two steps, in cache, the most the reuse ratio
 * reaches with this search and these kernels; for the two floors, the
 * most any reuse draw beside this per-position draw reaches. NaN when
 * they were not timed together. */
static double steps_ratio(const struct result *per, const struct result *map,
                          const struct result *rec)
{
    double ratio[MAX_REPS], med, lo, hi;

    if (!per->round_t || !map->round_t || !rec->round_t || per->round_call != map->round_call ||
        per->round_call != rec->round_call || per->num_rounds != map->num_rounds ||
        per->num_rounds != rec->num_rounds || per->num_rounds == 0)
        return NAN;
    for (unsigned k = 0; k < per->num_rounds; k++)
        ratio[k] = per->round_t[k] / (map->round_t[k] + rec->round_t[k]);
    bu_summary(ratio, per->num_rounds, &med, &lo, &hi);
    return med;
}

/* The reuse row's check column says how many times the per-position rate
 * of its ISA it delivers, round by round, the records, the megabytes it
 * moves, the fraction of its traffic bound it reaches (those bytes at the
 * fastest copy's rate of the same rounds), the ratio of its two steps
 * timed apart and that of their floors. The map and lookups rows say
 * their nanoseconds a position, the records and linear rows their
 * records. */
static void check_texts(struct reuse_rows *rows, const struct result *per,
                        const struct result *copy)
{
    struct result *r = &rows->r[REUSE_DRAW], *map = &rows->r[REUSE_MAP];
    struct result *rec = &rows->r[REUSE_RECORDS];
    double moved = (double)(r->in_bytes + r->out_bytes);
    double copied = (double)(copy->in_bytes + copy->out_bytes);
    char steps[64] = "", floor[48] = "";

    if (rows->state[REUSE_MAP] == 1 && rows->state[REUSE_RECORDS] == 1)
        snprintf(steps, sizeof(steps), "; its steps apart %.2fx", steps_ratio(per, map, rec));
    if (rows->state[REUSE_LOOKUPS] == 1 && rows->state[REUSE_LINEAR] == 1)
        snprintf(floor, sizeof(floor), ", their floors %.2fx",
                 steps_ratio(per, &rows->r[REUSE_LOOKUPS], &rows->r[REUSE_LINEAR]));
    if (rows->state[REUSE_DRAW] == 1 && strcmp(r->check, "ok") == 0)
        snprintf(r->check, sizeof(r->check),
                 "ok (%.2fx per-position, %u records, %.1f MB, %.2f of bound%s%s)",
                 round_ratio(per, NULL, r), rows->unique, moved * 1e-6,
                 r->of_copy * moved / copied, steps, floor);
    if (rows->state[REUSE_MAP] == 1 && strcmp(map->check, "ok") == 0)
        snprintf(map->check, sizeof(map->check), "ok (search and map, %.3f ns a position)",
                 map->t_med * 1e9 / (double)map->positions);
    if (rows->state[REUSE_RECORDS] == 1 && strcmp(rec->check, "ok") == 0)
        snprintf(rec->check, sizeof(rec->check), "ok (the %u distinct records, %.3f ns each)",
                 rows->unique, rec->t_med * 1e9 / (double)(rec->positions ? rec->positions : 1));
    struct result *look = &rows->r[REUSE_LOOKUPS], *lin = &rows->r[REUSE_LINEAR];
    if (rows->state[REUSE_LOOKUPS] == 1 && strcmp(look->check, "ok") == 0)
        snprintf(look->check, sizeof(look->check),
                 "ok (the map's floor: table lookups alone, %.3f ns a position)",
                 look->t_med * 1e9 / (double)look->positions);
    if (rows->state[REUSE_LINEAR] == 1 && strcmp(lin->check, "ok") == 0)
        snprintf(lin->check, sizeof(lin->check),
                 "ok (the records' floor: %u vertices not indexed, %.3f ns each)", rows->unique,
                 lin->t_med * 1e9 / (double)(lin->positions ? lin->positions : 1));
}

void reuse_rows_report(struct bench *b, struct reuse_rows *rows, const struct result *per,
                       const struct result *copy, const struct result *nt,
                       const struct result *scalar)
{
    /* The steps are parts of a draw: no ratio to the draw's copy or to
     * scalar's draw. */
    if (rows->state[REUSE_DRAW] == 1) {
        struct result *r = &rows->r[REUSE_DRAW];
        r->of_copy = round_ratio(copy, nt, r);
        r->of_memcpy = round_ratio(copy, NULL, r);
        r->scalar_speedup = round_ratio(scalar, NULL, r);
    }
    check_texts(rows, per, copy);
    for (int k = 0; k < REUSE_ROWS; k++)
        if (rows->state[k] >= 0)
            report_result(b, &rows->r[k]);
    bu_free(rows->step[REUSE_LOOKUPS].table);
    rows->step[REUSE_LOOKUPS].table = NULL;
}
