/*
 * vk_device.c - the Vulkan loader, the instance, the device, buffers and
 * submission, for vfetch-vk and vfetch-bench's peer alike.
 *
 * The Vulkan loader is opened with dlopen (libvulkan.so.1, or the file
 * named by VFETCH_VK_LOADER) rather than linked, so that both programs
 * start on a machine without a loader (or without the libvulkan.so
 * development link) and say why they cannot draw.
 */
#define _POSIX_C_SOURCE 200809L /* dlopen */

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vfetch.h"
#include "vk_device.h"

/* ------------------------------------------------------------------------ */
/* Loader and instance                                                       */
/* ------------------------------------------------------------------------ */

/* Sets d->name from get(handle, "name"); a missing function is `who`'s. */
#define LOAD(get, handle, who, name)                                      \
    d->name = (PFN_##name)get(handle, #name);                             \
    if (d->name == NULL) {                                                \
        snprintf(err, err_size, "%s lacks %s", who, #name);               \
        return VKF_EXIT_SKIP;                                             \
    }

static int load_loader(struct vkf_device *d, char *err, size_t err_size)
{
    const char *path = getenv("VFETCH_VK_LOADER");

    d->lib = dlopen(path && *path ? path : "libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
    if (d->lib == NULL && !(path && *path))
        d->lib = dlopen("libvulkan.so", RTLD_NOW | RTLD_LOCAL);
    if (d->lib == NULL) {
        snprintf(err, err_size, "no Vulkan loader (%s): install libvulkan1 or set VFETCH_VK_LOADER",
                 dlerror());
        return VKF_EXIT_SKIP;
    }
    *(void **)&d->get_instance_proc_addr = dlsym(d->lib, "vkGetInstanceProcAddr");
    if (d->get_instance_proc_addr == NULL) {
        snprintf(err, err_size, "the Vulkan loader has no vkGetInstanceProcAddr");
        return VKF_EXIT_SKIP;
    }
    return VKF_EXIT_OK;
}

static int create_instance(struct vkf_device *d, const char *app, char *err, size_t err_size)
{
    PFN_vkCreateInstance create = (PFN_vkCreateInstance)d->get_instance_proc_addr(
        NULL, "vkCreateInstance");
    PFN_vkEnumerateInstanceVersion instance_version =
        (PFN_vkEnumerateInstanceVersion)d->get_instance_proc_addr(NULL,
                                                                  "vkEnumerateInstanceVersion");
    uint32_t version = VK_API_VERSION_1_0;
    VkApplicationInfo ai = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = app,
        .applicationVersion = VF_VERSION_NUMBER,
        .pEngineName = "vfetch",
        .engineVersion = VF_VERSION_NUMBER,
        /* The newest version whose structures or commands vfetch-vk uses
         * (1.2's VkPhysicalDeviceDriverProperties, 1.3's
         * vkCmdBindVertexBuffers2, where the device has them): a device's
         * features and commands count only up to the instance's version. A
         * 1.1 loader accepts any version here. */
        .apiVersion = VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &ai,
    };
    VkResult vr;

    if (create == NULL || instance_version == NULL ||
        instance_version(&version) != VK_SUCCESS || version < VK_API_VERSION_1_1) {
        snprintf(err, err_size, "the Vulkan loader does not support Vulkan 1.1");
        return VKF_EXIT_SKIP;
    }
    vr = create(&ci, NULL, &d->instance);
    if (vr != VK_SUCCESS) {
        snprintf(err, err_size, "vkCreateInstance failed (%d): no Vulkan driver (ICD) found",
                 (int)vr);
        return VKF_EXIT_SKIP;
    }
#define X(name) LOAD(d->get_instance_proc_addr, d->instance, "the Vulkan loader", name)
    VKF_INSTANCE_FUNCS(X)
#undef X
    return VKF_EXIT_OK;
}

int vkf_open_instance(const char *app, struct vkf_device **dev_ret, char *err, size_t err_size)
{
    struct vkf_device *d = calloc(1, sizeof(*d));
    int ret;

    *dev_ret = NULL;
    if (d == NULL) {
        snprintf(err, err_size, "out of memory");
        return VKF_EXIT_USAGE;
    }
    ret = load_loader(d, err, err_size);
    if (ret == VKF_EXIT_OK)
        ret = create_instance(d, app, err, err_size);
    if (ret != VKF_EXIT_OK) {
        vkf_close(d);
        return ret;
    }
    *dev_ret = d;
    return VKF_EXIT_OK;
}

/* ------------------------------------------------------------------------ */
/* Device                                                                    */
/* ------------------------------------------------------------------------ */

/* d->info as enabled: the optional features not asked for are cleared, so
 * that no user relies on one the device was not created with. */
static void enabled_info(struct vkf_device *d, const struct vkf_phys_info *info,
                         unsigned features)
{
    d->info = *info;
    if (!(features & VKF_FEATURE_DIVISOR)) {
        d->info.divisor_extension = NULL;
        d->info.divisor_rate = d->info.divisor_zero = d->info.divisor_first_instance = 0;
        d->info.max_divisor = 0;
    }
    if (!(features & VKF_FEATURE_ROBUST))
        d->info.robust = 0;
    if (!(features & VKF_FEATURE_ROBUST2) || !d->info.robust)
        d->info.robust2 = 0;
    if (!(features & VKF_FEATURE_NULL_DESCRIPTOR))
        d->info.null_descriptor = 0;
    if (!d->info.robust2 && !d->info.null_descriptor)
        d->info.robustness2_extension = NULL;
    if (!(features & VKF_FEATURE_BIND_SIZES))
        d->info.bind_sizes = 0;
    if (!(features & VKF_FEATURE_DRAW_PARAMETERS))
        d->info.draw_parameters = 0;
    if (!(features & VKF_FEATURE_INDIRECT))
        d->info.indirect_first_instance = d->info.indirect_count = 0;
    if (!(features & VKF_FEATURE_STAGES)) {
        d->info.geometry = d->info.tessellation = 0;
        d->info.max_patch_size = 0;
    }
    if (!(features & VKF_FEATURE_SHADER64))
        d->info.float64 = d->info.int64 = 0;
    if (!(features & VKF_FEATURE_LIST_RESTART) ||
        (!d->info.list_restart && !d->info.list_restart_patch))
        d->info.list_restart_extension = d->info.list_restart = d->info.list_restart_patch = 0;
    if (!(features & VKF_FEATURE_PROVOKING) || !d->info.provoking_last)
        d->info.provoking_extension = d->info.provoking_last = 0;
    if (!(features & VKF_FEATURE_INDEX_UINT8) || !d->info.index_uint8) {
        d->info.index_uint8 = 0;
        d->info.uint8_extension = NULL;
    }
}

static int create_device(struct vkf_device *d, char *err, size_t err_size)
{
    const struct vkf_phys_info *in = &d->info;
    float prio = 1.0f;
    VkDeviceQueueCreateInfo qci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = in->queue_family,
        .queueCount = 1,
        .pQueuePriorities = &prio,
    };
    VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT div = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT,
        .vertexAttributeInstanceRateDivisor = (VkBool32)in->divisor_rate,
        .vertexAttributeInstanceRateZeroDivisor = (VkBool32)in->divisor_zero,
    };
    /* vfetch-vk's capture of gl_BaseVertex / gl_BaseInstance. */
    VkPhysicalDeviceShaderDrawParametersFeatures sdp = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES,
        .pNext = in->divisor_extension ? &div : NULL,
        .shaderDrawParameters = VK_TRUE,
    };
    /* vfetch-vk's out-of-bounds checks (fetch_oob.c). */
    VkPhysicalDeviceRobustness2FeaturesEXT rob2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
        .pNext = in->draw_parameters ? (void *)&sdp : sdp.pNext,
        .robustBufferAccess2 = (VkBool32)in->robust2,
        .nullDescriptor = (VkBool32)in->null_descriptor,
    };
    /* vfetch-vk's replay of indirect draws with a count buffer. */
    VkPhysicalDeviceVulkan12Features v12 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
        .pNext = in->robustness2_extension ? (void *)&rob2 : rob2.pNext,
        .drawIndirectCount = VK_TRUE,
    };
    /* vfetch-vk's replay of VK_INDEX_TYPE_UINT8 draws. */
    VkPhysicalDeviceIndexTypeUint8FeaturesEXT u8 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT,
        .pNext = in->indirect_count ? (void *)&v12 : v12.pNext,
        .indexTypeUint8 = VK_TRUE,
    };
    /* vfetch-vk --primitives: restart in list topologies, LAST_VERTEX. */
    VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT lr = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVE_TOPOLOGY_LIST_RESTART_FEATURES_EXT,
        .pNext = in->uint8_extension ? (void *)&u8 : u8.pNext,
        .primitiveTopologyListRestart = (VkBool32)in->list_restart,
        .primitiveTopologyPatchListRestart = (VkBool32)in->list_restart_patch,
    };
    VkPhysicalDeviceProvokingVertexFeaturesEXT pv = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT,
        .pNext = in->list_restart_extension ? (void *)&lr : lr.pNext,
        .provokingVertexLast = (VkBool32)in->provoking_last,
    };
    VkPhysicalDeviceFeatures2 f2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
        .pNext = in->provoking_extension ? (void *)&pv : pv.pNext,
    };
    const char *exts[5];
    VkDeviceCreateInfo dci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &f2,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &qci,
        .ppEnabledExtensionNames = exts,
    };
    VkResult vr;

    if (in->divisor_extension)
        exts[dci.enabledExtensionCount++] = in->divisor_extension;
    if (in->robustness2_extension)
        exts[dci.enabledExtensionCount++] = in->robustness2_extension;
    if (in->uint8_extension)
        exts[dci.enabledExtensionCount++] = in->uint8_extension;
    if (in->list_restart_extension)
        exts[dci.enabledExtensionCount++] = VK_EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART_EXTENSION_NAME;
    if (in->provoking_extension)
        exts[dci.enabledExtensionCount++] = VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME;

    /* The vertex shaders of both programs store what they fetched. */
    f2.features.vertexPipelineStoresAndAtomics = VK_TRUE;
    /* vfetch-vk: what a fetch D3D calls out of bounds returns, and that
     * it cannot fault; in-bounds values are unaffected. */
    f2.features.robustBufferAccess = (VkBool32)in->robust;
    /* vfetch-vk's primitive capture (vk_prim.c). */
    f2.features.geometryShader = (VkBool32)in->geometry;
    f2.features.tessellationShader = (VkBool32)in->tessellation;
    /* vfetch-vk's indirect draws: D3D's StartInstanceLocation. */
    f2.features.drawIndirectFirstInstance = (VkBool32)in->indirect_first_instance;
    /* vfetch-vk's 64-bit vertex inputs (vk_native_run.c). */
    f2.features.shaderFloat64 = (VkBool32)in->float64;
    f2.features.shaderInt64 = (VkBool32)in->int64;
    vr = d->vkCreateDevice(d->phys, &dci, NULL, &d->device);
    if (vr != VK_SUCCESS) {
        snprintf(err, err_size, "vkCreateDevice failed (%d)", (int)vr);
        return VKF_EXIT_SKIP;
    }
