/*
 * vk_device.c - the Vulkan loader, the device vfetch-vk opens and
 * host-visible buffers.
 *
 * The Vulkan loader is opened with dlopen (libvulkan.so.1, or the file
 * named by VFETCH_VK_LOADER) rather than linked, so that the tool starts on
 * a machine without a loader and says so with exit status 77.
 */
#define _POSIX_C_SOURCE 200809L /* dlopen */

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "vk_device.h"

/* VK_KHR_vertex_attribute_divisor (and Vulkan 1.4) reuse the EXT
 * structure type values for the features and pipeline structures; only the
 * properties structure is new. The installed headers may predate it. */
#define VKF_KHR_DIVISOR_EXTENSION_NAME "VK_KHR_vertex_attribute_divisor"
#define VKF_STRUCTURE_TYPE_DIVISOR_PROPERTIES_KHR ((VkStructureType)1000525000)
struct vkf_divisor_properties_khr {
    VkStructureType sType;
    void *pNext;
    uint32_t maxVertexAttribDivisor;
    VkBool32 supportsNonZeroFirstInstance;
};


/* ------------------------------------------------------------------------ */
/* Loader and instance                                                       */
/* ------------------------------------------------------------------------ */

static int load_instance(struct vkf_device *d, char *err, size_t err_size)
{
    const char *path = getenv("VFETCH_VK_LOADER");
    PFN_vkCreateInstance create_instance;
    PFN_vkEnumerateInstanceVersion instance_version;
    uint32_t version = VK_API_VERSION_1_0;
    VkResult vr;

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
    create_instance =
        (PFN_vkCreateInstance)d->get_instance_proc_addr(NULL, "vkCreateInstance");
    instance_version = (PFN_vkEnumerateInstanceVersion)d->get_instance_proc_addr(
        NULL, "vkEnumerateInstanceVersion");
    if (create_instance == NULL || instance_version == NULL ||
        instance_version(&version) != VK_SUCCESS || version < VK_API_VERSION_1_1) {
        snprintf(err, err_size, "the Vulkan loader does not support Vulkan 1.1");
        return VKF_EXIT_SKIP;
    }

    {
        VkApplicationInfo app = {
            .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
            .pApplicationName = "vfetch-vk",
            .applicationVersion = VF_VERSION_NUMBER,
            .pEngineName = "vfetch",
            .engineVersion = VF_VERSION_NUMBER,
            .apiVersion = VK_API_VERSION_1_1,
        };
        VkInstanceCreateInfo ci = {
            .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
            .pApplicationInfo = &app,
        };
        vr = create_instance(&ci, NULL, &d->instance);
        if (vr != VK_SUCCESS) {
            snprintf(err, err_size, "vkCreateInstance failed (%d): no Vulkan driver (ICD) found",
                     (int)vr);
            return VKF_EXIT_SKIP;
        }
    }
#define X(name)                                                                   \
    d->name = (PFN_##name)d->get_instance_proc_addr(d->instance, #name);          \
    if (d->name == NULL) {                                                        \
        snprintf(err, err_size, "the Vulkan loader lacks %s", #name);             \
        return VKF_EXIT_SKIP;                                                     \
    }
    VKF_INSTANCE_FUNCS(X)
#undef X
    return VKF_EXIT_OK;
}

static int has_extension(const VkExtensionProperties *ext, uint32_t n, const char *name)
{
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(ext[i].extensionName, name) == 0)
            return 1;
    return 0;
}

/* Device facts that decide what the tool can compare. */
struct phys_info {
    VkPhysicalDeviceProperties props;
    char driver[VK_MAX_DRIVER_NAME_SIZE + VK_MAX_DRIVER_INFO_SIZE + 4];
    const char *divisor_extension;
    int divisor_rate, divisor_zero, divisor_first_instance;
    uint32_t max_divisor;
    int stores;       /* vertexPipelineStoresAndAtomics */
    int robust;
    int geometry, tessellation; /* geometryShader, tessellationShader */
    int graphics_queue;
    uint32_t queue_family;
};

static void query_phys(struct vkf_device *d, VkPhysicalDevice p, struct phys_info *info)
{
    uint32_t n = 0;
    VkExtensionProperties *ext = NULL;

    memset(info, 0, sizeof(*info));
    d->vkGetPhysicalDeviceProperties(p, &info->props);

    if (info->props.apiVersion >= VK_API_VERSION_1_2) {
        VkPhysicalDeviceDriverProperties drv = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES,
        };
        VkPhysicalDeviceProperties2 p2 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
            .pNext = &drv,
        };
        d->vkGetPhysicalDeviceProperties2(p, &p2);
        snprintf(info->driver, sizeof(info->driver), "%s %s", drv.driverName,
                 drv.driverInfo);
    }

    if (d->vkEnumerateDeviceExtensionProperties(p, NULL, &n, NULL) == VK_SUCCESS && n > 0) {
        ext = calloc(n, sizeof(*ext));
        if (ext == NULL || d->vkEnumerateDeviceExtensionProperties(p, NULL, &n, ext) != VK_SUCCESS)
            n = 0;
    }
    if (has_extension(ext, n, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME))
        info->divisor_extension = VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME;
    else if (has_extension(ext, n, VKF_KHR_DIVISOR_EXTENSION_NAME))
        info->divisor_extension = VKF_KHR_DIVISOR_EXTENSION_NAME;
    free(ext);

    {
        VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT div = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT,
        };
        VkPhysicalDeviceFeatures2 f2 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
            .pNext = info->divisor_extension ? &div : NULL,
        };
        d->vkGetPhysicalDeviceFeatures2(p, &f2);
        info->stores = f2.features.vertexPipelineStoresAndAtomics != 0;
        info->robust = f2.features.robustBufferAccess != 0;
        info->geometry = f2.features.geometryShader != 0;
        info->tessellation = f2.features.tessellationShader != 0;
        info->divisor_rate = info->divisor_extension && div.vertexAttributeInstanceRateDivisor;
        info->divisor_zero = info->divisor_extension && div.vertexAttributeInstanceRateZeroDivisor;
    }
    if (info->divisor_extension &&
        strcmp(info->divisor_extension, VKF_KHR_DIVISOR_EXTENSION_NAME) == 0) {
        struct vkf_divisor_properties_khr dp = {
            .sType = VKF_STRUCTURE_TYPE_DIVISOR_PROPERTIES_KHR,
        };
        VkPhysicalDeviceProperties2 p2 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
            .pNext = &dp,
        };
        d->vkGetPhysicalDeviceProperties2(p, &p2);
        info->max_divisor = dp.maxVertexAttribDivisor;
        info->divisor_first_instance = dp.supportsNonZeroFirstInstance != 0;
    } else if (info->divisor_extension) {
        VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT dp = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT,
        };
        VkPhysicalDeviceProperties2 p2 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
            .pNext = &dp,
        };
        d->vkGetPhysicalDeviceProperties2(p, &p2);
        info->max_divisor = dp.maxVertexAttribDivisor;
        /* The EXT has no restriction on firstInstance. */
        info->divisor_first_instance = 1;
    }

    {
        uint32_t nq = 0;
        VkQueueFamilyProperties *q;
        d->vkGetPhysicalDeviceQueueFamilyProperties(p, &nq, NULL);
        q = calloc(nq ? nq : 1, sizeof(*q));
        if (q != NULL) {
            d->vkGetPhysicalDeviceQueueFamilyProperties(p, &nq, q);
            for (uint32_t i = 0; i < nq; i++) {
                if (q[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
                    info->graphics_queue = 1;
                    info->queue_family = i;
                    break;
                }
            }
            free(q);
        }
    }
}

