/*
 * check_threads.c - many threads drawing at once through one shared layout.
 *
 * Every result must equal a single-threaded reference draw, byte for byte:
 *  - 8 threads each running whole draws into their own outputs;
 *  - 8 threads filling disjoint parts of one output with vf_fetch_range;
 *  - 4 threads sharing one vf_thread_pool (concurrent draws take turns);
 *  - pools created, used and destroyed over and over;
 *  - workers of a job system building a draw with vf_fetch_range, and pools
 *    of 1..4 threads on large draws, against the IA reference walker
 *    (tests/ref/ia_ref.c) and the single-thread output;
 *  - the very first calls into the library (ISA selection and its cache)
 *    made from 8 threads at once: this case runs first so that, in one
 *    process (CK_FORK=no, as under ThreadSanitizer), it is the first use.
 * scripts/ci-tsan.sh runs this program under ThreadSanitizer; here the
 * checks are the outputs.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "draw_helpers.h"
#include "ia_ref.h"
#include "test_util.h"
#include "vfetch.h"

#define NTHREADS 8u
#define VERTICES 1000u
#define INSTANCES 3u
#define CHUNK 64u /* positions per vf_fetch_range call: a multiple of every lane count */

struct scene {
    vf_layout *layout;
    vf_guarded vb0, vb1, ib;
    vf_vertex_buffer_view views[2];
    vf_index_buffer_view ibv;
    vf_draw_desc desc;
    size_t out_size;
    uint8_t *ref;
    size_t unit_bytes;     /* bytes of one record (AoS) or batch (SoA) */
    uint32_t lanes;
};

/* NULL on failure; callable from any thread (no Check assertion). */
static vf_layout *try_scene_layout(uint32_t shape, uint32_t isa)
{
    static const vf_input_element_desc d[] = {
        { "POSITION", 0, VF_FORMAT_R32G32B32_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "NORMAL", 0, VF_FORMAT_R10G10B10A2_UNORM, 0, VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "TEXCOORD", 0, VF_FORMAT_R16G16_FLOAT, 0, VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "COLOR", 0, VF_FORMAT_R8G8B8A8_SNORM, 0, VF_APPEND_ALIGNED_ELEMENT, VF_INPUT_PER_VERTEX_DATA, 0 },
        { "INSTANCE", 0, VF_FORMAT_R32G32B32A32_UINT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 2 },
    };
    static const uint32_t maps[] = { VF_DEFAULT_COMPONENT_MAPPING, VF_DEFAULT_COMPONENT_MAPPING,
                                     VF_ENCODE_COMPONENT_MAPPING(1, 0, 4, 5),
                                     VF_DEFAULT_COMPONENT_MAPPING, VF_DEFAULT_COMPONENT_MAPPING };
    vf_layout_options o;
    vf_layout_options_init(&o);
    o.component_mappings = maps;
    o.system_values = VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID | VF_SV_FLAGS;
    o.output_shape = shape;
    o.isa = isa;
    vf_layout *layout = NULL;
    if (vf_layout_create(d, 5, &o, &layout, NULL) != VF_OK)
        return NULL;
    return layout;
}

static vf_layout *scene_layout(uint32_t shape, uint32_t isa)
{
    vf_layout *layout = try_scene_layout(shape, isa);
    ck_assert_ptr_nonnull(layout);
    return layout;
}

