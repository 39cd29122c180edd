/*
 * report.c - vfetch-bench's output: a human table, JSON or CSV, one result
 * (a path of a case at a thread count) at a time.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "sysinfo.h"
#include "json_write.h"
#include "plan.h"
#include "progress.h"

#if defined(__clang__)
#  define BENCH_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#  define BENCH_COMPILER "gcc " __VERSION__
#else
#  define BENCH_COMPILER "unknown compiler"
#endif

void result_init(struct result *r, const struct bench_case *c, const char *path,
                 const char *kind, unsigned threads)
{
    memset(r, 0, sizeof(*r));
    r->group = c->group;
    snprintf(r->name, sizeof(r->name), "%s", c->name);
    r->layout = c->layout_name;
    r->shape = c->shape_name;
    r->size = c->size_name;
    snprintf(r->path, sizeof(r->path), "%s", path);
    r->kind = kind;
    r->threads = threads;
    r->positions = (uint64_t)c->positions * c->instances;
    r->unique_vertices = c->unique_vertices;
    r->instances = c->instances;
    r->in_bytes = c->in_bytes;
    r->out_bytes = c->out_bytes;
    r->record_bytes = c->record_bytes;
    r->chunk = c->chunk;
    r->of_copy = NAN;
    r->of_memcpy = NAN;
    r->scalar_speedup = NAN;
    snprintf(r->check, sizeof(r->check), "-");
}

double result_mvs(const struct result *r, double t)
{
    return (double)r->positions / t * 1e-6;
}

double result_gbs(const struct result *r, double t)
{
    return (double)(r->in_bytes + r->out_bytes) / t * 1e-9;
}

/* ------------------------------------------------------------------------ */
/* JSON                                                                       */
/* ------------------------------------------------------------------------ */

static void json_number(double v)
{
    if (isfinite(v))
        printf("%.6g", v);
    else
        fputs("null", stdout);
}

static void json_key_string(const char *key, const char *v)
{
    printf(", \"%s\": ", key);
    vf_output_json_string(stdout, v);
}

/* {"median": m, "min": lo, "max": hi} of a figure whose fastest repetition
 * is its highest value (per second) or its lowest (seconds). */
static void json_range(const char *key, double med, double lo, double hi)
{
    printf("%s\"%s\": {\"median\": ", strcmp(key, "seconds") == 0 ? ", " : "}, ", key);
    json_number(med);
    printf(", \"min\": ");
    json_number(lo);
    printf(", \"max\": ");
    json_number(hi);
}

static void json_result(struct bench *b, const struct result *r)
{
    printf("%s\n    {\"group\": ", b->json_first ? "" : ",");
    b->json_first = 0;
    vf_output_json_string(stdout, r->group);
    json_key_string("name", r->name);
    if (r->layout)
        json_key_string("layout", r->layout);
    if (r->shape)
        json_key_string("shape", r->shape);
    json_key_string("size", r->size);
    json_key_string("path", r->path);
    json_key_string("kind", r->kind);
    printf(", \"threads\": %u, \"positions\": %llu, \"unique_vertices\": %llu, "
           "\"instances\": %u, \"in_bytes\": %llu, \"out_bytes\": %llu, \"record_bytes\": %u",
           r->threads, (unsigned long long)r->positions,
           (unsigned long long)r->unique_vertices, r->instances,
           (unsigned long long)r->in_bytes, (unsigned long long)r->out_bytes, r->record_bytes);
    if (r->chunk)
        printf(", \"chunk_positions\": %u", r->chunk);
    if (r->error[0]) {
        json_key_string("error", r->error);
        printf("}");
        return;
    }
    json_range("seconds", r->t_med, r->t_min, r->t_max);
    json_range("mvertices_per_s", result_mvs(r, r->t_med), result_mvs(r, r->t_max),
               result_mvs(r, r->t_min));
    json_range("gb_per_s", result_gbs(r, r->t_med), result_gbs(r, r->t_max),
               result_gbs(r, r->t_min));
    printf("}, \"of_copy\": ");
    json_number(r->of_copy);
    printf(", \"of_memcpy\": ");
    json_number(r->of_memcpy);
    printf(", \"scalar_speedup\": ");
    json_number(r->scalar_speedup);
    json_key_string("check", r->check);
    printf("}");
}