/* Case-insensitive substring test (strcasestr is a GNU extension). */
static int name_contains(const char *name, const char *part)
{
    size_t n = strlen(part);
    for (; *name; name++)
        if (strncasecmp(name, part, n) == 0)
            return 1;
    return n == 0;
}

static void describe(const struct phys_info *info, char *out, size_t size)
{
    uint32_t v = info->props.apiVersion;
    snprintf(out, size, "%.200s [%.250s%sVulkan %u.%u.%u]", info->props.deviceName,
             info->driver, info->driver[0] ? ", " : "", VK_API_VERSION_MAJOR(v),
             VK_API_VERSION_MINOR(v), VK_API_VERSION_PATCH(v));
}

static int enumerate(struct vkf_device *d, VkPhysicalDevice **list_ret, uint32_t *n_ret,
                     char *err, size_t err_size)
{
    uint32_t n = 0;
    VkPhysicalDevice *list;

    if (d->vkEnumeratePhysicalDevices(d->instance, &n, NULL) != VK_SUCCESS || n == 0) {
        snprintf(err, err_size, "no Vulkan device");
        return VKF_EXIT_SKIP;
    }
    list = calloc(n, sizeof(*list));
    if (list == NULL || d->vkEnumeratePhysicalDevices(d->instance, &n, list) < 0 || n == 0) {
        free(list);
        snprintf(err, err_size, "no Vulkan device");
        return VKF_EXIT_SKIP;
    }
    *list_ret = list;
    *n_ret = n;
    return VKF_EXIT_OK;
}