/* An indexed strip draw with cuts and some out-of-range indices. */
static void scene_init(struct scene *s, uint32_t shape)
{
    memset(s, 0, sizeof(*s));
    s->layout = scene_layout(shape, VF_ISA_AUTO);
    vf_rng rng;
    vf_rng_seed(&rng, 0x7157);
    uint32_t stride = 28; /* 12 + 4 + 4 + 4, and 4 bytes of padding */
    vf_guarded_alloc(&s->vb0, 900 * stride + 12, VF_GUARD_AFTER);
    vf_guarded_alloc(&s->vb1, 16 * 2, VF_GUARD_AFTER);
    vf_guarded_alloc(&s->ib, VERTICES * 4, VF_GUARD_AFTER);
    vf_rng_fill(&rng, s->vb0.data, s->vb0.size);
    vf_rng_fill(&rng, s->vb1.data, s->vb1.size);
    for (uint32_t i = 0; i < VERTICES; i++) {
        uint32_t idx = vf_rng_below(&rng, 1000); /* past 900: out of bounds */
        if (vf_rng_below(&rng, 50) == 0)
            idx = 0xFFFFFFFFu; /* a cut */
        memcpy(s->ib.data + 4 * i, &idx, 4);
    }
    s->views[0] = (vf_vertex_buffer_view){ s->vb0.data, (uint32_t)s->vb0.size, stride };
    s->views[1] = (vf_vertex_buffer_view){ s->vb1.data, (uint32_t)s->vb1.size, 16 };
    s->ibv = (vf_index_buffer_view){ s->ib.data, (uint32_t)s->ib.size, VF_FORMAT_R32_UINT };
    vf_draw_desc_init(&s->desc);
    s->desc.vertex_buffers = s->views;
    s->desc.num_vertex_buffers = 2;
    s->desc.indexed = 1;
    s->desc.index_buffer = &s->ibv;
    s->desc.strip_cut_value = VF_STRIP_CUT_VALUE_0xFFFFFFFF;
    s->desc.primitive_topology = VF_TOPOLOGY_TRIANGLESTRIP;
    s->desc.vertex_count_per_instance = VERTICES;
    s->desc.instance_count = INSTANCES;
    s->desc.base_vertex_location = -3;
    s->desc.start_instance_location = 0;
    ck_assert_int_eq(vf_draw_output_size(s->layout, VERTICES, INSTANCES, &s->out_size), VF_OK);
    s->lanes = shape == VF_OUTPUT_AOS ? 1 : shape;
    s->unit_bytes = vf_layout_record_size(s->layout) * s->lanes;
    s->ref = aligned_alloc(16, s->out_size);
    ck_assert_ptr_nonnull(s->ref);
    ck_assert_int_eq(vf_draw(s->layout, &s->desc, s->ref, s->out_size), VF_OK);
}

static void scene_free(struct scene *s)
{
    vf_layout_destroy(s->layout);
    vf_guarded_free(&s->vb0);
    vf_guarded_free(&s->vb1);
    vf_guarded_free(&s->ib);
    free(s->ref);
}

static void run_threads(void *(*fn)(void *), void *args, size_t arg_size, uint32_t n)
{
    pthread_t t[NTHREADS];
    ck_assert_uint_le(n, NTHREADS);
    for (uint32_t i = 0; i < n; i++)
        ck_assert_int_eq(pthread_create(&t[i], NULL, fn, (uint8_t *)args + i * arg_size), 0);
    for (uint32_t i = 0; i < n; i++)
        ck_assert_int_eq(pthread_join(t[i], NULL), 0);
}

/* ------------------------------------------------------------------------ */

struct first_use_arg {
    uint32_t isa;
    vf_result result;
    int same;
};

static void *first_use_thread(void *p)
{
    struct first_use_arg *a = p;
    /* Everything that may initialise something once. */
    a->isa = vf_isa_default();
    vf_layout *layout = NULL;
    a->result = vf_layout_create(NULL, 0, NULL, &layout, NULL);
    vf_layout_destroy(layout);
    vf_layout *l = try_scene_layout(VF_OUTPUT_AOS, VF_ISA_AUTO);
    a->same = l && vf_layout_isa(l) == a->isa;
    vf_layout_destroy(l);
    return NULL;
}

START_TEST(test_first_use)
{
    struct first_use_arg args[NTHREADS];
    memset(args, 0, sizeof(args));
    run_threads(first_use_thread, args, sizeof(args[0]), NTHREADS);
    for (uint32_t i = 0; i < NTHREADS; i++) {
        ck_assert_int_eq(args[i].result, VF_OK);
        ck_assert_uint_eq(args[i].isa, args[0].isa);
        ck_assert(args[i].same);
    }
    ck_assert_uint_eq(args[0].isa, vf_isa_default());
}
END_TEST

/* ------------------------------------------------------------------------ */

struct draw_arg {
    const struct scene *s;
    vf_thread_pool *pool;
    int iterations;
    int equal;
    vf_result result;
};

