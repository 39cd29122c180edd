/*
 * main.c - vfetch-vk: runs a vfetch case through a Vulkan driver's
 * vertex fetch and diffs what the driver delivered against vfetch's scalar
 * reference, value by value. This file reads the command line and runs the
 * cases: fetch_case.c runs one, fetch_compare.c diffs it, report.c prints
 * it.
 *
 *   vfetch-vk [options] CASE.json...
 *   vfetch-vk --primitives [options] CASE.json...   (vk_prim_check.c)
 *
 * Exit status: 0 every compared value equal (or every difference accepted
 * by --accept or listed in --known-deviations), 1 a difference, 2 a usage or
 * case error, 77 no Vulkan loader or device (a test can skip).
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "fetch_case.h"
#include "fetch_oob.h"
#include "report.h"
#include "vk_device.h"
#include "vk_fetch_device.h"
#include "vk_format.h"
#include "vk_note.h"
#include "vk_prim_check.h"

/* ------------------------------------------------------------------------ */
/* Options                                                                   */
/* ------------------------------------------------------------------------ */

struct options {
    const char *device;
    int list_devices;
    int check_formats;
    uint32_t max_mismatches;
    int json;
    unsigned accept; /* bit per VF_DIFF_* kind */
    const char *known_path;
    int tamper;          /* enum vkf_tamper */
    int verbose;
    int primitives;      /* compare primitive lists instead of fetched values */
    int accept_rotated;  /* --primitives: accept GL-rotated strip-with-adjacency triangles */
    int robustness;      /* --robustness: enum vkf_robustness */
    int sized_bindings;  /* --vertex-buffers sized */
};

static void usage(FILE *f)
{
    fputs("usage: vfetch-vk [options] CASE.json...\n"
          "Runs each case's draw through a Vulkan driver's vertex fetch and compares every\n"
          "value with vfetch's scalar reference.\n"
          "\n"
          "  --device NAME          the first device whose name contains NAME (default: the first)\n"
          "  --list-devices         list the Vulkan devices and exit\n"
          "  --max-mismatches N     show the first N differences per case (default 10)\n"
          "  --json                 print the results as JSON\n"
          "  --accept KINDS         accept these differences (comma list: 1ulp, nan,\n"
          "                         snorm-min, not-shaded, or 'd3d' = nan, which D3D allows)\n"
          "  --known-deviations FILE  accept the differences FILE lists for this device\n"
          "  --robustness MODE      auto (default), robustness2, robust-buffer-access or none:\n"
          "                         the device's out-of-bounds mode; words read out of bounds\n"
          "                         are compared with its rule (none: such draws are skipped)\n"
          "  --vertex-buffers HOW   exact (default): each vertex buffer is its view; sized:\n"
          "                         views bound by size in larger buffers (vkCmdBindVertexBuffers2)\n"
          "  --check-formats        check the DXGI -> Vulkan format map bit by bit and exit\n"
          "  --tamper[=WHAT]        change one word the driver returned (tests the diff):\n"
          "                         value (default) an element's, start-vertex or\n"
          "                         start-instance its gl_BaseVertex or gl_BaseInstance,\n"
          "                         command-offset: each ExecuteIndirect command after\n"
          "                         the first reads the first one's arguments\n"
          "  --primitives           compare the primitives the driver assembles (captured\n"
          "                         by a geometry or tessellation control shader) with\n"
          "                         vf_draw_primitives, per instance and primitive ID\n"
          "  --accept-rotated       with --primitives: accept triangles of strips with\n"
          "                         adjacency in OpenGL's rotated vertex order\n"
          "  -v, --verbose          print the translation and every element\n"
          "\n"
          "Environment: VK_ICD_FILENAMES / VK_DRIVER_FILES choose the driver (e.g. Mesa lavapipe:\n"
          "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json); VFETCH_VK_LOADER names the loader\n"
          "library (default libvulkan.so.1).\n"
          "Exit status: 0 equal, 1 differences, 2 usage or case error, 77 no Vulkan device.\n",
          f);
}


