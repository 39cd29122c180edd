/*
 * jit_quad_parts.h - what the four-vertex loop's two files share: its
 * registers, the state of one loop's emission, and the setup, element
 * decode and stores of jit_quad.c, which the loop control of
 * jit_quad_loop.c calls. Internal.
 */
#ifndef VF_LIB_X86_JIT_JIT_QUAD_PARTS_H
#define VF_LIB_X86_JIT_JIT_QUAD_PARTS_H

#include "jit_emit.h"

#define TABLE0 16
#define TABLE1 17
/* k3..k6 hold the first four distinct permute masks for the whole loop;
 * k7 reloads any other and serves the half-float fixup. */
#define KMASKS 4
#define KTEMP 7
/* Elements decoded before their stores (results in zmm20..29). */
#define GROUP 10u

/* The loop's hoisted permute masks, and how its records go out. */
struct vf_jit_kmasks {
    uint64_t mask[KMASKS];
    uint32_t n;
    uint32_t cap;     /* permute masks hoisted at most (k3 up) */
    uint32_t tables;  /* split tables (1 to 4), 0: the paired ones */
    uint32_t partial; /* bytes of the last split table the window holds (1..16) */
    int dense;        /* paired tables of a 32-byte window read whole: no masks */
    uint32_t R;       /* line stores: the record's registers (odd); 0: lane stores */
    int nt;           /* line stores: non-temporal */
    int kb[3];        /* line stores: the opmasks of lanes 1, 2 and 3 */
    uint32_t soa;     /* lane stores into SoA rows of this many lanes (4, 8, 16); 0: AoS */
    uint32_t soa_unit; /* SoA: the bytes of a batch */
    int32_t soa_at;    /* SoA: the group's first word in each row (bytes) */
};

/* Element e of four vertices into zmm d (zmm30, 31: scratch). */
VF_HIDDEN void vf_jit_quad_element(struct vf_jit_buf *b, struct vf_jit_kmasks *km,
                                   const struct vf_element *e, uint32_t lo, int d);
/* Every element decoded into zmm20 on, then stored to the four records. */
VF_HIDDEN void vf_jit_quad_elements(struct vf_jit_buf *b, struct vf_jit_kmasks *km,
                                    const struct vf_element *const *el, uint32_t n, uint32_t lo);
/* SoA batches of 8 or 16 lanes: two groups' results (zmm a on, zmm b
 * on) into their rows at rcx, km->soa_at bytes in. */
VF_HIDDEN void vf_jit_quad_store_soa_pair(struct vf_jit_buf *b, const struct vf_jit_kmasks *km,
                                          const struct vf_element *const *el, uint32_t n, int a,
                                          int bb);
/* SoA batches of 16 lanes, whole rows: four groups' results (zmm base +
 * g m on, g = 0 to 3) of el[0..m) into their rows at rcx. */
VF_HIDDEN void vf_jit_quad_store_soa_quad(struct vf_jit_buf *b, const struct vf_jit_kmasks *km,
                                          const struct vf_element *const *el, uint32_t m,
                                          int base);
/* Line stores: the four records' R lines at rcx + disp from zmm `base` on. */
VF_HIDDEN void vf_jit_quad_store_lines(struct vf_jit_buf *b, const struct vf_jit_kmasks *km,
                                       int base, int32_t disp);
/* Before the loops: the window's first byte (*lo_ret), the tables and
 * their masks, the line stores' lane masks where km->R, and the preamble
 * (permute masks and the most used constants into registers). */
VF_HIDDEN void vf_jit_quad_setup(struct vf_jit_buf *b, struct vf_jit_kmasks *km,
                                 const struct vf_layout *L, const struct vf_slot *slot,
                                 const struct vf_element *const *el, uint32_t n,
                                 uint32_t *lo_ret);

#endif
