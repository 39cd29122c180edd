/*
 * peer.c - the Vulkan peer row of a case: the same draw through a Vulkan
 * driver (vk_peer.c) on the CPU (lavapipe) or a GPU, timed, and its vertex
 * inputs compared with vfetch's scalar records. Without Vulkan tools at
 * build time the row says why it is missing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#ifdef VF_BENCH_HAVE_PEER
#  include "vk_peer.h"
#endif

#ifndef VF_BENCH_HAVE_PEER

int peer_list(void)
{
    fprintf(stderr, "vfetch-bench: built without Vulkan and glslc: no peer\n");
    return 1;
}

void peer_open(struct bench *b)
{
    (void)b;
    fprintf(stderr, "vfetch-bench: Vulkan peer skipped: built without Vulkan and glslc\n");
}

void peer_announce(const struct bench *b)
{
    (void)b;
}

void peer_close(struct bench *b)
{
    (void)b;
}

void peer_row(struct bench *b, struct bench_case *c, double t_copy, double t_memcpy,
              double t_scalar)
{
    (void)b, (void)c, (void)t_copy, (void)t_memcpy, (void)t_scalar;
}

#else

int peer_list(void)
{
    char msg[200];

    if (vk_peer_list(stdout, msg, sizeof(msg)) != 0) {
        fprintf(stderr, "vfetch-bench: %s\n", msg);
        return 1;
    }
    return 0;
}

/* Without the device it names, --peer lavapipe (what `make bench` passes)
 * leaves its rows saying why; any other name stops the run before it
 * starts, since the peer was what it was for. */
void peer_open(struct bench *b)
{
    char msg[1024];

    b->peer = vk_peer_create(b->opt.peer, (enum vk_peer_mode)b->opt.peer_mode, msg,
                             sizeof(msg));
    if (b->peer == NULL && strcmp(b->opt.peer, "lavapipe") == 0) {
        fprintf(stderr, "vfetch-bench: lavapipe peer skipped: %s\n", msg);
    } else if (b->peer == NULL) {
        fprintf(stderr, "vfetch-bench: --peer %s: %s\n", b->opt.peer, msg);
        exit(2);
    } else {
        size_t n = strlen(vk_peer_row_name(b->peer));
        vk_peer_set_split_cap(b->peer, b->opt.peer_split);
        b->path_width = n > 10 ? (unsigned)n : 10;
    }
}

void peer_announce(const struct bench *b)
{
    char line[400];

    if (b->peer == NULL || b->opt.format != REPORT_TABLE)
        return;
    vk_peer_describe(b->peer, line, sizeof(line));
    printf("peer: %s\n", line);
    if (vk_peer_is_gpu(b->peer))
        printf("peer row %s: thr gpu; of copy left empty (the GPU's bytes do not move through "
               "the CPU's memory); vs scalar = the CPU's scalar time / the GPU's time\n",
               vk_peer_row_name(b->peer));
}

void peer_close(struct bench *b)
{
    vk_peer_destroy(b->peer);
    b->peer = NULL;
}

/* One 32-bit register word the driver wrote that differs from vfetch's: 1
 * when it is a UNORM/SNORM value one ulp away (the known reciprocal-multiply
 * rounding of lavapipe, tests/vk/known-deviations.txt), 0 otherwise. */
static int one_ulp(const vf_format_desc *d, uint32_t component, uint32_t mine, uint32_t theirs)
{
    if (component >= 4 || (d->type[component] != VF_TYPE_UNORM &&
                           d->type[component] != VF_TYPE_SNORM))
        return 0;
    if ((mine ^ theirs) >> 31)
        return 0; /* different signs */
    uint32_t diff = mine > theirs ? mine - theirs : theirs - mine;
    return diff == 1;
}

/* Differences between the driver's registers and vfetch's records. */
struct peer_diff {
    uint64_t words, ulp, bad, unshaded;
    uint64_t bad_elem[MAX_ELEMS];
};

/* Compares one position's record: the driver's registers are keyed by
 * (instance, vertex index), vfetch's by position. */
