/*
 * vfetch_bench.c - vfetch-bench: draw throughput of every fetch path beside
 * the copy of the same bytes and the scalar path, in one run. This file
 * selects the cases and runs them; options.c reads the options, cases.c
 * holds the catalogue, case_build.c builds a case, case_run.c checks and
 * times its paths (with measure.c), chunked.c runs the chunked shape,
 * peer.c the Vulkan peer and report.c prints the results.
 *
 * A case is a layout real engines use (static mesh, skinned mesh, instanced,
 * multi-stream, particles) drawn in one shape (linear, indexed grid, random
 * indices, many instances of a small mesh, strips with cuts, the grid
 * fetched in cache-sized chunks) at one size (in-cache or streaming). For
 * every case and thread count it times, on the same buffers: the copies
 * (memcpy and non-temporal stores of the same input and output bytes), the
 * scalar path, every other available ISA and optionally a Vulkan driver
 * (lavapipe, or a GPU). README.md in this directory explains the numbers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "plan.h"
#include "progress.h"
#include "sysinfo.h"
#include "team.h"

/* ------------------------------------------------------------------------ */
/* Threads                                                                    */
/* ------------------------------------------------------------------------ */

static void setup_threads(struct bench *b)
{
    for (unsigned i = 0; i < b->opt.num_threads; i++) {
        struct thread_ctx *tc = &b->tc[i];
        tc->threads = b->opt.threads[i];
        tc->team = team_create(tc->threads);
        if (tc->team == NULL)
            bu_die("could not create the copy threads", NULL);
        for (unsigned t = 0; t < tc->threads; t++)
            tc->scratch[t] = bu_alloc(ROOFLINE_SCRATCH_SIZE);
        /* vf_draw runs a share of the work on the calling thread too, so T
         * threads are the caller and a pool of T - 1. */
        if (tc->threads > 1) {
            vf_result res = vf_thread_pool_create(tc->threads - 1, &tc->pool);
            if (res != VF_OK)
                fprintf(stderr, "vfetch-bench: vf_thread_pool_create(%u): %s\n", tc->threads,
                        vf_result_string(res));
        }
    }
}

static void teardown_threads(struct bench *b)
{
    for (unsigned i = 0; i < b->opt.num_threads; i++) {
        struct thread_ctx *tc = &b->tc[i];
        vf_thread_pool_destroy(tc->pool);
        team_destroy(tc->team);
        for (unsigned t = 0; t < tc->threads; t++)
            bu_free(tc->scratch[t]);
    }
}

/* ------------------------------------------------------------------------ */
/* Selecting and running cases                                                */
/* ------------------------------------------------------------------------ */

/* The planned cases, in the plan's order. */
static void run_cases(struct bench *b, const struct plan *p)
{
    for (unsigned i = 0; i < p->n; i++) {
        const struct plan_item *it = &p->items[i];
        struct bench_case c;
        progress_item(i);
        if (case_make(b, &c, it->layout, (enum shape)it->shape, it->size) == 0) {
            report_case_header(b, &c);
            if (it->shape == SHAPE_CHUNKED)
                chunked_run(b, &c);
            else
                case_run(b, &c, NULL);
        }
        case_free(&c);
    }
}

/* One layout per IA vertex format, drawn linearly: the per-format table,
 * a header before each size's rows. */
static void run_formats(struct bench *b, const struct plan *p)
{
    int any = 0, size = -1;

    for (unsigned i = 0; i < p->n; i++) {
        const struct plan_item *it = &p->items[i];
        const vf_format_desc *d = vf_format_info_at((uint32_t)it->layout);
        struct bench_case c;
        struct path_summary ps;
        progress_item(i);
        if (it->size != size) {
            size = it->size;
            report_format_header(b, size);
        }
        memset(&ps, 0, sizeof(ps));
        if (case_make_format(b, &c, d, it->size) == 0) {
            case_run(b, &c, &ps);
            report_format_row(b, &c, d, &ps.copy, &ps.nt, ps.isa, ps.ok);
            any = 1;
        }
        case_free(&c);
    }
    if (any)
        report_format_footer(b);
}

/* A quarter of a second of copying before the first measurement, so it
 * does not run while the core is still raising its clock. */
static void warm_up_cpu(void)
{
    size_t size = 1u << 20;
    uint8_t *a = bu_alloc(size), *b = bu_alloc(size);
    double end = bu_now() + 0.25;

    while (bu_now() < end) {
        memcpy(b, a, size);
        memcpy(a, b, size);
    }
    bu_free(a);
    bu_free(b);
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv)
{
    static struct bench bench;
    static struct plan plan;
    struct bench *b = &bench;

    options_parse(&b->opt, argc, argv);
    if (b->opt.list) {
        case_list();
        return 0;
    }
    if (b->opt.peer && strcmp(b->opt.peer, "list") == 0)
        return peer_list();
    /* Refuse a --case that selects nothing before printing anything. */
    if (b->opt.cases && !case_any_selected(b))
        bu_die(b->opt.formats ? "no IA vertex format matches --case"
                           : "no case matches --case (see --list)",
            b->opt.cases);
    b->l2_bytes = sysinfo_l2_size(&b->l2_source);
    plan_make(b, &plan);
    if (b->opt.plan_only) {
        plan_print(b, &plan, stdout);
        return 0;
    }
    /* Before anything is printed: a --peer that names no device ends here. */
    if (b->opt.peer)
        peer_open(b);

    report_begin(b);
    peer_announce(b);
    if (b->opt.format == REPORT_TABLE)
        plan_print(b, &plan, stdout);
    setup_threads(b);
    warm_up_cpu();
    double t0 = bu_now();
    /* The line shares the terminal with the table: never in a file or pipe. */
    progress_start(b, &plan,
                   b->opt.format == REPORT_TABLE && !b->opt.no_progress && isatty(1) &&
                       isatty(2));
    if (b->opt.formats)
        run_formats(b, &plan);
    else
        run_cases(b, &plan);
    progress_end();
    if (b->opt.format == REPORT_TABLE) {
        char took[32], est[32];
        printf("\nran in %s (estimate %s)\n", plan_duration(bu_now() - t0, took, sizeof(took)),
               plan_duration(plan.total_s, est, sizeof(est)));
    }
    peer_close(b);
    teardown_threads(b);
    report_end(b);
    if (b->num_failures) {
        fprintf(stderr, "vfetch-bench: %u path%s failed or differed from the scalar path\n",
                b->num_failures, b->num_failures == 1 ? "" : "s");
        return 1;
    }
    return 0;
}
