/*
 * vk_select.c - which physical device vfetch-vk and vfetch-bench's peer
 * draw on: what each device offers (vkf_phys_query) and the device a name
 * picks (vkf_select).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vk_device.h"

/* VK_KHR_vertex_attribute_divisor (and Vulkan 1.4) reuse the EXT
 * structure type values for the features and pipeline structures; only the
 * properties structure is new. The installed headers may predate it. */
#define VKF_KHR_DIVISOR_EXTENSION_NAME "VK_KHR_vertex_attribute_divisor"
#define VKF_STRUCTURE_TYPE_DIVISOR_PROPERTIES_KHR ((VkStructureType)1000525000)
/* VK_KHR_robustness2 keeps VK_EXT_robustness2's structure type values. */
#define VKF_KHR_ROBUSTNESS2_EXTENSION_NAME "VK_KHR_robustness2"
/* VK_KHR_index_type_uint8 keeps VK_EXT_index_type_uint8's values too. */
#define VKF_KHR_INDEX_UINT8_EXTENSION_NAME "VK_KHR_index_type_uint8"
struct vkf_divisor_properties_khr {
    VkStructureType sType;
    void *pNext;
    uint32_t maxVertexAttribDivisor;
    VkBool32 supportsNonZeroFirstInstance;
};

const char *vkf_type_name(VkPhysicalDeviceType type)
{
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU";
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
    default: return "other";
    }
}

static int has_extension(const VkExtensionProperties *ext, uint32_t n, const char *name)
{
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(ext[i].extensionName, name) == 0)
            return 1;
    return 0;
}

/* The device's own extensions: which divisor extension, and whether it
 * reports NVIDIA SM counts. */
static void query_extensions(const struct vkf_device *d, VkPhysicalDevice p,
                             struct vkf_phys_info *info, int *sm_builtins)
{
    uint32_t n = 0;
    VkExtensionProperties *ext = NULL;

    if (d->vkEnumerateDeviceExtensionProperties(p, NULL, &n, NULL) == VK_SUCCESS && n > 0) {
        ext = calloc(n, sizeof(*ext));
        if (ext == NULL || d->vkEnumerateDeviceExtensionProperties(p, NULL, &n, ext) < 0)
            n = 0;
    }
    if (has_extension(ext, n, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME))
        info->divisor_extension = VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME;
    else if (has_extension(ext, n, VKF_KHR_DIVISOR_EXTENSION_NAME))
        info->divisor_extension = VKF_KHR_DIVISOR_EXTENSION_NAME;
    if (has_extension(ext, n, VKF_KHR_ROBUSTNESS2_EXTENSION_NAME))
        info->robustness2_extension = VKF_KHR_ROBUSTNESS2_EXTENSION_NAME;
    else if (has_extension(ext, n, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME))
        info->robustness2_extension = VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
    if (has_extension(ext, n, VKF_KHR_INDEX_UINT8_EXTENSION_NAME))
        info->uint8_extension = VKF_KHR_INDEX_UINT8_EXTENSION_NAME;
    else if (has_extension(ext, n, VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME))
        info->uint8_extension = VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME;
    info->list_restart_extension =
        has_extension(ext, n, VK_EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART_EXTENSION_NAME);
    info->provoking_extension = has_extension(ext, n, VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME);
    *sm_builtins = has_extension(ext, n, VK_NV_SHADER_SM_BUILTINS_EXTENSION_NAME);
    free(ext);
}