static void *scene_draw_thread(void *p)
{
    struct draw_arg *a = p;
    const struct scene *s = a->s;
    uint8_t *out = aligned_alloc(16, s->out_size);
    a->equal = out != NULL;
    a->result = VF_OK;
    for (int it = 0; out && it < a->iterations; it++) {
        vf_draw_desc desc = s->desc;
        desc.pool = a->pool;
        memset(out, 0xCD, s->out_size);
        vf_result r = vf_draw(s->layout, &desc, out, s->out_size);
        if (r != VF_OK)
            a->result = r;
        if (memcmp(out, s->ref, s->out_size) != 0)
            a->equal = 0;
    }
    free(out);
    return NULL;
}

static void check_draw_threads(uint32_t shape)
{
    struct scene s;
    scene_init(&s, shape);
    struct draw_arg args[NTHREADS];
    for (uint32_t i = 0; i < NTHREADS; i++)
        args[i] = (struct draw_arg){ &s, NULL, 3, 0, VF_OK };
    run_threads(scene_draw_thread, args, sizeof(args[0]), NTHREADS);
    for (uint32_t i = 0; i < NTHREADS; i++) {
        ck_assert_int_eq(args[i].result, VF_OK);
        ck_assert_msg(args[i].equal, "thread %u: output differs from the reference", i);
    }
    scene_free(&s);
}

START_TEST(test_draws_aos)
{
    check_draw_threads(VF_OUTPUT_AOS);
}
END_TEST

START_TEST(test_draws_soa8)
{
    check_draw_threads(VF_OUTPUT_SOA8);
}
END_TEST

/* ------------------------------------------------------------------------ */

struct range_arg {
    const struct scene *s;
    uint8_t *out;       /* the shared output */
    uint32_t index, n;  /* this thread takes chunks index, index + n, ... */
    vf_result result;
};

static void *range_thread(void *p)
{
    struct range_arg *a = p;
    const struct scene *s = a->s;
    uint32_t chunks = (VERTICES + CHUNK - 1) / CHUNK;
    size_t units_per_instance = (VERTICES + s->lanes - 1) / s->lanes;
    a->result = VF_OK;
    for (uint32_t c = a->index; c < chunks * INSTANCES; c += a->n) {
        uint32_t inst = c / chunks, first = c % chunks * CHUNK;
        uint32_t count = VERTICES - first < CHUNK ? VERTICES - first : CHUNK;
        size_t unit = inst * units_per_instance + first / s->lanes;
        size_t bytes = (count + s->lanes - 1) / s->lanes * s->unit_bytes;
        vf_result r = vf_fetch_range(s->layout, &s->desc, inst, first, count,
                                     a->out + unit * s->unit_bytes, bytes);
        if (r != VF_OK)
            a->result = r;
    }
    return NULL;
}

static void check_range_threads(uint32_t shape)
{
    struct scene s;
    scene_init(&s, shape);
    uint8_t *out = aligned_alloc(16, s.out_size);
    ck_assert_ptr_nonnull(out);
    memset(out, 0xCD, s.out_size);
    struct range_arg args[NTHREADS];
    for (uint32_t i = 0; i < NTHREADS; i++)
        args[i] = (struct range_arg){ &s, out, i, NTHREADS, VF_OK };
    run_threads(range_thread, args, sizeof(args[0]), NTHREADS);
    for (uint32_t i = 0; i < NTHREADS; i++)
        ck_assert_int_eq(args[i].result, VF_OK);
    for (size_t b = 0; b < s.out_size; b++)
        ck_assert_msg(out[b] == s.ref[b], "byte %zu (unit %zu) differs from the reference", b,
                      b / s.unit_bytes);
    free(out);
    scene_free(&s);
}

START_TEST(test_ranges_aos)
{
    check_range_threads(VF_OUTPUT_AOS);
}
END_TEST

START_TEST(test_ranges_soa16)
{
    check_range_threads(VF_OUTPUT_SOA16);
}
END_TEST

/* ------------------------------------------------------------------------ */