int vkf_list_devices(void *fp, char *err, size_t err_size)
{
    FILE *f = fp;
    struct vkf_device d;
    VkPhysicalDevice *list = NULL;
    uint32_t n = 0;
    int ret;

    memset(&d, 0, sizeof(d));
    ret = load_instance(&d, err, err_size);
    if (ret == VKF_EXIT_OK)
        ret = enumerate(&d, &list, &n, err, err_size);
    for (uint32_t i = 0; ret == VKF_EXIT_OK && i < n; i++) {
        struct phys_info info;
        char desc[512];
        query_phys(&d, list[i], &info);
        describe(&info, desc, sizeof(desc));
        fprintf(f, "%u: %s\n", i, desc);
        fprintf(f, "   divisor: %s (rate divisor %s, zero divisor %s, max %u)%s%s%s%s\n",
                info.divisor_extension ? info.divisor_extension : "none",
                info.divisor_rate ? "yes" : "no", info.divisor_zero ? "yes" : "no",
                info.max_divisor, info.stores ? "" : ", no vertexPipelineStoresAndAtomics",
                info.geometry ? "" : ", no geometryShader",
                info.tessellation ? "" : ", no tessellationShader",
                info.graphics_queue ? "" : ", no graphics queue");
    }
    free(list);
    if (d.instance)
        d.vkDestroyInstance(d.instance, NULL);
    if (d.lib)
        dlclose(d.lib);
    return ret;
}