static void peer_compare_one(const struct bench_case *c, const uint32_t *mine,
                             const uint32_t *theirs, struct peer_diff *pd)
{
    uint32_t n = c->num_elems * 4, unset = 0;

    /* Records the driver never writes keep the all-ones fill (no bench data
     * decodes to all-ones words). */
    for (uint32_t w = 0; w < n; w++)
        unset += theirs[w] == 0xffffffffu;
    if (unset == n) {
        pd->unshaded++;
        return;
    }
    for (uint32_t w = 0; w < n; w++) {
        if (mine[w] == theirs[w])
            continue;
        const vf_format_desc *d = vf_format_info(c->elems[w / 4].format);
        if (one_ulp(d, w % 4, mine[w], theirs[w])) {
            pd->ulp++;
        } else {
            pd->bad++;
            pd->bad_elem[w / 4]++;
        }
    }
    pd->words += n;
}

static void peer_compare(const struct bench_case *c, const uint32_t *rec, struct peer_diff *pd)
{
    uint32_t cut = c->ibv.format == VF_FORMAT_R16_UINT ? 0xffffu : 0xffffffffu;

    for (uint32_t i = 0; i < c->instances; i++) {
        for (uint32_t p = 0; p < c->positions; p++) {
            uint32_t v = p;
            if (c->desc.indexed) {
                v = c->ibv.format == VF_FORMAT_R16_UINT ? ((const uint16_t *)c->ib)[p]
                                                        : ((const uint32_t *)c->ib)[p];
                if (c->desc.strip_cut_value && v == cut)
                    continue;
            }
            const uint32_t *mine = (const uint32_t *)(const void *)
                ((const uint8_t *)c->out + ((size_t)i * c->positions + p) * c->record_bytes);
            const uint32_t *theirs = rec + ((size_t)i * c->unique_vertices + v) * c->num_elems * 4;
            peer_compare_one(c, mine, theirs, pd);
        }
    }
}

/* The check column: "ok", "ok (1ulp: N)" when the only differences are
 * one-ulp UNORM/SNORM values, else "MISMATCH" with the words per element. */
static void peer_check(struct bench *b, struct bench_case *c, char *buf, size_t size)
{
    struct peer_diff pd;

    snprintf(buf, size, "-");
    if (b->opt.output_shape != VF_OUTPUT_AOS)
        return;
    const uint32_t *rec = vk_peer_draw_records(b->peer);
    if (rec == NULL)
        return;
    if (vf_draw(c->layouts[VF_ISA_SCALAR], &c->desc, c->out, c->out_size) != VF_OK)
        return;
    memset(&pd, 0, sizeof(pd));
    peer_compare(c, rec, &pd);
    size_t len;
    if (pd.bad == 0 && pd.ulp == 0)
        len = (size_t)snprintf(buf, size, "ok");
    else if (pd.bad == 0)
        len = (size_t)snprintf(buf, size, "ok (1ulp: %llu)", (unsigned long long)pd.ulp);
    else
        len = (size_t)snprintf(buf, size, "MISMATCH: %llu/%llu words (1ulp: %llu):",
                               (unsigned long long)pd.bad, (unsigned long long)pd.words,
                               (unsigned long long)pd.ulp);
    for (uint32_t e = 0; pd.bad && e < c->num_elems && len < size; e++)
        if (pd.bad_elem[e])
            len += (size_t)snprintf(buf + len, size - len, " %s%u %llu",
                                    c->elems[e].semantic_name, c->elems[e].semantic_index,
                                    (unsigned long long)pd.bad_elem[e]);
    if (pd.unshaded && len < size)
        snprintf(buf + len, size - len, ", %llu positions not shaded",
                 (unsigned long long)pd.unshaded);
}