START_TEST(test_shared_pool)
{
    struct scene s;
    scene_init(&s, VF_OUTPUT_AOS);
    vf_thread_pool *pool = NULL;
    ck_assert_int_eq(vf_thread_pool_create(4, &pool), VF_OK);
    vf_thread_pool_set_min_bytes(pool, 0); /* split these small draws too */
    struct draw_arg args[4];
    for (uint32_t i = 0; i < 4; i++)
        args[i] = (struct draw_arg){ &s, pool, 4, 0, VF_OK };
    run_threads(scene_draw_thread, args, sizeof(args[0]), 4);
    for (uint32_t i = 0; i < 4; i++) {
        ck_assert_int_eq(args[i].result, VF_OK);
        ck_assert_msg(args[i].equal, "caller %u: pooled output differs from the reference", i);
    }
    vf_thread_pool_destroy(pool);
    scene_free(&s);
}
END_TEST

/* Pools of every small size, created, used once or twice, destroyed. */
START_TEST(test_pool_lifecycle)
{
    struct scene s;
    scene_init(&s, VF_OUTPUT_SOA4);
    for (uint32_t round = 0; round < 12; round++) {
        vf_thread_pool *pool = NULL;
        ck_assert_int_eq(vf_thread_pool_create(1 + round % 6, &pool), VF_OK);
        vf_thread_pool_set_min_bytes(pool, 0);
        struct draw_arg a = { &s, pool, 1 + (int)(round % 2), 0, VF_OK };
        scene_draw_thread(&a);
        ck_assert_int_eq(a.result, VF_OK);
        ck_assert_msg(a.equal, "round %u: pooled output differs", round);
        vf_thread_pool_destroy(pool);
    }
    /* A pool nobody ever used. */
    vf_thread_pool *idle = NULL;
    ck_assert_int_eq(vf_thread_pool_create(3, &idle), VF_OK);
    vf_thread_pool_destroy(idle);
    scene_free(&s);
}
END_TEST

/* Every available ISA through the pool gives the scalar bytes. */
START_TEST(test_pool_every_isa)
{
    struct scene s;
    scene_init(&s, VF_OUTPUT_AOS);
    vf_thread_pool *pool = NULL;
    ck_assert_int_eq(vf_thread_pool_create(3, &pool), VF_OK);
    vf_thread_pool_set_min_bytes(pool, 0);
    vf_layout *scalar = scene_layout(VF_OUTPUT_AOS, VF_ISA_SCALAR);
    uint8_t *want = aligned_alloc(16, s.out_size), *got = aligned_alloc(16, s.out_size);
    ck_assert(want && got);
    ck_assert_int_eq(vf_draw(scalar, &s.desc, want, s.out_size), VF_OK);
    for (uint32_t isa = VF_ISA_SCALAR; isa < VF_ISA_COUNT; isa++) {
        if (!vf_isa_available(isa))
            continue;
        vf_layout *l = scene_layout(VF_OUTPUT_AOS, isa);
        vf_draw_desc desc = s.desc;
        desc.pool = pool;
        memset(got, 0xCD, s.out_size);
        ck_assert_int_eq(vf_draw(l, &desc, got, s.out_size), VF_OK);
        ck_assert_msg(memcmp(got, want, s.out_size) == 0, "isa %s differs from scalar",
                      vf_isa_name(isa));
        vf_layout_destroy(l);
    }
    free(want);
    free(got);
    vf_layout_destroy(scalar);
    vf_thread_pool_destroy(pool);
    scene_free(&s);
}
END_TEST


/* ------------------------------------------------------------------------ */
/* Ranges from a job system, and pools of every size                         */
/* ------------------------------------------------------------------------ */

struct repeat_draw {
    const vf_layout *layout;
    const vf_draw_desc *desc;
    const uint32_t *want;
    size_t size;
    int ok;
};

static void *repeat_draw_thread(void *arg)
{
    struct repeat_draw *s = arg;
    uint32_t *out = xalloc(s->size);
    s->ok = 1;
    for (int rep = 0; rep < 20 && s->ok; rep++) {
        memset(out, 0, s->size);
        if (vf_draw(s->layout, s->desc, out, s->size) != VF_OK ||
            memcmp(out, s->want, s->size) != 0)
            s->ok = 0;
    }
    free(out);
    return NULL;
}

