/*
 * check_roofline.c - vfetch-bench's copy roofline (bench/roofline.c), the
 * bound every fetch path is measured against: with memcpy and with
 * non-temporal stores, alone or shared by several workers, it writes every
 * output byte, each with a byte of the input (or zero where there is no
 * input), and reads and writes nothing outside the caller's buffers (each
 * buffer has a PROT_NONE page on one side).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "roofline.h"
#include "test_util.h"

#define POISON 0xa5

struct copy_case {
    size_t out_size;
    size_t in_sizes[3];
    unsigned workers;
    int nt;
    int guard;     /* VF_GUARD_AFTER or VF_GUARD_BEFORE */
};

/* Input bytes are never the poison, so a byte left unwritten shows. */
static void fill_input(vf_guarded *g, vf_rng *rng)
{
    for (size_t i = 0; i < g->size; i++)
        g->data[i] = (uint8_t)vf_rng_below(rng, POISON);
}

struct worker {
    struct roofline_job *job;
    _Alignas(16) uint8_t scratch[ROOFLINE_SCRATCH_SIZE];
};

static void *work(void *arg)
{
    struct worker *w = arg;
    memset(w->scratch, POISON, sizeof(w->scratch));
    roofline_work(w->job, w->scratch);
    return NULL;
}

/* Runs one case, its workers on threads of their own taking chunks from
 * the job's counter; the output's bytes must all be input bytes or zero. */
static void run_case(const struct copy_case *cc, vf_rng *rng)
{
    vf_guarded in[3], out;
    struct roofline_span spans[3];
    unsigned nin = 0;
    int seen[256] = { 0 };

    for (unsigned s = 0; s < 3 && cc->in_sizes[s] != 0; s++, nin++) {
        vf_guarded_alloc(&in[s], cc->in_sizes[s], cc->guard);
        fill_input(&in[s], rng);
        spans[s].data = in[s].data;
        spans[s].size = in[s].size;
        for (size_t i = 0; i < in[s].size; i++)
            seen[in[s].data[i]] = 1;
    }
    seen[0] = 1;
    vf_guarded_alloc(&out, cc->out_size, cc->guard);
    memset(out.data, POISON, cc->out_size);

    struct roofline_job job;
    roofline_init(&job, spans, nin, out.data, cc->out_size, cc->nt, cc->workers);
    struct worker workers[3];
    pthread_t threads[3];
    for (unsigned w = 0; w < cc->workers; w++) {
        workers[w].job = &job;
        ck_assert_int_eq(pthread_create(&threads[w], NULL, work, &workers[w]), 0);
    }
    for (unsigned w = 0; w < cc->workers; w++)
        pthread_join(threads[w], NULL);
    size_t bad = cc->out_size;
    for (size_t i = 0; i < cc->out_size && bad == cc->out_size; i++)
        if (!seen[out.data[i]])
            bad = i;
    ck_assert_msg(bad == cc->out_size,
                  "out %zu B (at +%u), in %zu+%zu+%zu B, %u workers, nt %d: byte %zu is %#x",
                  cc->out_size, (unsigned)((uintptr_t)out.data & 63), cc->in_sizes[0],
                  cc->in_sizes[1], cc->in_sizes[2], cc->workers, cc->nt, bad,
                  bad < cc->out_size ? out.data[bad] : 0);
    vf_guarded_free(&out);
    for (unsigned s = 0; s < nin; s++)
        vf_guarded_free(&in[s]);
}

static const size_t out_sizes[] = { 1, 63, 64, 65, 4096, 4159, 65536, 65536 + 17, 300001 };
static const size_t in_sets[][3] = {
    { 0, 0, 0 },      { 10, 0, 0 },       { 63, 0, 0 },     { 64, 0, 0 },
    { 5000, 0, 0 },   { 100000, 7, 0 },   { 3, 5, 4096 },   { 400000, 0, 0 },
    { 1, 70000, 65 },
};

/* Every output size with every input shape, both stores, one and three
 * workers, the guard page after the buffers and before them. The guarded
 * buffers' starts move with their sizes, so the output's alignment varies
 * too. */
START_TEST(test_every_byte)
{
    vf_rng rng;
    vf_rng_seed(&rng, 0x700f11e + (uint64_t)_i);
    int nt = _i & 1, guard = (_i >> 1) & 1;
    for (size_t o = 0; o < sizeof(out_sizes) / sizeof(out_sizes[0]); o++)
        for (size_t s = 0; s < sizeof(in_sets) / sizeof(in_sets[0]); s++)
            for (unsigned workers = 1; workers <= 3; workers += 2) {
                struct copy_case cc = { out_sizes[o], { 0 }, workers, nt, guard };
                memcpy(cc.in_sizes, in_sets[s], sizeof(cc.in_sizes));
                run_case(&cc, &rng);
            }
}
END_TEST

/* An output of no bytes: nothing written, nothing read past the input. */
START_TEST(test_empty_output)
{
    vf_guarded in;
    vf_rng rng;
    vf_rng_seed(&rng, 7);
    vf_guarded_alloc(&in, 1000, VF_GUARD_AFTER);
    fill_input(&in, &rng);
    struct roofline_span span = { in.data, in.size };
    uint8_t canary = POISON;
    for (int nt = 0; nt < 2; nt++) {
        struct roofline_job job;
        _Alignas(16) uint8_t scratch[ROOFLINE_SCRATCH_SIZE];
        roofline_init(&job, &span, 1, &canary, 0, nt, 1);
        roofline_work(&job, scratch);
        ck_assert_uint_eq(canary, POISON);
    }
    vf_guarded_free(&in);
}
END_TEST

static Suite *roofline_suite(void)
{
    Suite *s = suite_create("roofline");
    TCase *tc = tcase_create("copy");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_every_byte, 0, 4);
    tcase_add_test(tc, test_empty_output);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(roofline_suite());
}
