/* vulkan_case_model.h - the reference model's input (tests/ref/vulkan_ref.h)
 * from a Vulkan case read by the tools' loader: bindings with their bound
 * buffers and divisors, attributes sorted by location, the draw. Shared by
 * the checkers of the Vulkan examples and edge cases. */
#ifndef VF_TESTS_VULKAN_CASE_MODEL_H
#define VF_TESTS_VULKAN_CASE_MODEL_H

#include <stdint.h>

#include "case.h"
#include "case_vulkan.h"
#include "vulkan_ref.h"

/* Fills b[VF_VK_MAX_BINDINGS], a[VF_VK_MAX_ATTRIBUTES] (*na of them) and *d
 * from case `c` (c->vulkan set). Returns -1 when a format is not one the
 * model parses, 0 otherwise. */
int vk_case_model(const struct vf_case *c, struct vk_ref_binding *b, struct vk_ref_attribute *a,
                  uint32_t *na, struct vk_ref_draw *d);

#endif