struct range_job {
    const vf_layout *layout;
    const vf_draw_desc *desc;
    uint8_t *out;
    size_t batch_bytes;
    uint32_t lanes, batches, piece;
    uint32_t next; /* next piece; guarded by lock */
    pthread_mutex_t lock;
    int failed;
};

/* A job-system worker: takes pieces of the draw and writes each where the
 * whole draw would put it. */
static void *range_worker(void *arg)
{
    struct range_job *job = arg;
    uint32_t v = job->desc->vertex_count_per_instance;
    uint32_t per_instance = (job->batches + job->piece - 1) / job->piece;
    uint32_t total = job->desc->instance_count * per_instance;
    for (;;) {
        pthread_mutex_lock(&job->lock);
        uint32_t c = job->next++;
        pthread_mutex_unlock(&job->lock);
        if (c >= total)
            break;
        uint32_t j = c / per_instance, b = c % per_instance * job->piece;
        uint32_t nb = job->piece < job->batches - b ? job->piece : job->batches - b;
        uint32_t first = b * job->lanes;
        uint32_t count = nb * job->lanes < v - first ? nb * job->lanes : v - first;
        size_t at = ((size_t)j * job->batches + b) * job->batch_bytes;
        if (vf_fetch_range(job->layout, job->desc, j, first, count, job->out + at,
                           (size_t)nb * job->batch_bytes) != VF_OK) {
            pthread_mutex_lock(&job->lock);
            job->failed = 1;
            pthread_mutex_unlock(&job->lock);
        }
    }
    return NULL;
}

/* vf_fetch_range from four threads at once builds the whole draw. */
START_TEST(test_fetch_range_threads)
{
    vf_input_element_desc d[3] = {
        el("A", 0, VF_FORMAT_R16G16B16A16_FLOAT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R10G10B10A2_UINT, 0, 8, VF_INPUT_PER_VERTEX_DATA, 0),
        el("C", 0, VF_FORMAT_R32G32_FLOAT, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 1),
    };
    vf_rng rng;
    vf_rng_seed(&rng, 4242);
    size_t bytes = 12 * 3000;
    uint8_t *b0 = xalloc(bytes), *b1 = xalloc(8 * 8);
    vf_rng_fill(&rng, b0, bytes);
    vf_rng_fill(&rng, b1, 64);
    vf_vertex_buffer_view vbs[2] = { { b0, (uint32_t)bytes, 12 }, { b1, 64, 8 } };
    uint16_t idx[2500];
    for (int i = 0; i < 2500; i++)
        idx[i] = (uint16_t)(i % 97 == 3 ? 0xffff : vf_rng_below(&rng, 3100));
    vf_index_buffer_view ib = { idx, sizeof(idx), VF_FORMAT_R16_UINT };
    for (uint32_t shape = 0; shape <= 16; shape = shape ? shape * 2 : 4) {
        vf_layout *layout = make_layout_full(d, 3, NULL, VF_SV_VERTEX_ID | VF_SV_FLAGS, shape,
                                             NULL, 0);
        vf_draw_desc dd = indexed_desc(vbs, 2, &ib, 1, VF_TOPOLOGY_LINESTRIP, 2500, 10, 0, 0, 0);
        size_t words;
        uint32_t *want = draw_words(layout, &dd, &words);
        struct range_job job;
        memset(&job, 0, sizeof(job));
        job.layout = layout;
        job.desc = &dd;
        job.lanes = shape ? shape : 1;
        job.batches = (2500 + job.lanes - 1) / job.lanes;
        job.batch_bytes = vf_layout_record_size(layout) * job.lanes;
        job.piece = 160 / job.lanes;
        job.out = xalloc(words * 4);
        memset(job.out, 0xCD, words * 4);
        ck_assert_int_eq(pthread_mutex_init(&job.lock, NULL), 0);
        pthread_t th[4];
        for (int k = 0; k < 4; k++)
            ck_assert_int_eq(pthread_create(&th[k], NULL, range_worker, &job), 0);
        for (int k = 0; k < 4; k++)
            pthread_join(th[k], NULL);
        pthread_mutex_destroy(&job.lock);
        ck_assert(!job.failed);
        expect_same((const uint32_t *)(const void *)job.out, want, words, "threaded ranges");
        free(job.out);
        free(want);
        vf_layout_destroy(layout);
    }
    free(b0);
    free(b1);
}
END_TEST

