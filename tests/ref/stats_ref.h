/* stats_ref.h - the IA and VS pipeline statistics of a draw, counted from
 * the D3D11.3 functional spec's pipeline-statistics query (20.4.7) over
 * the reference primitive list (prim_ref.c) and raw indices (ia_ref.c),
 * sharing no code with lib/statistics.c: it looks at which positions the
 * listed primitives name, not at pieces and closed forms. */
#ifndef VF_STATS_REF_H
#define VF_STATS_REF_H

#include <stdint.h>

#include "vfetch.h"

/* The statistics of draw `d` whose cut positions are flagged in cut[]
 * (from prim_ref_cuts or prim_ref_cuts_d3d11): IAVertices counts every
 * position that is no cut; its lower figure and the VS interval follow
 * the positions the complete primitives name. */
void stats_ref(const vf_draw_desc *d, const uint8_t *cut, vf_pipeline_statistics *st);

#endif
