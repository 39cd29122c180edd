/*
 * robust_internal.h - what the out-of-bounds oracle (vfetch_robust.h)
 * learns about one record before it builds the sets of its components.
 */
#ifndef VF_LIB_ROBUST_INTERNAL_H
#define VF_LIB_ROBUST_INTERNAL_H

#include "vf_internal.h"
#include "vfetch_robust.h"

/* One register of the layout, as the oracle needs it. */
struct rb_reg {
    int element;               /* 0 for a layout element, -1 otherwise */
    const vf_format_desc *fi;  /* the element's format */
    uint32_t slot, slot_class, step_rate, offset, mapping;
};

/* The layout and draw one query or listing works on. */
struct rb_draw {
    const vf_layout *layout;
    const vf_draw_desc *desc;
    uint32_t mode;
    uint32_t nreg;             /* registers, the system register included */
    uint32_t lanes;            /* 1 for AoS, else the SoA lanes */
    struct rb_reg regs[VF_MAX_REGISTERS + 1];
};

/* One record: vf_draw's words, and the reason of each register. */
struct rb_record {
    uint32_t instance, position;
    uint32_t reason[VF_MAX_REGISTERS + 1]; /* VF_ROBUST_* reason per register */
    uint32_t words[(VF_MAX_REGISTERS + 1) * 4];
};

/* robust.c */
VF_HIDDEN vf_result vf_rb_init(struct rb_draw *d, const vf_layout *layout,
                               const vf_draw_desc *desc, uint32_t mode);
VF_HIDDEN vf_result vf_rb_record(const struct rb_draw *d, uint32_t instance, uint32_t position,
                                 struct rb_record *rec);
/* The set of component c of register g of a record; 0 when the component is
 * exact in every mode (not an element, or forced by the mapping). */
VF_HIDDEN int vf_rb_set(const struct rb_draw *d, const struct rb_record *rec, uint32_t g,
                        uint32_t c, vf_robust_set *s);

/* robust_query.c: what the D3D oracle and the Vulkan one
 * (vulkan_robust_query.c) share. A draw's records as the listing walks
 * them, instance by instance, position by position, register by register,
 * component by component; each oracle fills one. */
struct vf_rb_walk {
    const void *draw;
    uint32_t instances, positions, regs;
    size_t set_size;  /* bytes of one set */
    void *rec, *set;  /* scratch for one record and one set */
    vf_result (*record)(const void *draw, uint32_t j, uint32_t i, void *rec);
    /* 1 and the set when (g, c) is listed */
    int (*make_set)(const void *draw, const void *rec, uint32_t g, uint32_t c, void *set);
};

/* The number of listed sets into *count_ret. */
VF_HIDDEN vf_result vf_rb_count(const struct vf_rb_walk *w, uint64_t *count_ret);
/* The listed sets from the `first`-th into out[0 .. capacity) (sets of
 * set_size bytes); *written_ret how many. */
VF_HIDDEN vf_result vf_rb_list(const struct vf_rb_walk *w, uint64_t first, void *out,
                               size_t capacity, size_t *written_ret);
/* Whether `word` is one of the set's members but RANGE. */
VF_HIDDEN int vf_rb_fixed_allows(uint32_t allow, uint32_t exact, uint32_t one, uint32_t max_int,
                                 uint32_t word);
/* The text of a set ("{any value}", "{0x... exactly}", or its members),
 * `range` the text of its RANGE member ("" without one); as snprintf. */
VF_HIDDEN size_t vf_rb_describe(uint32_t allow, uint32_t exact, uint32_t one, uint32_t max_int,
                                const char *range, char *buf, size_t size);

#endif /* VF_LIB_ROBUST_INTERNAL_H */