/* ------------------------------------------------------------------------ */
/* CSV: one header line, then one line per result (RFC 4180 quoting)         */
/* ------------------------------------------------------------------------ */

static const char csv_header[] =
    "group,name,layout,shape,size,path,kind,threads,positions,instances,unique_vertices,"
    "in_bytes,out_bytes,record_bytes,chunk_positions,seconds_median,seconds_min,seconds_max,"
    "mvertices_per_s,mvertices_per_s_min,mvertices_per_s_max,gb_per_s,of_copy,of_memcpy,"
    "vs_scalar,check,error\n";

static void csv_string(const char *s, int last)
{
    if (s && strpbrk(s, ",\"\n")) {
        putchar('"');
        for (; *s; s++) {
            if (*s == '"')
                putchar('"');
            putchar(*s);
        }
        putchar('"');
    } else if (s) {
        fputs(s, stdout);
    }
    putchar(last ? '\n' : ',');
}

/* A number, or an empty field where there is none. */
static void csv_number(double v)
{
    if (isfinite(v))
        printf("%.6g,", v);
    else
        putchar(',');
}

static void csv_result(const struct result *r)
{
    int ok = r->error[0] == '\0';

    csv_string(r->group, 0);
    csv_string(r->name, 0);
    csv_string(r->layout, 0);
    csv_string(r->shape, 0);
    csv_string(r->size, 0);
    csv_string(r->path, 0);
    csv_string(r->kind, 0);
    printf("%u,%llu,%u,%llu,%llu,%llu,%u,%u,", r->threads, (unsigned long long)r->positions,
           r->instances, (unsigned long long)r->unique_vertices,
           (unsigned long long)r->in_bytes, (unsigned long long)r->out_bytes, r->record_bytes,
           r->chunk);
    csv_number(ok ? r->t_med : NAN);
    csv_number(ok ? r->t_min : NAN);
    csv_number(ok ? r->t_max : NAN);
    csv_number(ok ? result_mvs(r, r->t_med) : NAN);
    csv_number(ok ? result_mvs(r, r->t_max) : NAN);
    csv_number(ok ? result_mvs(r, r->t_min) : NAN);
    csv_number(ok ? result_gbs(r, r->t_med) : NAN);
    csv_number(ok ? r->of_copy : NAN);
    csv_number(ok ? r->of_memcpy : NAN);
    csv_number(ok ? r->scalar_speedup : NAN);
    csv_string(ok ? r->check : "", 0);
    csv_string(r->error, 1);
}

/* ------------------------------------------------------------------------ */
/* The human table                                                            */
/* ------------------------------------------------------------------------ */

/* The path column is as wide as the longest ISA row ("avx512-records")
 * or the peer's row name (vk:NAME) needs. */
#define PATH_WIDTH 14u

static int path_width(const struct bench *b)
{
    return b->path_width > PATH_WIDTH ? (int)b->path_width : (int)PATH_WIDTH;
}

static void table_header(const struct bench *b)
{
    printf("  %-*s %3s %9s %21s %8s %8s %9s  %s\n", path_width(b), "path", "thr", "Mvert/s",
           "[min .. max]", "GB/s", "of copy", "vs scalar", "check");
}

static void table_row(const struct bench *b, const struct result *r)
{
    char thr[16];

    /* A GPU has no thread count to show. */
    if (r->gpu)
        snprintf(thr, sizeof(thr), "gpu");
    else
        snprintf(thr, sizeof(thr), "%u", r->threads);
    if (r->error[0]) {
        printf("  %-*s %3s  %s\n", path_width(b), r->path, thr, r->error);
        return;
    }
    char ratio[16] = "-", speed[16] = "-";
    if (isfinite(r->of_copy))
        snprintf(ratio, sizeof(ratio), "%.2f", r->of_copy);
    if (isfinite(r->scalar_speedup))
        snprintf(speed, sizeof(speed), "%.2fx", r->scalar_speedup);
    char range[32];
    snprintf(range, sizeof(range), "[%.1f .. %.1f]", result_mvs(r, r->t_max),
             result_mvs(r, r->t_min));
    printf("  %-*s %3s %9.1f %21s %8.2f %8s %9s  %s\n", path_width(b), r->path, thr,
           result_mvs(r, r->t_med), range, result_gbs(r, r->t_med), ratio, speed, r->check);
    fflush(stdout);
}