int vkf_open(const char *name_filter, struct vkf_device **dev_ret, char *err, size_t err_size)
{
    struct vkf_device *d = calloc(1, sizeof(*d));
    VkPhysicalDevice *list = NULL;
    uint32_t n = 0;
    struct phys_info info;
    int ret, found = 0;

    *dev_ret = NULL;
    if (d == NULL) {
        snprintf(err, err_size, "out of memory");
        return VKF_EXIT_USAGE;
    }
    ret = load_instance(d, err, err_size);
    if (ret == VKF_EXIT_OK)
        ret = enumerate(d, &list, &n, err, err_size);
    for (uint32_t i = 0; ret == VKF_EXIT_OK && i < n; i++) {
        query_phys(d, list[i], &info);
        if (name_filter != NULL && !name_contains(info.props.deviceName, name_filter))
            continue;
        d->phys = list[i];
        found = 1;
        break;
    }
    free(list);
    if (ret == VKF_EXIT_OK && !found) {
        snprintf(err, err_size, "no Vulkan device name contains '%s' (see --list-devices)",
                 name_filter ? name_filter : "");
        ret = VKF_EXIT_USAGE;
    }
    if (ret == VKF_EXIT_OK && (!info.stores || !info.graphics_queue)) {
        snprintf(err, err_size, "%s: %s", info.props.deviceName,
                 !info.graphics_queue ? "no graphics queue"
                                      : "no vertexPipelineStoresAndAtomics (the vertex shader "
                                        "cannot store what it fetched)");
        ret = VKF_EXIT_SKIP;
    }
    if (ret != VKF_EXIT_OK) {
        vkf_close(d);
        return ret;
    }

    d->props = info.props;
    d->divisor_extension = info.divisor_extension;
    d->divisor_rate = info.divisor_rate;
    d->divisor_zero = info.divisor_zero;
    d->divisor_first_instance = info.divisor_first_instance;
    d->max_divisor = info.max_divisor;
    d->robust = info.robust;
    d->geometry = info.geometry;
    d->tessellation = info.tessellation;
    d->max_patch_size = info.tessellation ? info.props.limits.maxTessellationPatchSize : 0;
    d->queue_family = info.queue_family;
    describe(&info, d->description, sizeof(d->description));
    d->vkGetPhysicalDeviceMemoryProperties(d->phys, &d->memory);

    {
        float prio = 1.0f;
        VkDeviceQueueCreateInfo qci = {
            .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
            .queueFamilyIndex = d->queue_family,
            .queueCount = 1,
            .pQueuePriorities = &prio,
        };
        VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT div = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT,
            .vertexAttributeInstanceRateDivisor = (VkBool32)d->divisor_rate,
            .vertexAttributeInstanceRateZeroDivisor = (VkBool32)d->divisor_zero,
        };
        VkPhysicalDeviceFeatures2 f2 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
            .pNext = d->divisor_extension ? &div : NULL,
        };
        const char *exts[1] = { d->divisor_extension };
        VkDeviceCreateInfo dci = {
            .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
            .pNext = &f2,
            .queueCreateInfoCount = 1,
            .pQueueCreateInfos = &qci,
            .enabledExtensionCount = d->divisor_extension ? 1u : 0u,
            .ppEnabledExtensionNames = exts,
        };
        VkResult vr;
        f2.features.vertexPipelineStoresAndAtomics = VK_TRUE;
        /* Only so that a fetch D3D calls out of bounds (not compared)
         * cannot fault; in-bounds values are unaffected. */
        f2.features.robustBufferAccess = (VkBool32)d->robust;
        /* For the primitive capture (vk_prim.c); the vertex fetch run
         * uses neither stage. */
        f2.features.geometryShader = (VkBool32)d->geometry;
        f2.features.tessellationShader = (VkBool32)d->tessellation;
        vr = d->vkCreateDevice(d->phys, &dci, NULL, &d->device);
        if (vr != VK_SUCCESS) {
            snprintf(err, err_size, "vkCreateDevice failed (%d)", (int)vr);
            vkf_close(d);
            return VKF_EXIT_SKIP;
        }
    }
