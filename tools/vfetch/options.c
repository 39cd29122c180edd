/*
 * options.c - the command-line options of every vfetch command.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compare.h"
#include "vfetch_robust.h"

/* One option word being parsed: "--name=value" or "--name" [value]. */
struct option_word {
    const char *command;
    const char *arg; /* the whole word */
    size_t nlen;     /* the length of its name */
    const char *val; /* after '=', or NULL */
    int *i;          /* the word's index in argv, moved past a value taken */
    int argc;
    char **argv;
};

/* Not an option this parser knows; the caller tries the next. */
#define NOT_MINE (-2)
/* Parsed: go on. */
#define GO_ON (-1)

static int is(const struct option_word *w, const char *name)
{
    return strlen(name) == w->nlen && strncmp(w->arg, name, w->nlen) == 0;
}

/* The option's value, from "=value" or the next word; GO_ON or EXIT_USAGE. */
static int take_value(struct option_word *w)
{
    if (w->val != NULL)
        return GO_ON;
    if (*w->i + 1 >= w->argc)
        return cli_usage_error(w->command, "option '%s' needs a value", w->arg);
    w->val = w->argv[++*w->i];
    return GO_ON;
}

/* "A..B" or "A" (decimal, A <= B): 0, or -1. */
static int parse_range(const char *s, struct range *rg)
{
    char *end;
    unsigned long long a, b;

    if (s[0] < '0' || s[0] > '9')
        return -1;
    errno = 0;
    a = strtoull(s, &end, 10);
    b = a;
    if (strncmp(end, "..", 2) == 0) {
        const char *t = end + 2;
        if (t[0] < '0' || t[0] > '9')
            return -1;
        b = strtoull(t, &end, 10);
    }
    if (*end != '\0' || errno != 0 || a > UINT32_MAX || b > UINT32_MAX || a > b)
        return -1;
    rg->set = 1;
    rg->first = (uint32_t)a;
    rg->last = (uint32_t)b;
    return 0;
}

/* --output FORMAT of run. */
static int output_format(const char *command, const char *val, struct options *o)
{
    static const struct {
        const char *name;
        enum output_kind kind;
    } formats[] = {
        { "table", OUTPUT_TABLE }, { "json", OUTPUT_JSON }, { "csv", OUTPUT_CSV },
        { "raw", OUTPUT_RAW },     { "raw1", OUTPUT_RAW1 },
    };

    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
        if (strcmp(val, formats[i].name) == 0) {
            /* "raw" after "raw1" keeps version 1, as --raw-version 1 would. */
            if (formats[i].kind != OUTPUT_RAW || o->output != OUTPUT_RAW1)
                o->output = formats[i].kind;
            return GO_ON;
        }
    }
    return cli_usage_error(command, "unknown output format '%s' (table, json, csv, raw, raw1)",
                           val);
}

/* --threads N, 1 to 256. */
static int thread_count(const char *command, const char *val, uint32_t *threads)
{
    char *end;
    unsigned long n;

    errno = 0;
    n = strtoul(val, &end, 10);
    if (val[0] < '0' || val[0] > '9' || *end != '\0' || errno != 0 || n < 1 || n > 256)
        return cli_usage_error(command, "--threads needs a number from 1 to 256, not '%s'", val);
    *threads = (uint32_t)n;
    return GO_ON;
}

/* The flags of run (no value). */
static int run_flag(const struct option_word *w, struct options *o)
{
    int *flag = is(w, "--hex") ? &o->hex
                : is(w, "--primitives") ? &o->primitives
                : is(w, "--reuse") ? &o->reuse
                : is(w, "--statistics") ? &o->statistics
                : is(w, "--kernel-path") ? &o->kernel_path : NULL;
    if (flag == NULL || w->val != NULL)
        return NOT_MINE;
    *flag = 1;
    return GO_ON;
}