#define X(name) LOAD(d->vkGetDeviceProcAddr, d->device, "the driver", name)
    VKF_DEVICE_FUNCS(X)
#undef X
    if (in->bind_sizes)
        d->vkCmdBindVertexBuffers2 = (PFN_vkCmdBindVertexBuffers2)d->vkGetDeviceProcAddr(
            d->device, "vkCmdBindVertexBuffers2");
    if (d->vkCmdBindVertexBuffers2 == NULL)
        d->info.bind_sizes = 0;
    if (in->indirect_count) {
        d->vkCmdDrawIndirectCount = (PFN_vkCmdDrawIndirectCount)d->vkGetDeviceProcAddr(
            d->device, "vkCmdDrawIndirectCount");
        d->vkCmdDrawIndexedIndirectCount = (PFN_vkCmdDrawIndexedIndirectCount)
            d->vkGetDeviceProcAddr(d->device, "vkCmdDrawIndexedIndirectCount");
    }
    if (d->vkCmdDrawIndirectCount == NULL || d->vkCmdDrawIndexedIndirectCount == NULL)
        d->info.indirect_count = 0;
    return VKF_EXIT_OK;
}

/* The queue, and the command pool and fence every submission uses. */
static int create_queue(struct vkf_device *d, char *err, size_t err_size)
{
    VkCommandPoolCreateInfo cpci = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = d->info.queue_family,
    };
    VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
    VkResult vr;

    d->vkGetDeviceQueue(d->device, d->info.queue_family, 0, &d->queue);
    if ((vr = d->vkCreateCommandPool(d->device, &cpci, NULL, &d->cmd_pool)) != VK_SUCCESS ||
        (vr = d->vkCreateFence(d->device, &fci, NULL, &d->fence)) != VK_SUCCESS) {
        snprintf(err, err_size, "vkCreateCommandPool/vkCreateFence failed (%d)", (int)vr);
        return VKF_EXIT_SKIP;
    }
    return VKF_EXIT_OK;
}

