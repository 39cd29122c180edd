/*
 * vk_fetch_device.c - the device as vfetch-vk opens and lists it, on the
 * shared device layer (vk_device.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "vk_device.h"
#include "fetch_oob.h"
#include "vk_fetch_device.h"
#include "vk_shader.h"

/* vkf_features_fn: the robustness features of the mode *ctx (an int)
 * asks for; VKF_EXIT_SKIP when the device lacks them. */
static int robust_features(void *ctx, const struct vkf_phys_info *info, unsigned *features,
                           char *err, size_t err_size)
{
    const int mode = *(const int *)ctx;

    if (mode == VKF_ROBUST_2 && !info->robust2) {
        snprintf(err, err_size, "%s has no robustBufferAccess2 (VK_EXT/KHR_robustness2)",
                 info->props.deviceName);
        return VKF_EXIT_SKIP;
    }
    if (mode == VKF_ROBUST_BUFFER_ACCESS && !info->robust) {
        snprintf(err, err_size, "%s has no robustBufferAccess", info->props.deviceName);
        return VKF_EXIT_SKIP;
    }
    if (mode == VKF_ROBUST_AUTO || mode == VKF_ROBUST_2)
        *features |= VKF_FEATURE_ROBUST | VKF_FEATURE_ROBUST2;
    else if (mode == VKF_ROBUST_BUFFER_ACCESS)
        *features |= VKF_FEATURE_ROBUST;
    return VKF_EXIT_OK;
}

int vkf_open_fetch(const char *want, int robustness, struct vkf_device **dev_ret, char *err,
                   size_t err_size)
{
    return vkf_open_with("vfetch-vk", want,
                         VKF_FEATURE_DIVISOR | VKF_FEATURE_STAGES | VKF_FEATURE_DRAW_PARAMETERS |
                             VKF_FEATURE_NULL_DESCRIPTOR | VKF_FEATURE_BIND_SIZES |
                             VKF_FEATURE_INDIRECT | VKF_FEATURE_SHADER64 |
                             VKF_FEATURE_INDEX_UINT8 | VKF_FEATURE_LIST_RESTART |
                             VKF_FEATURE_PROVOKING,
                         robust_features, &robustness, dev_ret, err, err_size);
}

int vkf_fetch_robustness(const struct vkf_device *dev)
{
    if (dev->info.robust2)
        return VKF_ROBUST_2;
    return dev->info.robust ? VKF_ROBUST_BUFFER_ACCESS : VKF_ROBUST_NONE;
}

void vkf_close_fetch(struct vkf_device *dev)
{
    vkf_shader_cache_clear();
    vkf_close(dev);
}

/* vkf_for_each_device's callback: ctx is the FILE. */
static void print_device(void *ctx, uint32_t i, const struct vkf_phys_info *info)
{
    FILE *f = ctx;
    char desc[512];

    vkf_phys_describe(info, desc, sizeof(desc));
    fprintf(f, "%u: %s\n", i, desc);
    fprintf(f, "   robustness: robustBufferAccess %s, robustBufferAccess2 %s, nullDescriptor %s "
               "(%s), vkCmdBindVertexBuffers2 %s\n",
            info->robust ? "yes" : "no", info->robust2 ? "yes" : "no",
            info->null_descriptor ? "yes" : "no",
            info->robustness2_extension ? info->robustness2_extension : "no robustness2",
            info->bind_sizes ? "yes" : "no");
    fprintf(f, "   divisor: %s (rate divisor %s, zero divisor %s, max %u)%s%s%s%s%s\n",
            info->divisor_extension ? info->divisor_extension : "none",
            info->divisor_rate ? "yes" : "no", info->divisor_zero ? "yes" : "no",
            info->max_divisor, info->stores ? "" : ", no vertexPipelineStoresAndAtomics",
            info->geometry ? "" : ", no geometryShader",
            info->tessellation ? "" : ", no tessellationShader",
            info->draw_parameters ? "" : ", no shaderDrawParameters",
            info->graphics_queue ? "" : ", no graphics queue");
}

int vkf_list_devices(void *fp, char *err, size_t err_size)
{
    struct vkf_device *d;
    uint32_t n = 0;
    int ret = vkf_open_instance("vfetch-vk", &d, err, err_size);

    if (ret == VKF_EXIT_OK)
        ret = vkf_for_each_device(d, print_device, fp, &n, err, err_size);
    if (ret == VKF_EXIT_OK && n == 0) {
        snprintf(err, err_size, "no Vulkan device");
        ret = VKF_EXIT_SKIP;
    }
    vkf_close(d);
    return ret;
}