void report_result(struct bench *b, const struct result *r)
{
    progress_clear();
    switch (b->opt.format) {
    case REPORT_JSON:
        json_result(b, r);
        break;
    case REPORT_CSV:
        csv_result(r);
        fflush(stdout);
        break;
    default:
        table_row(b, r);
    }
}

static void human_size(char *buf, size_t size, uint64_t bytes)
{
    if (bytes >= (1ull << 30))
        snprintf(buf, size, "%.2f GiB", (double)bytes / (double)(1ull << 30));
    else if (bytes >= (1ull << 20))
        snprintf(buf, size, "%.1f MiB", (double)bytes / (double)(1ull << 20));
    else
        snprintf(buf, size, "%.1f KiB", (double)bytes / 1024.0);
}

void report_case_header(const struct bench *b, const struct bench_case *c)
{
    char in[32], out[32];

    if (b->opt.format != REPORT_TABLE)
        return;
    progress_clear();
    human_size(in, sizeof(in), c->in_bytes);
    human_size(out, sizeof(out), c->out_bytes);
    printf("\n%s  %s: %u positions", c->name, c->size_name, c->positions);
    if (c->instances > 1)
        printf(" x %u instances", c->instances);
    printf(", %u vertices", c->unique_vertices);
    if (c->desc.indexed)
        printf(", %s indices", c->ibv.format == VF_FORMAT_R16_UINT ? "16-bit" : "32-bit");
    if (c->desc.strip_cut_value)
        printf(" with strip cuts");
    printf("; record %u B; in %s + out %s\n", c->record_bytes, in, out);
    if (c->chunk) {
        human_size(out, sizeof(out), (uint64_t)c->chunk * c->record_bytes);
        printf("ranges of %u positions (%s of records) into a buffer per thread, reused\n",
               c->chunk, out);
    }
    table_header(b);
}

/* ------------------------------------------------------------------------ */
/* The run's header and footer                                                */
/* ------------------------------------------------------------------------ */

static void json_begin(const struct bench *b, const char *cpu, const char *date)
{
    printf("{\n  \"bench\": \"vfetch-bench\", \"version\": ");
    vf_output_json_string(stdout, vf_version());
    printf(",\n  \"cpu\": ");
    vf_output_json_string(stdout, cpu);
    printf(", \"cpus_online\": %u, \"llc_bytes\": %zu, \"l2_bytes\": %zu,\n  \"compiler\": ",
           sysinfo_cpu_count(), (size_t)b->opt.llc_bytes, b->l2_bytes);
    vf_output_json_string(stdout, BENCH_COMPILER);
    printf(", \"date\": ");
    vf_output_json_string(stdout, date);
    printf(",\n  \"reps\": %u, \"min_time_s\": ", b->opt.reps);
    json_number(b->opt.min_time);
    printf(", \"default_isa\": ");
    vf_output_json_string(stdout, vf_isa_name(vf_isa_default()));
    printf(", \"output\": ");
    vf_output_json_string(stdout, bench_output_names[b->opt.output_shape]);
    /* The quick set's cap on a streaming draw's records (plan.h). */
    if (b->opt.quick && !b->opt.streaming_vertices)
        printf(", \"streaming_records_cap_bytes\": %llu",
               (unsigned long long)PLAN_QUICK_STREAMING_CAP);
    printf(",\n  \"results\": [");
}

static void table_begin(const struct bench *b, const char *cpu, const char *date)
{
    printf("vfetch-bench %s: %s, %u CPUs online, L2 %zu KiB (%s), LLC %zu MiB, ",
           vf_version(), cpu, sysinfo_cpu_count(), b->l2_bytes >> 10, b->l2_source,
           (size_t)(b->opt.llc_bytes >> 20));
    printf("%s, %s\n", BENCH_COMPILER, date);
    printf("paths:");
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++)
        if (b->opt.isa_mask & (1u << isa))
            printf(" %s", vf_isa_name(isa));
    printf(" (default %s); %s records; median of %u repetitions of at least %.0f ms, "
           "[min .. max]\n",
           vf_isa_name(vf_isa_default()), bench_output_names[b->opt.output_shape], b->opt.reps,
           b->opt.min_time * 1e3);
    printf("GB/s counts input + output bytes; of copy = time of the faster of memcpy and "
           "memcpy-nt of the same bytes / time (1.00: as fast as the fastest copy); "
           "vs scalar = scalar time / time\n");
}

