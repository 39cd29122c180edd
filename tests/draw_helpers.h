/* draw_helpers.h - small helpers of the draw suites (check_draw_rules,
 * check_draw_random, check_reuse, check_threads): layouts, draw
 * descriptions, random draws, buffers whose words encode their address,
 * and word comparisons that fail the running Check test. */
#ifndef VF_DRAW_HELPERS_H
#define VF_DRAW_HELPERS_H

#include <stddef.h>
#include <stdint.h>

#include "vfetch.h"
#include "test_util.h"

#define F1 0x3f800000u /* 1.0f */

/* 16-byte aligned, at least 16 bytes; fails the test when out of memory. */
void *xalloc(size_t size);
vf_input_element_desc el(const char *name, uint32_t index, vf_format format, uint32_t slot,
                         uint32_t offset, uint32_t slot_class, uint32_t rate);
/* A layout that must compile (up to 32 input slots), on the default
 * fetch path. */
vf_layout *make_layout_full(const vf_input_element_desc *descs, uint32_t n,
                            const uint32_t *mappings, uint32_t sv, uint32_t shape,
                            const vf_signature_element *sig, uint32_t nsig);
/* The same without a signature, on fetch path `isa` (VF_ISA_*). */
vf_layout *make_layout_isa(const vf_input_element_desc *descs, uint32_t n, const uint32_t *mappings,
                           uint32_t sv, uint32_t shape, uint32_t isa);
vf_layout *make_layout(const vf_input_element_desc *descs, uint32_t n, uint32_t sv);
/* Fills `size` bytes so that the 32-bit word at byte offset b (b % 4 == 0)
 * is tag << 24 | b: every value read says where it came from. */
void fill_addr(uint8_t *buf, size_t size, uint32_t tag);
#define AW(tag, byte) ((uint32_t)(tag) << 24 | (uint32_t)(byte))
/* Runs vf_draw into a fresh buffer pre-filled with 0xCD; the caller frees it. */
uint32_t *draw_words(const vf_layout *layout, const vf_draw_desc *d, size_t *words_ret);
void expect_reg(const uint32_t *w, uint32_t x, uint32_t y, uint32_t z, uint32_t a,
                const char *what, uint32_t j, uint32_t i);
void expect_same(const uint32_t *got, const uint32_t *want, size_t words, const char *what);
vf_draw_desc draw_desc(const vf_vertex_buffer_view *vbs, uint32_t nvbs, uint32_t v,
                       uint32_t inst, uint32_t start, uint32_t start_inst);
vf_draw_desc indexed_desc(const vf_vertex_buffer_view *vbs, uint32_t nvbs,
                          const vf_index_buffer_view *ib, uint32_t cut, uint32_t topo,
                          uint32_t v, uint32_t inst, uint32_t start, int32_t base,
                          uint32_t start_inst);
/* The IA vertex formats that vf_layout_create accepts, in table order. */
uint32_t ia_formats(vf_format *list);

/* A random draw (check_draw_random, check_reuse): a valid layout of n
 * elements over RC_MAX_SLOTS slots (component mappings when use_maps,
 * system values sv) and a draw over guarded buffers, with out-of-bounds
 * elements, wrapping starts, cuts and unbound slots mixed in. */
#define RC_MAX_SLOTS 4
#define RC_MAX_ELEMENTS 8

struct rcase {
    vf_input_element_desc descs[RC_MAX_ELEMENTS];
    uint32_t maps[RC_MAX_ELEMENTS];
    int use_maps;
    uint32_t n;
    uint32_t sv;
    vf_guarded vbg[RC_MAX_SLOTS];
    vf_vertex_buffer_view vbs[RC_MAX_SLOTS];
    vf_guarded ibg;
    vf_index_buffer_view ib;
    vf_draw_desc d;
};

/* Builds a random case from rng with element formats from fmts[0..nfmts). */
void rcase_make(struct rcase *c, vf_rng *rng, const vf_format *fmts, uint32_t nfmts);
/* Frees the case's guarded buffers. */
void rcase_free(struct rcase *c);
/* The case's layout in output shape `shape` on fetch path `isa`. */
vf_layout *rcase_layout(const struct rcase *c, uint32_t shape, uint32_t isa);

/* Checks a random case drawn through one layout; `what` names the case,
 * shape and ISA for failure messages; ctx is the caller's. */
typedef void rcase_check_fn(const struct rcase *c, const vf_layout *layout, const char *what,
                            void *ctx);
/* iters random cases from seed, each in a random output shape (AoS two
 * times in three) on every available ISA, through check; `label` is the
 * loop number the names carry. */
void rcase_every_isa(uint64_t seed, int iters, int label, rcase_check_fn *check, void *ctx);

#endif
