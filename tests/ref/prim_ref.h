/* prim_ref.h - a reference model of primitive assembly written from the
 * Direct3D 11.3 functional specification (§8.10-§8.17, §13.10 figures;
 * docs/d3d-ia-rules.md §13), sharing no code with lib/. It walks the
 * positions one at a time the way the spec describes the IA: cuts end the
 * current strip, every strip is assembled from its own vertices, adjacent
 * vertices are found geometrically as the far vertex of the neighbouring
 * triangle. */
#ifndef VF_PRIM_REF_H
#define VF_PRIM_REF_H

#include <stddef.h>
#include <stdint.h>

#include "vfetch.h"

/* Which positions of one instance are strip cuts, read straight from the
 * draw's index buffer (rules §5.1, §5.2). cut[] gets n entries of 0 or 1. */
void prim_ref_cuts(const vf_draw_desc *desc, uint8_t *cut);

/* The same for D3D11, where the cut value cuts in list topologies too
 * (§8.12); strip_cut_value says which value, as for D3D12. A cut in a list
 * ends the current piece, whose incomplete primitive prim_ref_assemble
 * drops (§8.13). */
void prim_ref_cuts_d3d11(const vf_draw_desc *desc, uint8_t *cut);

/* The primitives of one instance of a draw of `n` positions whose cut
 * positions are flagged in cut[] (NULL: none). Returns a malloc'ed array of
 * *count_ret * *vpp_ret position numbers (free it), or NULL with count 0
 * when there are none; *vpp_ret 0 for a topology the IA rejects. */
uint32_t *prim_ref_assemble(uint32_t topology, uint32_t n, const uint8_t *cut,
                            uint32_t *count_ret, uint32_t *vpp_ret);

#endif