/* ------------------------------------------------------------------------ */
/* main                                                                      */
/* ------------------------------------------------------------------------ */

/* --primitives: every case through vkf_prim_check_case. 77 when the
 * device could capture none of them. */
static int run_primitives(struct vkf_device *dev, const struct options *o, const char **cases,
                          int ncases)
{
    struct vkf_prim_options po = {
        .max_mismatches = o->max_mismatches,
        .accept_rotation = o->accept_rotated,
        .tamper = o->tamper != VKF_TAMPER_NONE,
        .verbose = o->verbose,
    };
    int overall = VKF_EXIT_OK, skipped = 0, passed = 0, failed = 0, errors = 0;

    printf("device: %s\n", vkf_device_description(dev));
    for (int k = 0; k < ncases; k++) {
        int ret = vkf_prim_check_case(dev, cases[k], &po, stdout);
        if (ret == VKF_EXIT_SKIP) {
            skipped++;
        } else if (ret == VKF_EXIT_OK) {
            passed++;
        } else if (ret == VKF_EXIT_USAGE) {
            errors++;
            overall = VKF_EXIT_USAGE;
        } else {
            failed++;
            if (overall != VKF_EXIT_USAGE)
                overall = VKF_EXIT_MISMATCH;
        }
    }
    if (skipped == ncases)
        overall = VKF_EXIT_SKIP;
    printf("%d cases: %d passed, %d failed, %d errors, %d skipped: %s\nstatus: %d\n", ncases,
           passed, failed, errors, skipped, overall == VKF_EXIT_OK ? "PASS" : "FAIL", overall);
    return overall;
}

/* --robustness MODE and --vertex-buffers HOW (`opt` names which, without
 * its dashes). Returns 0, or -1 with a message for a value it does not
 * take. */
static int parse_mode(const char *opt, const char *v, struct options *o)
{
    if (strncmp(opt, "robustness", 10) == 0) {
        o->robustness = vkf_robustness_from_name(v);
        if (o->robustness >= 0)
            return 0;
        fprintf(stderr, "vfetch-vk: --robustness: not a mode: %s (auto, robustness2, "
                        "robust-buffer-access, none)\n", v);
        return -1;
    }
    if (strcmp(v, "exact") != 0 && strcmp(v, "sized") != 0) {
        fprintf(stderr, "vfetch-vk: --vertex-buffers: exact or sized, not %s\n", v);
        return -1;
    }
    o->sized_bindings = v[0] == 's';
    return 0;
}

/* Reads the command line into o and cases (room for argc entries).
 * Returns -1 to go on, else the exit status (--help, a bad option). */
