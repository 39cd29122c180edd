/*
 * output_vulkan.h - the JSON output's pieces for "Api": "Vulkan" cases,
 * called by output.c where a D3D case writes its own.
 */
#ifndef VF_TOOLS_COMMON_OUTPUT_VULKAN_H
#define VF_TOOLS_COMMON_OUTPUT_VULKAN_H

#include <stdio.h>

#include "case.h"

/* "draw": the vkCmdDraw/vkCmdDrawIndexed call with Vulkan's names, the
 * topology and primitiveRestartEnable; opens the object with "{". */
void vf_output_json_draw_vulkan(FILE *f, const struct vf_case *c);

/* The entries of "layout": each attribute with its binding's rate and
 * divisor and the record register of its (first) location in `layout`. */
void vf_output_json_layout_vulkan(FILE *f, const struct vf_case *c, const vf_layout *layout);

/* "statistics" of a Vulkan draw in the D3D draw's shape: IAVertices the
 * most INPUT_ASSEMBLY_VERTICES (every position), IAPrimitives the complete
 * primitives, VSInvocations [min, max]; and the intervals of the two
 * input assembly counters as IAVerticesRange and IAPrimitivesRange. */
struct vf_vk_pipeline_statistics;
void vf_output_json_statistics_vulkan(FILE *f, const struct vf_vk_pipeline_statistics *st);

#endif