static void query_features(const struct vkf_device *d, VkPhysicalDevice p,
                           struct vkf_phys_info *info)
{
    VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT div = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT,
    };
    VkPhysicalDeviceRobustness2FeaturesEXT rob2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
        .pNext = info->divisor_extension ? &div : NULL,
    };
    VkPhysicalDeviceIndexTypeUint8FeaturesEXT u8 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT,
    };
    VkPhysicalDeviceShaderDrawParametersFeatures sdp = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES,
    };
    VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT lr = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVE_TOPOLOGY_LIST_RESTART_FEATURES_EXT,
    };
    VkPhysicalDeviceProvokingVertexFeaturesEXT pv = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT,
    };
    VkPhysicalDeviceFeatures2 f2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
        .pNext = info->robustness2_extension ? (void *)&rob2 : rob2.pNext,
    };

    VkPhysicalDeviceVulkan12Features v12 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
    };

    /* A Vulkan 1.0 device does not know the 1.1 structure, nor a 1.1
     * device the 1.2 one. */
    if (info->props.apiVersion >= VK_API_VERSION_1_1) {
        sdp.pNext = f2.pNext;
        f2.pNext = &sdp;
    }
    if (info->props.apiVersion >= VK_API_VERSION_1_2) {
        v12.pNext = f2.pNext;
        f2.pNext = &v12;
    }
    if (info->uint8_extension) {
        u8.pNext = f2.pNext;
        f2.pNext = &u8;
    }
    if (info->list_restart_extension) {
        lr.pNext = f2.pNext;
        f2.pNext = &lr;
    }
    if (info->provoking_extension) {
        pv.pNext = f2.pNext;
        f2.pNext = &pv;
    }
    d->vkGetPhysicalDeviceFeatures2(p, &f2);
    info->list_restart = info->list_restart_extension && lr.primitiveTopologyListRestart;
    info->list_restart_patch =
        info->list_restart_extension && lr.primitiveTopologyPatchListRestart;
    info->provoking_last = info->provoking_extension && pv.provokingVertexLast;
    info->float64 = f2.features.shaderFloat64 != 0;
    info->int64 = f2.features.shaderInt64 != 0;
    info->index_uint8 = info->uint8_extension && u8.indexTypeUint8;
    info->draw_parameters = sdp.shaderDrawParameters != 0;
    info->indirect_first_instance = f2.features.drawIndirectFirstInstance != 0;
    info->indirect_count = v12.drawIndirectCount != 0;
    info->stores = f2.features.vertexPipelineStoresAndAtomics != 0;
    info->robust = f2.features.robustBufferAccess != 0;
    info->robust2 = info->robustness2_extension && info->robust && rob2.robustBufferAccess2;
    info->null_descriptor = info->robustness2_extension && rob2.nullDescriptor;
    info->bind_sizes = info->props.apiVersion >= VK_API_VERSION_1_3;
    info->geometry = f2.features.geometryShader != 0;
    info->tessellation = f2.features.tessellationShader != 0;
    info->max_patch_size = info->tessellation ? info->props.limits.maxTessellationPatchSize : 0;
    info->divisor_rate = info->divisor_extension && div.vertexAttributeInstanceRateDivisor;
    info->divisor_zero = info->divisor_extension && div.vertexAttributeInstanceRateZeroDivisor;
}

/* The driver's name, the divisor limits and the SM count: properties
 * chained to VkPhysicalDeviceProperties2. */
static void query_properties2(const struct vkf_device *d, VkPhysicalDevice p,
                              struct vkf_phys_info *info, int sm_builtins)
{
    VkPhysicalDeviceDriverProperties drv = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES,
    };
    struct vkf_divisor_properties_khr khr = { .sType = VKF_STRUCTURE_TYPE_DIVISOR_PROPERTIES_KHR };
    VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT ext = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT,
    };
    VkPhysicalDeviceShaderSMBuiltinsPropertiesNV sm = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SM_BUILTINS_PROPERTIES_NV,
    };
    VkPhysicalDeviceProperties2 p2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2 };
    int khr_divisor = info->divisor_extension &&
                      strcmp(info->divisor_extension, VKF_KHR_DIVISOR_EXTENSION_NAME) == 0;

    /* Each structure is chained only where the device knows it. */
    if (info->props.apiVersion >= VK_API_VERSION_1_2) {
        drv.pNext = p2.pNext;
        p2.pNext = &drv;
    }
    if (khr_divisor) {
        khr.pNext = p2.pNext;
        p2.pNext = &khr;
    } else if (info->divisor_extension) {
        ext.pNext = p2.pNext;
        p2.pNext = &ext;
    }
    if (sm_builtins) {
        sm.pNext = p2.pNext;
        p2.pNext = &sm;
    }
    if (p2.pNext == NULL)
        return;
    d->vkGetPhysicalDeviceProperties2(p, &p2);
    if (info->props.apiVersion >= VK_API_VERSION_1_2)
        snprintf(info->driver, sizeof(info->driver), "%s %s", drv.driverName, drv.driverInfo);
    info->max_divisor = khr_divisor ? khr.maxVertexAttribDivisor : ext.maxVertexAttribDivisor;
    /* The EXT has no restriction on firstInstance. */
    info->divisor_first_instance =
        khr_divisor ? khr.supportsNonZeroFirstInstance != 0 : info->divisor_extension != NULL;
    info->sm_count = sm_builtins ? sm.shaderSMCount : 0;
}

