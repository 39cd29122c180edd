/*
 * vk_peer_list.c - --peer list: every Vulkan device the loader sees, and
 * whether and how the peer would use it. Which device --peer NAME picks is
 * the device layer's vkf_select (tools/vk/vk_select.c), shared with vfetch-vk.
 */
#include <stdio.h>
#include <stdlib.h>

#include "vk_peer_impl.h"

/* vkf_for_each_device's callback: ctx is the FILE. */
static void print_device(void *ctx, uint32_t i, const struct vkf_phys_info *info)
{
    FILE *f = ctx;
    const VkPhysicalDeviceProperties *props = &info->props;
    const char *bad = vkf_phys_unusable(info);

    fprintf(f, "%u: %s: %s, Vulkan %u.%u.%u", i, props->deviceName,
            vkf_type_name(props->deviceType), VK_API_VERSION_MAJOR(props->apiVersion),
            VK_API_VERSION_MINOR(props->apiVersion), VK_API_VERSION_PATCH(props->apiVersion));
    if (info->sm_count)
        fprintf(f, ", %u SMs", info->sm_count);
    if (bad)
        fprintf(f, "; not usable: %s\n", bad);
    else
        fprintf(f, "; timed %s\n", info->host_memory
                                       ? "on the host (submit + fence wait per draw)"
                                       : "by GPU timestamps around the draws");
}

int vk_peer_list(FILE *f, char *msg, size_t msg_size)
{
    struct vkf_device *d;
    uint32_t n = 0;

    if (vkf_open_instance("vfetch-bench", &d, msg, msg_size) != VKF_EXIT_OK)
        return -1;
    if (vkf_for_each_device(d, print_device, f, &n, msg, msg_size) != VKF_EXIT_OK) {
        vkf_close(d);
        return -1;
    }
    if (n == 0)
        fprintf(f, "no Vulkan devices (VK_DRIVER_FILES or VK_ICD_FILENAMES choose the "
                   "drivers loaded)\n");
    vkf_close(d);
    return 0;
}