/* --registers, --picture, --picture-register, --projection. */
static int is_picture_option(const struct option_word *w)
{
    return is(w, "--registers") || is(w, "--picture") || is(w, "--picture-register") ||
           is(w, "--projection");
}

static int picture_option(const struct option_word *w, struct options *o)
{
    if (w->val[0] == '\0')
        return cli_usage_error(w->command, "%.*s needs a value", (int)w->nlen, w->arg);
    if (is(w, "--registers")) {
        o->registers = w->val;
    } else if (is(w, "--picture")) {
        o->picture = w->val;
    } else if (is(w, "--picture-register")) {
        o->picture_register = w->val;
    } else if (strcmp(w->val, "xy") == 0 || strcmp(w->val, "xy/w") == 0) {
        o->project_w = w->val[2] == '/';
    } else {
        return cli_usage_error(w->command, "--projection is xy or xy/w, not '%s'", w->val);
    }
    return GO_ON;
}

/* The options of run (and demo) that take a value. */
static int run_option(struct option_word *w, struct options *o, int *raw_version)
{
    int rc;

    if (!is(w, "-o") && !is(w, "--output-file") && !is(w, "--output") &&
        !is(w, "--raw-version") && !is(w, "--instances") && !is(w, "--positions") &&
        !is(w, "--isa") && !is(w, "--threads") && !is_picture_option(w))
        return run_flag(w, o);
    if ((rc = take_value(w)) != GO_ON)
        return rc;
    if (is_picture_option(w))
        return picture_option(w, o);
    if (is(w, "-o") || is(w, "--output-file")) {
        o->output_file = w->val;
    } else if (is(w, "--output")) {
        return output_format(w->command, w->val, o);
    } else if (is(w, "--raw-version")) {
        if (strcmp(w->val, "1") != 0 && strcmp(w->val, "2") != 0)
            return cli_usage_error(w->command, "--raw-version is 1 or 2, not '%s'", w->val);
        *raw_version = w->val[0] - '0';
    } else if (is(w, "--instances") || is(w, "--positions")) {
        if (parse_range(w->val, is(w, "--instances") ? &o->instances : &o->positions) != 0)
            return cli_usage_error(w->command, "%.*s needs a range FIRST..LAST (or one number), "
                                               "not '%s'", (int)w->nlen, w->arg, w->val);
    } else if (is(w, "--isa")) {
        o->isa = w->val;
    } else {
        return thread_count(w->command, w->val, &o->threads);
    }
    return GO_ON;
}

/* One option word of a command that accepts `allowed`. */
static int one_option(struct option_word *w, unsigned allowed, struct options *o,
                      int *raw_version)
{
    int rc = NOT_MINE;

    if (allowed & OPT_RUN)
        rc = run_option(w, o, raw_version);
    if (rc != NOT_MINE)
        return rc;
    if ((allowed & OPT_CASE) && is(w, "--werror") && w->val == NULL)
        o->werror = 1;
    else if ((allowed & OPT_JSON) && is(w, "--json") && w->val == NULL)
        o->json = 1;
    else if ((allowed & OPT_DEMO) && is(w, "--case") && w->val == NULL)
        o->print_case = 1;
    else
        return cli_usage_error(w->command, "unknown option '%s'", w->arg);
    return GO_ON;
}