int vkf_device_create(struct vkf_device *d, const struct vkf_phys_info *info, unsigned features,
                      char *err, size_t err_size)
{
    int ret;

    d->phys = info->phys;
    enabled_info(d, info, features);
    vkf_phys_describe(info, d->description, sizeof(d->description));
    d->vkGetPhysicalDeviceMemoryProperties(d->phys, &d->memory);
    ret = create_device(d, err, err_size);
    return ret == VKF_EXIT_OK ? create_queue(d, err, err_size) : ret;
}

int vkf_open(const char *app, const char *want, unsigned features, struct vkf_device **dev_ret,
             char *err, size_t err_size)
{
    return vkf_open_with(app, want, features, NULL, NULL, dev_ret, err, err_size);
}

int vkf_open_with(const char *app, const char *want, unsigned features, vkf_features_fn fn,
                  void *ctx, struct vkf_device **dev_ret, char *err, size_t err_size)
{
    struct vkf_device *d;
    struct vkf_phys_info info;
    int ret = vkf_open_instance(app, &d, err, err_size);

    *dev_ret = NULL;
    if (ret != VKF_EXIT_OK)
        return ret;
    ret = vkf_select(d, want, &info, err, err_size);
    if (ret == VKF_EXIT_OK && fn != NULL)
        ret = fn(ctx, &info, &features, err, err_size);
    if (ret == VKF_EXIT_OK)
        ret = vkf_device_create(d, &info, features, err, err_size);
    if (ret != VKF_EXIT_OK) {
        vkf_close(d);
        return ret;
    }
    *dev_ret = d;
    return VKF_EXIT_OK;
}

