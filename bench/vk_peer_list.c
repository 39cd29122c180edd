/*
 * vk_peer_list.c - --peer list: every Vulkan device the loader sees, and
 * whether and how the peer would use it. Which device --peer NAME picks is
 * the device layer's vkf_select (tools/vk_select.c), shared with vfetch-vk.
 */
#include <stdio.h>
#include <stdlib.h>

#include "vk_peer_impl.h"

static void print_device(FILE *f, uint32_t i, const struct vkf_phys_info *info)
{
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
    VkPhysicalDevice *devs = NULL;
    uint32_t n = 0;

    if (vkf_open_instance("vfetch-bench", &d, msg, msg_size) != VKF_EXIT_OK)
        return -1;
    if (vkf_enumerate(d, &devs, &n, msg, msg_size) != VKF_EXIT_OK) {
        vkf_close(d);
        return -1;
    }
    if (n == 0)
        fprintf(f, "no Vulkan devices (VK_DRIVER_FILES or VK_ICD_FILENAMES choose the "
                   "drivers loaded)\n");
    for (uint32_t i = 0; i < n; i++) {
        struct vkf_phys_info info;
        vkf_phys_query(d, devs[i], &info);
        print_device(f, i, &info);
    }
    free(devs);
    vkf_close(d);
    return 0;
}