/* The options that only go together. */
static int check_combination(const char *command, unsigned allowed, int raw_version,
                             struct options *o)
{
    if ((allowed & OPT_CASE) && o->case_path == NULL)
        return cli_usage_error(command, "%s needs a case file (CASE.json)", command);
    if (raw_version != 0 && o->output != OUTPUT_RAW && o->output != OUTPUT_RAW1)
        return cli_usage_error(command, "--raw-version goes with --output raw");
    if (raw_version == 1)
        o->output = OUTPUT_RAW1;
    if (o->primitives && o->output != OUTPUT_TABLE && o->output != OUTPUT_JSON)
        return cli_usage_error(command, "--primitives prints with table or json output, not %s",
                               o->output == OUTPUT_CSV ? "csv" : "raw");
    if (o->reuse && o->output != OUTPUT_TABLE && o->output != OUTPUT_JSON)
        return cli_usage_error(command, "--reuse prints with table or json output");
    if (o->reuse && (o->instances.set || o->positions.set))
        return cli_usage_error(command, "--reuse prints the whole draw: no --instances or "
                                        "--positions");
    if (o->registers && o->output != OUTPUT_TABLE && o->output != OUTPUT_JSON &&
        o->output != OUTPUT_CSV)
        return cli_usage_error(command, "--registers goes with table, json or csv output");
    if ((o->picture_register || o->project_w) && o->picture == NULL)
        return cli_usage_error(command, "--picture-register and --projection go with --picture");
    if (o->picture && o->reuse)
        return cli_usage_error(command, "--picture draws index positions: no --reuse");
    if (o->picture && strcmp(o->picture, "-") == 0 && o->output_file == NULL)
        return cli_usage_error(command, "--picture - needs -o FILE for the records");
    if (o->output == OUTPUT_RAW1 && (o->instances.set || o->positions.set))
        return cli_usage_error(command, "raw version 1 holds the whole draw: --instances and "
                                        "--positions need raw version 2");
    return GO_ON;
}

/* "--": at most the case file may follow. */
static int after_dashes(const char *command, unsigned allowed, int *i, int argc, char **argv,
                        struct options *o)
{
    if ((allowed & OPT_CASE) && o->case_path == NULL && *i + 1 < argc) {
        o->case_path = argv[++*i];
        if (*i + 1 == argc)
            return GO_ON;
    }
    if (*i + 1 < argc)
        return cli_usage_error(command, "unexpected argument '%s'", argv[*i + 1]);
    return GO_ON;
}

int parse_options(const char *command, help_fn *help, unsigned allowed, int argc, char **argv,
                  struct options *o)
{
    int raw_version = 0;

    memset(o, 0, sizeof(*o));
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        struct option_word w = { command, a, strcspn(a, "="), NULL, &i, argc, argv };
        int rc;

        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            help();
            return 0;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0) {
            if (!(allowed & OPT_CASE) || o->case_path != NULL)
                return cli_usage_error(command, "unexpected argument '%s'", a);
            o->case_path = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            if ((rc = after_dashes(command, allowed, &i, argc, argv, o)) != GO_ON)
                return rc;
            break;
        }
        if (a[w.nlen] == '=')
            w.val = a + w.nlen + 1;
        if ((rc = one_option(&w, allowed, o, &raw_version)) != GO_ON)
            return rc;
    }
    return check_combination(command, allowed, raw_version, o);
}

/* The ISA asked for by --isa or VFETCH_ISA; an unknown or unavailable one is
 * an error naming the ones this machine has. */
int resolve_isa(const char *name, uint32_t *isa_ret)
{
    const char *from = "--isa";
    uint32_t isa;
    char avail[128] = "";

    *isa_ret = VF_ISA_AUTO;
    if (name == NULL) {
        name = getenv("VFETCH_ISA");
        from = "VFETCH_ISA";
        if (name == NULL || name[0] == '\0')
            return 0;
    }
    for (uint32_t i = VF_ISA_SCALAR; i < VF_ISA_COUNT; i++) {
        if (vf_isa_available(i) && vf_isa_name(i) != NULL) {
            strncat(avail, " ", sizeof(avail) - strlen(avail) - 1);
            strncat(avail, vf_isa_name(i), sizeof(avail) - strlen(avail) - 1);
        }
    }
    if (vf_isa_from_name(name, &isa) != VF_OK) {
        cli_error("%s: unknown instruction set '%s'; available here:%s", from, name, avail);
        return EXIT_USAGE;
    }
    if (isa != VF_ISA_AUTO && !vf_isa_available(isa)) {
        cli_error("%s: instruction set '%s' is not available on this machine; available "
                  "here:%s", from, name, avail);
        return EXIT_USAGE;
    }
    *isa_ret = isa;
    return 0;
}