static int parse_options(int argc, char **argv, struct options *o, const char **cases,
                         int *ncases)
{
    memset(o, 0, sizeof(*o));
    o->max_mismatches = 10;
    *ncases = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--device") == 0 && i + 1 < argc) {
            o->device = argv[++i];
        } else if (strncmp(a, "--device=", 9) == 0) {
            o->device = a + 9;
        } else if (strcmp(a, "--list-devices") == 0) {
            o->list_devices = 1;
        } else if (strcmp(a, "--check-formats") == 0) {
            o->check_formats = 1;
        } else if (strcmp(a, "--json") == 0) {
            o->json = 1;
        } else if (strcmp(a, "--tamper") == 0 || strcmp(a, "--tamper=value") == 0) {
            o->tamper = VKF_TAMPER_VALUE;
        } else if (strcmp(a, "--tamper=start-vertex") == 0) {
            o->tamper = VKF_TAMPER_START_VERTEX;
        } else if (strcmp(a, "--tamper=start-instance") == 0) {
            o->tamper = VKF_TAMPER_START_INSTANCE;
        } else if (strcmp(a, "--tamper=command-offset") == 0) {
            o->tamper = VKF_TAMPER_COMMAND_OFFSET;
        } else if (strcmp(a, "--primitives") == 0) {
            o->primitives = 1;
        } else if (strcmp(a, "--accept-rotated") == 0) {
            o->accept_rotated = 1;
        } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
            o->verbose = 1;
        } else if ((strcmp(a, "--max-mismatches") == 0 && i + 1 < argc) ||
                   strncmp(a, "--max-mismatches=", 17) == 0) {
            const char *v = a[16] == '=' ? a + 17 : argv[++i];
            char *end;
            unsigned long n;
            errno = 0;
            n = strtoul(v, &end, 10);
            if (errno || *end || end == v || n > 100000) {
                fprintf(stderr, "vfetch-vk: --max-mismatches: not a count: %s\n", v);
                return VKF_EXIT_USAGE;
            }
            o->max_mismatches = (uint32_t)n;
        } else if ((strcmp(a, "--accept") == 0 && i + 1 < argc) ||
                   strncmp(a, "--accept=", 9) == 0) {
            const char *v = a[8] == '=' ? a + 9 : argv[++i];
            if (vf_diff_parse_accept(v, &o->accept) != 0) {
                fprintf(stderr, "vfetch-vk: --accept: unknown kind in '%s'\n", v);
                return VKF_EXIT_USAGE;
            }
        } else if ((strcmp(a, "--robustness") == 0 || strcmp(a, "--vertex-buffers") == 0) &&
                   i + 1 < argc) {
            if (parse_mode(a + 2, argv[++i], o) != 0)
                return VKF_EXIT_USAGE;
        } else if (strncmp(a, "--robustness=", 13) == 0 ||
                   strncmp(a, "--vertex-buffers=", 17) == 0) {
            if (parse_mode(a + 2, strchr(a, '=') + 1, o) != 0)
                return VKF_EXIT_USAGE;
        } else if ((strcmp(a, "--known-deviations") == 0 && i + 1 < argc) ||
                   strncmp(a, "--known-deviations=", 19) == 0) {
            o->known_path = a[18] == '=' ? a + 19 : argv[++i];
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return VKF_EXIT_OK;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "vfetch-vk: unknown option %s\n", a);
            usage(stderr);
            return VKF_EXIT_USAGE;
        } else {
            cases[(*ncases)++] = a;
        }
    }
    return -1;
}

/* Room for one case's report: max_mismatches differences (at least one). */
static struct vkf_case_report *report_alloc(uint32_t max_mismatches)
{
    struct vkf_case_report *r = calloc(1, sizeof(*r));

    if (r == NULL)
        return NULL;
    r->stats = calloc(VKF_MAX_FORMAT_VALUE, sizeof(*r->stats));
    r->shown = calloc(max_mismatches ? max_mismatches : 1, sizeof(*r->shown));
    if (r->stats == NULL || r->shown == NULL) {
        free(r->stats);
        free(r->shown);
        free(r);
        return NULL;
    }
    return r;
}

/* vkf_emit_fn: a report printed as it ends. */
static void emit_report(void *ctx, struct vkf_case_report *r)
{
    vkf_report_case(ctx, r);
}

/* Every case through vkf_fetch_case, each report printed as it ends.
 * Returns the worst status (usage over mismatch over equal). */
static int run_cases(struct vkf_device *dev, const struct options *o,
                     struct vf_known_list *known, struct vkf_report *rep, const char **cases,
                     int ncases)
{
    const struct vkf_fetch_options fo = {
        .rules = { .accept = o->accept, .max_mismatches = o->max_mismatches, .known = known },
        .tamper = o->tamper,
        .verbose = o->verbose && !o->json,
        .sized_bindings = o->sized_bindings,
    };
    int overall = VKF_EXIT_OK;

    for (int k = 0; k < ncases; k++) {
        struct vkf_case_report *r = report_alloc(o->max_mismatches);
        int ret;
        if (r == NULL) {
            fprintf(stderr, "vfetch-vk: out of memory\n");
            return VKF_EXIT_USAGE;
        }
        ret = vkf_fetch_case(dev, cases[k], &fo, r, emit_report, rep);
        if (ret == VKF_EXIT_USAGE)
            overall = VKF_EXIT_USAGE;
        else if (ret == VKF_EXIT_MISMATCH && overall != VKF_EXIT_USAGE)
            overall = VKF_EXIT_MISMATCH; /* a skipped case (one not replayed) fails nothing */
        free(r->stats);
        free(r->shown);
        free(r);
    }
    return overall;
}