#define X(name)                                                                   \
    d->name = (PFN_##name)d->vkGetDeviceProcAddr(d->device, #name);               \
    if (d->name == NULL) {                                                        \
        snprintf(err, err_size, "the driver lacks %s", #name);                    \
        vkf_close(d);                                                             \
        return VKF_EXIT_SKIP;                                                     \
    }
    VKF_DEVICE_FUNCS(X)
#undef X
    d->vkGetDeviceQueue(d->device, d->queue_family, 0, &d->queue);
    *dev_ret = d;
    return VKF_EXIT_OK;
}

void vkf_close(struct vkf_device *d)
{
    if (d == NULL)
        return;
    vkf_shader_cache_clear();
    if (d->device && d->vkDestroyDevice)
        d->vkDestroyDevice(d->device, NULL);
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

int vkf_hbuf_create(struct vkf_device *d, struct vkf_hbuf *b, VkDeviceSize size,
                       VkBufferUsageFlags usage, char *err, size_t err_size)
{
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size ? size : 4,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VkMemoryRequirements req;
    const VkMemoryPropertyFlags want =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    uint32_t type = UINT32_MAX;

    memset(b, 0, sizeof(*b));
    b->size = bci.size;
    if (d->vkCreateBuffer(d->device, &bci, NULL, &b->buffer) != VK_SUCCESS) {
        snprintf(err, err_size, "vkCreateBuffer of %llu bytes failed",
                 (unsigned long long)bci.size);
        return -1;
    }
    d->vkGetBufferMemoryRequirements(d->device, b->buffer, &req);
    /* Prefer cached memory: the output is read back by the CPU. */
    for (int pass = 0; pass < 2 && type == UINT32_MAX; pass++) {
        for (uint32_t i = 0; i < d->memory.memoryTypeCount; i++) {
            VkMemoryPropertyFlags fl = d->memory.memoryTypes[i].propertyFlags;
            if (!(req.memoryTypeBits & (1u << i)) || (fl & want) != want)
                continue;
            if (pass == 0 && !(fl & VK_MEMORY_PROPERTY_HOST_CACHED_BIT))
                continue;
            type = i;
            break;
        }
    }
    if (type == UINT32_MAX) {
        snprintf(err, err_size, "no host-visible coherent memory type");
        return -1;
    }
    {
        VkMemoryAllocateInfo mai = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
            .allocationSize = req.size,
            .memoryTypeIndex = type,
        };
        if (d->vkAllocateMemory(d->device, &mai, NULL, &b->memory) != VK_SUCCESS ||
            d->vkBindBufferMemory(d->device, b->buffer, b->memory, 0) != VK_SUCCESS ||
            d->vkMapMemory(d->device, b->memory, 0, VK_WHOLE_SIZE, 0, &b->map) != VK_SUCCESS) {
            snprintf(err, err_size, "cannot allocate %llu bytes of buffer memory",
                     (unsigned long long)req.size);
            return -1;
        }
    }
    memset(b->map, 0, (size_t)b->size);
    return 0;
}

void vkf_hbuf_destroy(struct vkf_device *d, struct vkf_hbuf *b)
{
    if (b->buffer)
        d->vkDestroyBuffer(d->device, b->buffer, NULL);
    if (b->memory)
        d->vkFreeMemory(d->device, b->memory, NULL); /* unmaps */
    memset(b, 0, sizeof(*b));
}

/* vkf_caps.vertex_format for an opened device. */
static int vertex_format_supported(const void *ctx, uint32_t vk_format)
{
    const struct vkf_device *d = ctx;
    VkFormatProperties fp;

    d->vkGetPhysicalDeviceFormatProperties(d->phys, (VkFormat)vk_format, &fp);
    return (fp.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT) != 0;
}

void vkf_device_caps(const struct vkf_device *d, struct vkf_caps *caps)
{
    memset(caps, 0, sizeof(*caps));
    caps->max_attributes = d->props.limits.maxVertexInputAttributes;
    caps->max_attribute_offset = d->props.limits.maxVertexInputAttributeOffset;
    caps->max_binding_stride = d->props.limits.maxVertexInputBindingStride;
    caps->max_bindings = d->props.limits.maxVertexInputBindings;
    caps->divisor = d->divisor_extension != NULL;
    caps->divisor_rate = d->divisor_rate;
    caps->divisor_zero = d->divisor_zero;
    caps->divisor_first_instance = d->divisor_first_instance;
    caps->max_divisor = d->max_divisor;
    caps->vertex_format = vertex_format_supported;
    caps->ctx = d;
}