static int parse_u32(const char *s, uint32_t *out)
{
    char *end;
    unsigned long long n;
    errno = 0;
    n = strtoull(s, &end, 0);
    if (s[0] < '0' || s[0] > '9' || *end != '\0' || errno != 0 || n > UINT32_MAX)
        return -1;
    *out = (uint32_t)n;
    return 0;
}

/* --stride, --offset, --max-mismatches or --register of compare. */
static int compare_number(const struct option_word *w, struct cmp_options *o)
{
    const char *val = w->val;

    if (is(w, "--register")) {
        const char *eq = strrchr(val, '=');
        if (eq == NULL || o->num_regs == VF_MAX_REGISTERS ||
            parse_u32(eq + 1, &o->reg_offsets[o->num_regs]) != 0)
            return cli_usage_error("compare", "--register needs NAME=BYTE_OFFSET, not '%s'",
                                   val);
        o->reg_names[o->num_regs++] = val;
        return GO_ON;
    }
    uint32_t n;
    if (parse_u32(val, &n) != 0)
        return cli_usage_error("compare", "%.*s needs a number, not '%s'", (int)w->nlen, w->arg,
                               val);
    if (is(w, "--stride")) {
        o->stride = n;
        o->have_stride = 1;
    } else if (is(w, "--offset")) {
        o->offset = n;
    } else {
        o->max_shown = n;
    }
    return GO_ON;
}

/* One option of compare; every one takes a value. */
static int compare_option(const struct option_word *w, struct cmp_options *o)
{
    const char *val = w->val;

    if (is(w, "--output")) {
        if (strcmp(val, "json") != 0 && strcmp(val, "text") != 0)
            return cli_usage_error("compare", "unknown output format '%s' (text, json)", val);
        o->json = strcmp(val, "json") == 0;
    } else if (is(w, "--accept")) {
        if (vf_diff_parse_accept(val, &o->accept) != 0)
            return cli_usage_error("compare", "--accept: unknown kind in '%s'", val);
    } else if (is(w, "--known-deviations")) {
        o->known_path = val;
    } else if (is(w, "--device")) {
        o->device = val;
    } else if (is(w, "--robustness")) {
        if (vf_robust_mode_from_name(val, &o->robust_mode) != VF_OK)
            return cli_usage_error("compare", "--robustness: unknown mode '%s' (d3d, robustness2, "
                                   "robust-buffer-access, attribute-robustness)", val);
        o->have_robust = 1;
    } else if (is(w, "--stride") || is(w, "--offset") || is(w, "--max-mismatches") ||
               is(w, "--register")) {
        return compare_number(w, o);
    } else {
        return cli_usage_error("compare", "unknown option '%s'", w->arg);
    }
    return GO_ON;
}

int parse_compare(int argc, char **argv, struct cmp_options *o)
{
    memset(o, 0, sizeof(*o));
    o->max_shown = 10;
    o->device = "";
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        struct option_word w = { "compare", a, strcspn(a, "="), NULL, &i, argc, argv };
        int rc;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            help_compare();
            return 0;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0) {
            if (o->case_path == NULL)
                o->case_path = a;
            else if (o->captured == NULL)
                o->captured = a;
            else
                return cli_usage_error("compare", "unexpected argument '%s'", a);
            continue;
        }
        if (a[w.nlen] == '=')
            w.val = a + w.nlen + 1;
        if ((rc = take_value(&w)) != GO_ON || (rc = compare_option(&w, o)) != GO_ON)
            return rc;
    }
    if (o->captured == NULL)
        return cli_usage_error("compare", "compare needs a case file and a capture");
    return GO_ON;
}