void report_begin(struct bench *b)
{
    char cpu[256], date[64];
    time_t now = time(NULL);

    strftime(date, sizeof(date), "%Y-%m-%d %H:%M UTC", gmtime(&now));
    sysinfo_cpu_name(cpu, sizeof(cpu));
    b->json_first = 1;
    if (b->opt.format == REPORT_JSON)
        json_begin(b, cpu, date);
    else if (b->opt.format == REPORT_CSV)
        fputs(csv_header, stdout);
    else
        table_begin(b, cpu, date);
}

void report_end(struct bench *b)
{
    if (b->opt.format == REPORT_JSON)
        printf("\n  ]\n}\n");
}

/* ------------------------------------------------------------------------ */
/* The per-format table                                                       */
/* ------------------------------------------------------------------------ */

void report_format_header(const struct bench *b, int size)
{
    if (b->opt.format != REPORT_TABLE)
        return;
    progress_clear();
    printf("\nper-format table, %s, linear draws, %u thread%s: Mvertices/s (median)\n",
           bench_size_names[size], b->opt.threads[0], b->opt.threads[0] > 1 ? "s" : "");
    printf("  %-22s %5s %9s %9s", "format", "bytes", "memcpy", "memcpy-nt");
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++)
        if (b->opt.isa_mask & (1u << isa))
            printf(" %9s", vf_isa_name(isa));
    printf(" %8s %9s %9s\n", "best GB/s", "of copy", "vs scalar");
}

static void format_table_row(const struct bench *b, const struct bench_case *c,
                             const vf_format_desc *d, const struct result *copy,
                             const struct result *nt, const struct result *isa_r,
                             const int *ok)
{
    double positions = (double)c->positions;
    const struct result *best_r = NULL;

    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++)
        if ((b->opt.isa_mask & (1u << isa)) && ok[isa] &&
            (!best_r || isa_r[isa].t_med < best_r->t_med))
            best_r = &isa_r[isa];
    printf("  %-22s %5u %9.1f %9.1f", d->name, d->bytes, positions / copy->t_med * 1e-6,
           positions / nt->t_med * 1e-6);
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        if (!(b->opt.isa_mask & (1u << isa)))
            continue;
        if (ok[isa])
            printf(" %8.1f%s", positions / isa_r[isa].t_med * 1e-6,
                   strcmp(isa_r[isa].check, "MISMATCH") == 0 ? "!" : " ");
        else
            printf(" %9s", "error");
    }
    /* Ratios round by round, as the case tables' (measure.c). */
    if (best_r)
        printf(" %9.2f %9.2f %8.2fx\n",
               (double)(c->in_bytes + c->out_bytes) / best_r->t_med * 1e-9,
               round_ratio(copy, nt, best_r),
               round_ratio(ok[VF_ISA_SCALAR] ? &isa_r[VF_ISA_SCALAR] : NULL, NULL, best_r));
    else
        printf("\n");
    fflush(stdout);
}

void report_format_row(struct bench *b, const struct bench_case *c, const vf_format_desc *d,
                       const struct result *copy, const struct result *nt,
                       const struct result *isa, const int *ok)
{
    progress_clear();
    if (b->opt.format == REPORT_TABLE) {
        format_table_row(b, c, d, copy, nt, isa, ok);
        return;
    }
    report_result(b, copy);
    report_result(b, nt);
    for (uint32_t i = VF_ISA_SCALAR; i < VF_ISA_COUNT; i++)
        if (b->opt.isa_mask & (1u << i))
            report_result(b, &isa[i]);
}

void report_format_footer(const struct bench *b)
{
    if (b->opt.format == REPORT_TABLE)
        printf("  (! = output differs from the scalar path)\n");
}
