/*
 * fuzz_vk_robust.c - checks of the Vulkan out-of-bounds oracle on a fuzzed
 * draw (fuzz_vk_robust.h).
 */
#include "fuzz_vk_robust.h"

#include "fuzz_input.h"

/* vf_vk_draw's word `w` of register g of a record. */
static uint32_t out_word(const uint32_t *out, uint32_t lanes, uint32_t regs, uint32_t count,
                         uint32_t j, uint32_t p, uint32_t g, uint32_t w)
{
    size_t unit = (size_t)j * ((count + lanes - 1) / lanes) + p / lanes;
    return out[unit * regs * 4 * lanes + (size_t)(g * 4 + w) * lanes + p % lanes];
}

static void check_set(const vf_vk_draw_desc *d, uint32_t mode, const vf_vk_robust_set *s,
                      uint32_t word)
{
    int ok = -1;
    FZ_CHECK(s->allow != 0 && (s->allow & ~VF_ROBUST_ALLOW_ALL_BITS) == 0 && s->component < 4 &&
             s->reason <= VF_ROBUST_INDEX_PAST, "malformed set");
    FZ_CHECK(vf_vk_robust_allows(d, s, word, &ok) == VF_OK, "allows failed");
    if (mode == VF_ROBUST_D3D)
        FZ_CHECK(s->allow == VF_ROBUST_ALLOW_EXACT && s->exact == word,
                 "d3d mode: 0x%08x, vf_vk_draw 0x%08x", s->exact, word);
    else
        FZ_CHECK(ok == 1, "mode %u location %u.%u reason %u refuses vf_vk_draw's 0x%08x", mode,
                 s->location, s->component, s->reason, word);
    if (s->allow & VF_ROBUST_ALLOW_EXACT) {
        FZ_CHECK(vf_vk_robust_allows(d, s, s->exact, &ok) == VF_OK && ok == 1, "exact refused");
    }
    char text[8];
    size_t len = vf_vk_robust_describe(s, text, sizeof(text));
    FZ_CHECK(len > 0 && strlen(text) == (len < sizeof(text) ? len : sizeof(text) - 1), "describe");
}

/* Every word of one record: listed ones against the list, others exact. */
static void check_mode(const vf_vk_vertex_input *vi, const vf_vk_draw_desc *d, uint32_t mode,
                       const uint32_t *out, uint32_t lanes)
{
    uint64_t n = 0;
    FZ_CHECK(vf_vk_robust_count(vi, d, mode, &n) == VF_OK, "count failed");
    vf_vk_robust_set *list = malloc((size_t)(n + 1) * sizeof(*list));
    size_t got = 0, k = 0;
    FZ_CHECK(vf_vk_robust_list(vi, d, mode, 0, list, (size_t)n + 1, &got) == VF_OK && got == n,
             "list gave %zu of %llu", got, (unsigned long long)n);
    uint32_t regs = vf_vk_vertex_input_register_count(vi);
    for (uint32_t j = 0; j < d->instance_count; j++)
        for (uint32_t p = 0; p < d->vertex_count; p++)
            for (uint32_t g = 0; g < regs; g++) {
                uint32_t loc;
                FZ_CHECK(vf_vk_vertex_input_register_location(vi, g, &loc) == VF_OK, "location");
                for (uint32_t c = 0; c < 4 && loc != UINT32_MAX; c++) {
                    vf_vk_robust_set s;
                    uint32_t word = out_word(out, lanes, regs, d->vertex_count, j, p, g, c);
                    FZ_CHECK(vf_vk_robust_set_at(vi, d, mode, j, p, loc, c, &s) == VF_OK &&
                             s.reg == g, "set_at failed");
                    if (s.reason == VF_ROBUST_IN_BOUNDS) {
                        FZ_CHECK(s.allow == VF_ROBUST_ALLOW_EXACT && s.exact == word,
                                 "in bounds: 0x%08x, vf_vk_draw 0x%08x", s.exact, word);
                        continue;
                    }
                    FZ_CHECK(k < got && memcmp(&list[k], &s, sizeof(s)) == 0,
                             "listed set %zu differs", k);
                    k++;
                    check_set(d, mode, &s, word);
                }
            }
    FZ_CHECK(k == got, "%zu listed, %zu found", got, k);
    free(list);
}

void fz_vk_robust_check(const vf_vk_vertex_input *vi, const vf_vk_draw_desc *d,
                        const uint32_t *out, uint32_t lanes)
{
    for (uint32_t mode = 0; mode < VF_ROBUST_MODE_COUNT; mode++)
        check_mode(vi, d, mode, out, lanes);
    uint64_t n;
    FZ_CHECK(vf_vk_robust_count(vi, d, VF_ROBUST_MODE_COUNT, &n) == VF_ERROR_INVALID_ROBUST_MODE,
             "bad mode accepted");
}