/* Pools of 1..4 threads give the single-thread output for large draws of
 * every shape; concurrent draws on one pool take turns correctly. */
START_TEST(test_pool)
{
    vf_input_element_desc d[2] = {
        el("A", 0, VF_FORMAT_R32G32B32A32_UINT, 0, 0, VF_INPUT_PER_VERTEX_DATA, 0),
        el("B", 0, VF_FORMAT_R16G16_UNORM, 1, 0, VF_INPUT_PER_INSTANCE_DATA, 3),
    };
    size_t bytes = 16 * 20000;
    uint8_t *b0 = xalloc(bytes), *b1 = xalloc(64);
    fill_addr(b0, bytes, 1);
    fill_addr(b1, 64, 2);
    vf_vertex_buffer_view vbs[2] = { { b0, (uint32_t)bytes, 16 }, { b1, 64, 4 } };
    static const uint32_t vs[4] = { 20001, 3, 1000, 17 };
    static const uint32_t is[4] = { 2, 999, 7, 1 };
    for (uint32_t lanes = 1; lanes <= 16; lanes *= 2) {
        if (lanes == 2)
            continue;
        vf_layout *layout = make_layout_full(d, 2, NULL, VF_SV_VERTEX_ID | VF_SV_INSTANCE_ID |
                                             VF_SV_FLAGS, lanes == 1 ? 0 : lanes, NULL, 0);
        for (int c = 0; c < 4; c++) {
            vf_draw_desc dd = draw_desc(vbs, 2, vs[c], is[c], 5, 1);
            size_t words;
            uint32_t *want = draw_words(layout, &dd, &words);
            for (uint32_t t = 1; t <= 4; t++) {
                vf_thread_pool *pool;
                ck_assert_int_eq(vf_thread_pool_create(t, &pool), VF_OK);
                dd.pool = pool;
                /* The default size threshold (this draw runs on the caller
                 * alone), none (split) and the largest (never split). */
                for (int m = 0; m < 3; m++) {
                    if (m == 1)
                        vf_thread_pool_set_min_bytes(pool, 0);
                    if (m == 2)
                        vf_thread_pool_set_min_bytes(pool, SIZE_MAX);
                    uint32_t *got = draw_words(layout, &dd, NULL);
                    expect_same(got, want, words, "pool");
                    free(got);
                }
                vf_thread_pool_set_min_bytes(pool, 0);
                if (t == 3 && c == 2) {
                    /* Two application threads share the pool. */
                    struct repeat_draw sd[2] = { { layout, &dd, want, words * 4, 0 },
                                                 { layout, &dd, want, words * 4, 0 } };
                    pthread_t th[2];
                    for (int k = 0; k < 2; k++)
                        ck_assert_int_eq(pthread_create(&th[k], NULL, repeat_draw_thread, &sd[k]), 0);
                    for (int k = 0; k < 2; k++) {
                        pthread_join(th[k], NULL);
                        ck_assert(sd[k].ok);
                    }
                }
                vf_thread_pool_destroy(pool);
                dd.pool = NULL;
            }
            free(want);
        }
        vf_layout_destroy(layout);
    }
    /* A large pool on a small draw, and create/destroy without draws. */
    vf_thread_pool *pool;
    ck_assert_int_eq(vf_thread_pool_create(256, &pool), VF_OK);
    vf_thread_pool_destroy(pool);
    vf_thread_pool_set_min_bytes(NULL, 0); /* ignored */
    free(b0);
    free(b1);
}

static Suite *suite_threads(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_first_use); /* first: see the header comment */
    tcase_add_test(tc, test_draws_aos);
    tcase_add_test(tc, test_draws_soa8);
    tcase_add_test(tc, test_ranges_aos);
    tcase_add_test(tc, test_ranges_soa16);
    tcase_add_test(tc, test_shared_pool);
    tcase_add_test(tc, test_pool_lifecycle);
    tcase_add_test(tc, test_pool_every_isa);
    tcase_add_test(tc, test_pool);
    tcase_add_test(tc, test_fetch_range_threads);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(suite_threads());
}