void vkf_close(struct vkf_device *d)
{
    if (d == NULL)
        return;
    if (d->device && d->vkDestroyDevice) {
        if (d->vkDeviceWaitIdle)
            d->vkDeviceWaitIdle(d->device);
        if (d->fence)
            d->vkDestroyFence(d->device, d->fence, NULL);
        if (d->cmd_pool)
            d->vkDestroyCommandPool(d->device, d->cmd_pool, NULL);
        d->vkDestroyDevice(d->device, NULL);
    }
    if (d->instance && d->vkDestroyInstance)
        d->vkDestroyInstance(d->instance, NULL);
    if (d->lib)
        dlclose(d->lib);
    free(d);
}

const char *vkf_device_description(const struct vkf_device *d)
{
    return d->description;
}

/* ------------------------------------------------------------------------ */
/* Buffers                                                                   */
/* ------------------------------------------------------------------------ */

/* The first memory type of `bits` with `need`, preferably with `want` and
 * without `avoid`; UINT32_MAX when none has `need`. */
static uint32_t memory_type(const struct vkf_device *d, uint32_t bits, VkMemoryPropertyFlags need,
                            VkMemoryPropertyFlags want, VkMemoryPropertyFlags avoid)
{
    for (int strict = 1; strict >= 0; strict--)
        for (uint32_t i = 0; i < d->memory.memoryTypeCount; i++) {
            VkMemoryPropertyFlags f = d->memory.memoryTypes[i].propertyFlags;
            if (!(bits & (1u << i)) || (f & need) != need)
                continue;
            if (!strict || ((f & want) == want && !(f & avoid)))
                return i;
        }
    return UINT32_MAX;
}