static void peer_describe(const struct bench_case *c, struct vk_peer_draw *pd)
{
    memset(pd, 0, sizeof(*pd));
    pd->elems = c->elems;
    pd->num_elems = c->num_elems;
    for (uint32_t e = 0; e < c->num_elems; e++) {
        vf_layout_element_info info;
        vf_layout_element(c->layouts[VF_ISA_SCALAR], e, &info);
        pd->offsets[e] = info.byte_offset;
    }
    pd->layout_name = c->layout_name;
    pd->nslots = c->nslots;
    for (uint32_t s = 0; s < c->nslots; s++) {
        pd->vb[s] = c->vb[s];
        pd->vb_size[s] = c->vbv[s].size_in_bytes;
        pd->stride[s] = c->stride[s];
        pd->per_instance[s] = c->slot_class[s] == VF_INPUT_PER_INSTANCE_DATA;
        pd->step[s] = c->step[s];
    }
    pd->indexed = c->desc.indexed;
    pd->ib = c->ib;
    pd->ib_size = c->ib ? c->ibv.size_in_bytes : 0;
    pd->index32 = c->ib && c->ibv.format == VF_FORMAT_R32_UINT;
    pd->strip = c->desc.primitive_topology == VF_TOPOLOGY_TRIANGLESTRIP;
    pd->count = c->positions;
    pd->instances = c->instances;
    pd->unique_vertices = c->unique_vertices;
}

/* The peer's time of the draw into r: GPU timestamps when the peer has
 * them, else the host's clock around submit + wait, as every other path. */
static int peer_measure(struct bench *b, struct result *r)
{
    double samples[MAX_REPS];
    uint32_t draws;

    if (!vk_peer_device_timed(b->peer)) {
        if (measure(b, vk_peer_run, b->peer, r) != 0) {
            snprintf(r->error, sizeof(r->error), "draw failed");
            return -1;
        }
        return 0;
    }
    if (vk_peer_time(b->peer, b->opt.reps, b->opt.min_time, samples, &draws, r->error,
                     sizeof(r->error)) != 0)
        return -1;
    bu_summary(samples, b->opt.reps, &r->t_med, &r->t_min, &r->t_max);
    return 0;
}

/* A draw the peer split says so after the check: how many draws, the
 * records each writes at most, the limit that cut it. */
static void peer_split_note(const struct bench *b, char *buf, size_t size)
{
    uint64_t window;
    const char *why;
    uint32_t parts = vk_peer_split(b->peer, &window, &why);
    size_t len = strlen(buf);

    if (parts > 1 && len < size)
        snprintf(buf + len, size - len,
                 "; split into %u draws of at most %.1f %s of records (%s); times summed",
                 parts, (double)window / (window >= (1u << 20) ? 1048576.0 : 1024.0),
                 window >= (1u << 20) ? "MiB" : "KiB", why);
}

void peer_row(struct bench *b, struct bench_case *c, double t_copy, double t_memcpy,
              double t_scalar)
{
    struct result r;
    struct vk_peer_draw pd;
    char msg[120];

    if (b->peer == NULL) {
        result_init(&r, c, "lavapipe", "peer", 0);
        snprintf(r.error, sizeof(r.error), "skipped: no Vulkan device");
        report_result(b, &r);
        return;
    }
    result_init(&r, c, vk_peer_row_name(b->peer), "peer", 0);
    r.gpu = vk_peer_is_gpu(b->peer);
    peer_describe(c, &pd);
    if (vk_peer_prepare(b->peer, &pd, msg, sizeof(msg)) != 0) {
        snprintf(r.error, sizeof(r.error), "skipped: %s", msg);
        vk_peer_release(b->peer);
        report_result(b, &r);
        return;
    }
    r.threads = vk_peer_threads(b->peer);
    if (peer_measure(b, &r) == 0) {
        /* A GPU's time against the CPU's copy says nothing of the bytes it
         * moved: of copy stays empty. */
        if (!r.gpu) {
            r.of_copy = t_copy / r.t_med;
            r.of_memcpy = t_memcpy / r.t_med;
        }
        r.scalar_speedup = t_scalar / r.t_med;
        peer_check(b, c, r.check, sizeof(r.check));
        peer_split_note(b, r.check, sizeof(r.check));
    }
    vk_peer_release(b->peer);
    report_result(b, &r);
}

#endif