/* The first graphics queue family and its timestamp bits. */
static void query_queue(const struct vkf_device *d, VkPhysicalDevice p, struct vkf_phys_info *info)
{
    uint32_t nq = 0;
    VkQueueFamilyProperties *q;

    d->vkGetPhysicalDeviceQueueFamilyProperties(p, &nq, NULL);
    q = calloc(nq ? nq : 1, sizeof(*q));
    if (q == NULL)
        return;
    d->vkGetPhysicalDeviceQueueFamilyProperties(p, &nq, q);
    for (uint32_t i = 0; i < nq; i++) {
        if (q[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
            info->graphics_queue = 1;
            info->queue_family = i;
            info->timestamp_bits = q[i].timestampValidBits;
            break;
        }
    }
    free(q);
}

/* A CPU device with a memory type both device-local and host-visible:
 * its memory is the host's, so the bench times it like a CPU path. */
static int host_memory(const struct vkf_device *d, VkPhysicalDevice p,
                       const struct vkf_phys_info *info)
{
    const VkMemoryPropertyFlags both =
        VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
    VkPhysicalDeviceMemoryProperties mem;

    if (info->props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU)
        return 0;
    d->vkGetPhysicalDeviceMemoryProperties(p, &mem);
    for (uint32_t i = 0; i < mem.memoryTypeCount; i++)
        if ((mem.memoryTypes[i].propertyFlags & both) == both)
            return 1;
    return 0;
}

void vkf_phys_query(const struct vkf_device *d, VkPhysicalDevice p, struct vkf_phys_info *info)
{
    int sm_builtins = 0;

    memset(info, 0, sizeof(*info));
    info->phys = p;
    d->vkGetPhysicalDeviceProperties(p, &info->props);
    query_extensions(d, p, info, &sm_builtins);
    query_features(d, p, info);
    query_properties2(d, p, info, sm_builtins);
    query_queue(d, p, info);
    info->host_memory = host_memory(d, p, info);
}

const char *vkf_phys_unusable(const struct vkf_phys_info *info)
{
    if (!info->stores)
        return "no vertexPipelineStoresAndAtomics (the vertex shader stores what it fetched)";
    if (!info->graphics_queue)
        return "no graphics queue";
    return NULL;
}

void vkf_phys_describe(const struct vkf_phys_info *info, char *out, size_t size)
{
    uint32_t v = info->props.apiVersion;
    snprintf(out, size, "%.200s [%.250s%sVulkan %u.%u.%u]", info->props.deviceName,
             info->driver, info->driver[0] ? ", " : "", VK_API_VERSION_MAJOR(v),
             VK_API_VERSION_MINOR(v), VK_API_VERSION_PATCH(v));
}

/* The instance's physical devices: a calloc'ed array the caller frees, and
 * their count (0 is not an error). VKF_EXIT_SKIP when enumeration fails. */
static int enumerate_devices(struct vkf_device *d, VkPhysicalDevice **list_ret, uint32_t *n_ret,
                             char *err, size_t err_size)
{
    uint32_t n = 0;
    VkPhysicalDevice *list;

    *list_ret = NULL;
    *n_ret = 0;
    if (d->vkEnumeratePhysicalDevices(d->instance, &n, NULL) != VK_SUCCESS) {
        snprintf(err, err_size, "cannot list the Vulkan devices");
        return VKF_EXIT_SKIP;
    }
    list = calloc(n ? n : 1, sizeof(*list));
    /* VK_INCOMPLETE (a device gone since the count) still fills the array. */
    if (list == NULL || d->vkEnumeratePhysicalDevices(d->instance, &n, list) < 0) {
        free(list);
        snprintf(err, err_size, "cannot list the Vulkan devices");
        return VKF_EXIT_SKIP;
    }
    *list_ret = list;
    *n_ret = n;
    return VKF_EXIT_OK;
}

int vkf_for_each_device(struct vkf_device *d, vkf_device_fn fn, void *ctx, uint32_t *n_ret,
                        char *err, size_t err_size)
{
    VkPhysicalDevice *list;
    int ret = enumerate_devices(d, &list, n_ret, err, err_size);

    for (uint32_t i = 0; ret == VKF_EXIT_OK && i < *n_ret; i++) {
        struct vkf_phys_info info;
        vkf_phys_query(d, list[i], &info);
        fn(ctx, i, &info);
    }
    free(list);
    return ret;
}

/* Nonzero when `name` contains `want`, ignoring ASCII case. */
static int contains_nocase(const char *name, const char *want)
{
    size_t n = strlen(want);

    for (; *name; name++) {
        size_t i = 0;
        while (i < n && name[i] &&
               tolower((unsigned char)name[i]) == tolower((unsigned char)want[i]))
            i++;
        if (i == n)
            return 1;
    }
    return n == 0;
}

/* Nonzero when device `props` is what `want` asks for; "gpu" takes two
 * passes, discrete GPUs first. */
static int wanted(const char *want, const VkPhysicalDeviceProperties *props, int pass)
{
    if (want == NULL)
        return 1;
    if (strcmp(want, "lavapipe") == 0)
        return props->deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    if (strcmp(want, "gpu") == 0)
        return props->deviceType == (pass == 0 ? VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU
                                               : VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU);
    return contains_nocase(props->deviceName, want);
}

/* The message when nothing matched: what was asked, why the matching
 * devices could not be used, and the devices there are. */
static void no_match(const struct vkf_device *d, const char *want, const char *why,
                     const char *why_name, const VkPhysicalDevice *devs, uint32_t n, char *msg,
                     size_t size)
{
    size_t len;

    if (why)
        len = (size_t)snprintf(msg, size, "%s: %s", why_name, why);
    else if (want == NULL)
        len = (size_t)snprintf(msg, size, "no Vulkan device");
    else if (strcmp(want, "lavapipe") == 0)
        len = (size_t)snprintf(msg, size, "no CPU Vulkan device (lavapipe)");
    else if (strcmp(want, "gpu") == 0)
        len = (size_t)snprintf(msg, size, "no discrete or integrated GPU");
    else
        len = (size_t)snprintf(msg, size, "no Vulkan device name contains \"%s\"", want);
    len += (size_t)snprintf(msg + (len < size ? len : size), len < size ? size - len : 0,
                            "; %u device%s%s", n, n == 1 ? "" : "s", n ? ":" : "");
    for (uint32_t i = 0; i < n && len < size; i++) {
        VkPhysicalDeviceProperties props;
        d->vkGetPhysicalDeviceProperties(devs[i], &props);
        len += (size_t)snprintf(msg + len, size - len, "%s %s (%s)", i ? "," : "",
                                props.deviceName, vkf_type_name(props.deviceType));
    }
    if (len < size && (want == NULL || strcmp(want, "lavapipe") != 0))
        snprintf(msg + len, size - len,
                 " (VK_DRIVER_FILES or VK_ICD_FILENAMES choose the drivers loaded)");
}

int vkf_select(struct vkf_device *d, const char *want, struct vkf_phys_info *info, char *err,
               size_t err_size)
{
    VkPhysicalDevice *devs;
    uint32_t n;
    const char *why = NULL;
    char why_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE] = "";
    int ret = enumerate_devices(d, &devs, &n, err, err_size);

    for (int pass = 0; ret == VKF_EXIT_OK && pass < 2; pass++) {
        for (uint32_t i = 0; i < n; i++) {
            vkf_phys_query(d, devs[i], info);
            if (!wanted(want, &info->props, pass))
                continue;
            const char *bad = vkf_phys_unusable(info);
            if (bad == NULL) {
                free(devs);
                return VKF_EXIT_OK;
            }
            if (why == NULL) {
                why = bad;
                snprintf(why_name, sizeof(why_name), "%s", info->props.deviceName);
            }
        }
    }
    if (ret == VKF_EXIT_OK) {
        no_match(d, want, why, why_name, devs, n, err, err_size);
        ret = why != NULL || n == 0 ? VKF_EXIT_SKIP : VKF_EXIT_USAGE;
    }
    free(devs);
    return ret;
}