static uint32_t place_type(const struct vkf_device *d, uint32_t bits, enum vkf_place place)
{
    const VkMemoryPropertyFlags host =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;

    switch (place) {
    case VKF_MEM_HOST:
        return memory_type(d, bits, host, 0, 0);
    case VKF_MEM_DEVICE:
        return memory_type(d, bits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0,
                           VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
    case VKF_MEM_STAGING:
        return memory_type(d, bits, host, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    default:
        return memory_type(d, bits, host, VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
                           VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    }
}

int vkf_buf_create(struct vkf_device *d, struct vkf_buf *b, VkDeviceSize size,
                   VkBufferUsageFlags usage, enum vkf_place place, char *err, size_t err_size)
{
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size ? size : 16,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VkMemoryRequirements req;
    uint32_t type;
    VkResult vr;

    memset(b, 0, sizeof(*b));
    b->size = bci.size;
    if ((vr = d->vkCreateBuffer(d->device, &bci, NULL, &b->buffer)) != VK_SUCCESS) {
        snprintf(err, err_size, "vkCreateBuffer of %llu bytes failed (%d)",
                 (unsigned long long)bci.size, (int)vr);
        return -1;
    }
    d->vkGetBufferMemoryRequirements(d->device, b->buffer, &req);
    type = place_type(d, req.memoryTypeBits, place);
    if (type == UINT32_MAX) {
        snprintf(err, err_size, "no %s memory type for a buffer",
                 place == VKF_MEM_DEVICE ? "device-local" : "host-visible coherent");
        return -1;
    }
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = type,
    };
    if ((vr = d->vkAllocateMemory(d->device, &mai, NULL, &b->memory)) != VK_SUCCESS ||
        (vr = d->vkBindBufferMemory(d->device, b->buffer, b->memory, 0)) != VK_SUCCESS ||
        (place != VKF_MEM_DEVICE &&
         (vr = d->vkMapMemory(d->device, b->memory, 0, VK_WHOLE_SIZE, 0, &b->map)) != VK_SUCCESS)) {
        snprintf(err, err_size, "cannot allocate %llu bytes of buffer memory (%d)",
                 (unsigned long long)req.size, (int)vr);
        return -1;
    }
    b->memory_size = req.size;
    if (b->map != NULL)
        memset(b->map, 0, (size_t)b->memory_size);
    return 0;
}

void vkf_buf_destroy(struct vkf_device *d, struct vkf_buf *b)
{
    if (b->buffer)
        d->vkDestroyBuffer(d->device, b->buffer, NULL);
    if (b->memory)
        d->vkFreeMemory(d->device, b->memory, NULL); /* unmaps */
    memset(b, 0, sizeof(*b));
}

/* ------------------------------------------------------------------------ */
/* Commands                                                                  */
/* ------------------------------------------------------------------------ */

VkCommandBuffer vkf_cmd_alloc(struct vkf_device *d)
{
    VkCommandBufferAllocateInfo cbai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = d->cmd_pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkCommandBuffer cb = VK_NULL_HANDLE;

    if (d->vkAllocateCommandBuffers(d->device, &cbai, &cb) != VK_SUCCESS)
        return VK_NULL_HANDLE;
    return cb;
}

VkCommandBuffer vkf_cmd_begin_once(struct vkf_device *d)
{
    VkCommandBufferBeginInfo cbbi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    VkCommandBuffer cb = vkf_cmd_alloc(d);

    if (cb != VK_NULL_HANDLE && d->vkBeginCommandBuffer(cb, &cbbi) != VK_SUCCESS)
        vkf_cmd_free(d, &cb);
    return cb;
}

VkResult vkf_cmd_end_submit(struct vkf_device *d, VkCommandBuffer cb, uint64_t timeout_ns)
{
    VkResult vr = d->vkEndCommandBuffer(cb);

    return vr == VK_SUCCESS ? vkf_submit_wait(d, cb, timeout_ns) : vr;
}

void vkf_cmd_free(struct vkf_device *d, VkCommandBuffer *cb)
{
    if (*cb != VK_NULL_HANDLE)
        d->vkFreeCommandBuffers(d->device, d->cmd_pool, 1, cb);
    *cb = VK_NULL_HANDLE;
}

void vkf_cmd_barrier(struct vkf_device *d, VkCommandBuffer cb, VkPipelineStageFlags src_stage,
                     VkAccessFlags src, VkPipelineStageFlags dst_stage, VkAccessFlags dst)
{
    VkMemoryBarrier mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = src,
        .dstAccessMask = dst,
    };
    d->vkCmdPipelineBarrier(cb, src_stage, dst_stage, 0, 1, &mb, 0, NULL, 0, NULL);
}

VkResult vkf_submit_wait(struct vkf_device *d, VkCommandBuffer cb, uint64_t timeout_ns)
{
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cb,
    };
    VkResult vr = d->vkQueueSubmit(d->queue, 1, &si, d->fence);

    if (vr == VK_SUCCESS)
        vr = d->vkWaitForFences(d->device, 1, &d->fence, VK_TRUE, timeout_ns);
    if (vr == VK_SUCCESS)
        vr = d->vkResetFences(d->device, 1, &d->fence);
    return vr;
}