/* Opens the device and runs the cases (fetch or --primitives). */
static int run_on_device(const struct options *o, struct vf_known_list *known,
                         const char **cases, int ncases, int overall)
{
    struct vkf_device *dev = NULL;
    struct vkf_report rep;
    char err[1024];
    int ret = vkf_open_fetch(o->device, o->robustness, &dev, err, sizeof(err));

    if (ret != VKF_EXIT_OK) {
        vkf_print_message(stderr, ret == VKF_EXIT_SKIP ? "vfetch-vk: skipped: " : "vfetch-vk: ",
                          err);
        return ret;
    }
    if (o->sized_bindings && !dev->info.bind_sizes) {
        fprintf(stderr, "vfetch-vk: skipped: --vertex-buffers sized needs "
                        "vkCmdBindVertexBuffers2 (Vulkan 1.3)\n");
        vkf_close_fetch(dev);
        return VKF_EXIT_SKIP;
    }
    if (o->primitives) {
        ret = run_primitives(dev, o, cases, ncases);
        vkf_close_fetch(dev);
        return ret;
    }
    vkf_report_begin(&rep, stdout, o->json, vkf_device_description(dev),
                     vkf_fetch_robustness(dev), o->sized_bindings);
    ret = run_cases(dev, o, known, &rep, cases, ncases);
    if (ret == VKF_EXIT_USAGE || (ret != VKF_EXIT_OK && overall != VKF_EXIT_USAGE))
        overall = ret;
    vkf_report_end(&rep, known, overall);
    vkf_close_fetch(dev);
    return overall;
}

/* `cases` has room for argc entries; main owns it, so early returns leak nothing. */
static int vfetch_vk_main(int argc, char **argv, const char **cases)
{
    struct options o;
    struct vf_known_list known = { NULL, 0 };
    int ncases = 0, overall = VKF_EXIT_OK;
    char err[1024];
    int ret = parse_options(argc, argv, &o, cases, &ncases);

    if (ret >= 0)
        return ret;
    if (o.check_formats) {
        int bad = vkf_format_check(stdout);
        printf("format map: %s\n", bad ? "WRONG" : "every component matches");
        if (ncases == 0 && !o.list_devices)
            return bad ? VKF_EXIT_MISMATCH : VKF_EXIT_OK;
        if (bad)
            overall = VKF_EXIT_MISMATCH;
    }
    if (o.list_devices) {
        ret = vkf_list_devices(stdout, err, sizeof(err));
        if (ret != VKF_EXIT_OK)
            vkf_print_message(stderr, "vfetch-vk: ", err);
        return ret;
    }
    if (ncases == 0) {
        usage(stderr);
        return VKF_EXIT_USAGE;
    }
    if (o.primitives && o.json) {
        fprintf(stderr, "vfetch-vk: --primitives prints text only, not --json\n");
        return VKF_EXIT_USAGE;
    }
    if (o.primitives && o.tamper > VKF_TAMPER_VALUE) {
        fprintf(stderr, "vfetch-vk: --primitives changes a position only (--tamper)\n");
        return VKF_EXIT_USAGE;
    }
    if (o.known_path && vf_known_load(o.known_path, &known, err, sizeof(err)) != 0) {
        fprintf(stderr, "vfetch-vk: %s\n", err);
        return VKF_EXIT_USAGE;
    }
    ret = run_on_device(&o, &known, cases, ncases, overall);
    free(known.v);
    return ret;
}

int main(int argc, char **argv)
{
    const char **cases = calloc((size_t)argc, sizeof(*cases));
    if (cases == NULL)
        return VKF_EXIT_USAGE;
    int ret = vfetch_vk_main(argc, argv, cases);
    free(cases);
    return ret;
}
