/*
 * vk_peer_select.h - which Vulkan device the bench's peer runs on: the
 * device --peer NAME names, and the list --peer list prints.
 */
#ifndef VF_BENCH_VK_PEER_SELECT_H
#define VF_BENCH_VK_PEER_SELECT_H

#include <stddef.h>
#include <stdio.h>

#include <vulkan/vulkan.h>

/* A device the peer can draw on. */
struct vk_peer_pick {
    VkPhysicalDevice phys;
    uint32_t queue_family;    /* a graphics queue */
    VkPhysicalDeviceProperties props;
};

/* The device `want` names: "lavapipe" the first CPU device, "gpu" the first
 * discrete GPU (else the first integrated one), anything else the first
 * device whose name contains it, case-insensitively. Devices without a
 * graphics queue or vertexPipelineStoresAndAtomics are passed over. 0, or
 * -1 with a message that lists the devices there are. */
int vk_peer_pick_device(VkInstance instance, const char *want, struct vk_peer_pick *pick,
                        char *msg, size_t msg_size);

/* Prints every device of the instance to f, one a line: its name, type,
 * whether the peer can use it and how it would time it. */
void vk_peer_print_devices(VkInstance instance, FILE *f);

/* "CPU", "discrete GPU", ... */
const char *vk_peer_type_name(VkPhysicalDeviceType type);

/* Nonzero when the device's own memory is the host's: a CPU device with a
 * memory type both device-local and host-visible. Such a device is timed
 * like a CPU path; any other is timed with its own timestamps. */
int vk_peer_memory_is_host(VkPhysicalDevice phys);

/* Streaming multiprocessors of an NVIDIA device (VK_NV_shader_sm_builtins),
 * else 0. */
uint32_t vk_peer_sm_count(VkPhysicalDevice phys);

#endif
