/*
 * check_unorm_split.c - the quotient the generated kernels compute for a
 * UNORM/SNORM code (lib/x86/jit/jit_format.c, emit_unorm): with the
 * divisor's reciprocal split as r = fl(1/d) and rl = fl(1/d - r),
 * fma(c, r, fl(c * rl)) must be the correctly rounded c / d for every code
 * c of every divisor a template uses. The expected quotient comes from
 * double division: c / d is never within 2^-41 (relative) of a float
 * rounding boundary unless it is one exactly (d < 2^16, c < 2^16), so
 * rounding the double quotient to float rounds the exact one.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check_main.h"

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

/* Every code c = k * unit, k in [-kmax, kmax], of divisor d. */
static void check_divisor(uint32_t d, uint32_t unit, int32_t kmax)
{
    volatile float df = (float)d; /* no constant folding of the splits */
    float r = 1.0f / df;
    float rl = (float)(1.0 / (double)df - (double)r);
    for (int32_t k = -kmax; k <= kmax; k++) {
        float c = (float)((double)k * unit);
        volatile float t = c * rl; /* its own rounding, as vmulps */
        float got = fmaf(c, r, t);
        float want = (float)((double)k * unit / (double)d);
        if (bits(got) != bits(want))
            ck_abort_msg("divisor %u code %d: got %08x want %08x", d, k * (int32_t)unit,
                         bits(got), bits(want));
    }
}

START_TEST(test_unorm_snorm)
{
    for (uint32_t n = 1; n <= 16; n++) /* UNORM n bits, and SNORM's 2^(n-1) - 1 */
        check_divisor((1u << n) - 1u, 1, (int32_t)((1u << n) - 1u));
}
END_TEST

START_TEST(test_packed_fields)
{
    /* B5G6R5, B5G5R5A1 and B4G4R4A4: a field masked in place is divided
     * by its all-ones value there. */
    static const uint32_t masks[] = { 0xf800u, 0x07e0u, 0x001fu, 0x7c00u, 0x03e0u,
                                      0x8000u, 0x0f00u, 0x00f0u, 0x000fu, 0xf000u };
    for (size_t i = 0; i < sizeof masks / sizeof masks[0]; i++) {
        uint32_t unit = masks[i] & -masks[i];
        check_divisor(masks[i], unit, (int32_t)(masks[i] / unit));
    }
}
END_TEST

static Suite *unorm_suite(void)
{
    Suite *s = suite_create("unorm_split");
    TCase *tc = tcase_create("codes");
    tcase_add_test(tc, test_unorm_snorm);
    tcase_add_test(tc, test_packed_fields);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return vf_test_run(unorm_suite());
}
