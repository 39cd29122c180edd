/*
 * vk_run.c - runs a vfetch case's draw through a Vulkan driver.
 *
 * The Vulkan loader is opened with dlopen (libvulkan.so.1, or the file
 * named by VFETCH_VK_LOADER) rather than linked, so that the tool starts on
 * a machine without a loader and says so with exit status 77.
 *
 * Translation from D3D12 to Vulkan (each choice also printed per case):
 *  - one vertex binding per input slot with fetched elements, its stride
 *    the view's StrideInBytes (0 is legal in both APIs); one attribute per
 *    element at location = element index, at the offset resolved by the
 *    caller with the D3D APPEND_ALIGNED rule;
 *  - per-instance step rate 1 is VK_VERTEX_INPUT_RATE_INSTANCE, any other
 *    rate (0 included) a VK_EXT/KHR_vertex_attribute_divisor divisor; Vulkan
 *    applies firstInstance to divided and zero-divisor bindings the way D3D
 *    applies StartInstanceLocation (rules 4.1);
 *  - DrawInstanced runs as a point list; an indexed draw runs with the
 *    case's index buffer, as a point list, or as a line strip with primitive
 *    restart when D3D would cut (a strip topology with a cut value: rules
 *    5.2; Vulkan restarts at 0xFFFF / 0xFFFFFFFF, D3D's only cut values);
 *    rasterisation is discarded, so only the vertex stage runs;
 *  - the index buffer is padded with zero indices up to the last position
 *    the draw reads, so a read past the view's SizeInBytes returns index 0
 *    as in D3D (rules 5.1) instead of Vulkan's undefined value; with no
 *    index buffer the tool binds one of zeros (every index reads 0);
 *  - component mappings and B8G8R8X8's .w = 1.0f are applied in the
 *    shader (Vulkan vertex input has no swizzle);
 *  - fetches D3D calls out of bounds (rules 6) are not compared: Vulkan
 *    leaves them undefined; robustBufferAccess, when the device has it,
 *    only keeps them from faulting;
 *  - unbound slots are not given to the driver (Vulkan has no unbound
 *    vertex binding before VK_KHR_maintenance9): those elements are
 *    reported as not fetched.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, fork, dlopen, strtok_r, fnmatch */

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

/* Largest output or padded index buffer the tool allocates. */
#define VKF_MAX_ALLOCATION ((VkDeviceSize)256 << 20)

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

/* ------------------------------------------------------------------------ */
/* One run                                                                   */
/* ------------------------------------------------------------------------ */

struct run_state {
    struct vkf_hbuf vb[VF_MAX_INPUT_SLOTS];
    struct vkf_hbuf ib, out, keys;
    VkShaderModule module;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout pipeline_layout;
    VkRenderPass render_pass;
    VkFramebuffer framebuffer;
    VkPipeline pipeline;
    VkDescriptorPool pool;
    VkCommandPool command_pool;
    VkFence fence;
};

static void run_state_destroy(struct vkf_device *d, struct run_state *s)
{
    for (uint32_t i = 0; i < VF_MAX_INPUT_SLOTS; i++)
        vkf_hbuf_destroy(d, &s->vb[i]);
    vkf_hbuf_destroy(d, &s->ib);
    vkf_hbuf_destroy(d, &s->out);
    vkf_hbuf_destroy(d, &s->keys);
    if (s->fence)
        d->vkDestroyFence(d->device, s->fence, NULL);
    if (s->command_pool)
        d->vkDestroyCommandPool(d->device, s->command_pool, NULL);
    if (s->pool)
        d->vkDestroyDescriptorPool(d->device, s->pool, NULL);
    if (s->pipeline)
        d->vkDestroyPipeline(d->device, s->pipeline, NULL);
    if (s->framebuffer)
        d->vkDestroyFramebuffer(d->device, s->framebuffer, NULL);
    if (s->render_pass)
        d->vkDestroyRenderPass(d->device, s->render_pass, NULL);
    if (s->pipeline_layout)
        d->vkDestroyPipelineLayout(d->device, s->pipeline_layout, NULL);
    if (s->set_layout)
        d->vkDestroyDescriptorSetLayout(d->device, s->set_layout, NULL);
    if (s->module)
        d->vkDestroyShaderModule(d->device, s->module, NULL);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static uint32_t find_key(const uint32_t *keys, uint32_t n, uint32_t v)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (keys[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (lo < n && keys[lo] == v) ? lo : UINT32_MAX;
}

static int is_strip(uint32_t t)
{
    return t == VF_TOPOLOGY_LINESTRIP || t == VF_TOPOLOGY_TRIANGLESTRIP ||
           t == VF_TOPOLOGY_LINESTRIP_ADJ || t == VF_TOPOLOGY_TRIANGLESTRIP_ADJ;
}

#define APPEND(...)                                                                     \
    do {                                                                                \
        size_t used_ = strlen(res->translation);                                        \
        snprintf(res->translation + used_, sizeof(res->translation) - used_, __VA_ARGS__); \
    } while (0)

int vkf_run(struct vkf_device *d, const struct vf_case *c, const uint32_t *offsets,
            struct vkf_result *res, char *err, size_t err_size)
{
    const vf_draw_desc *draw = &c->draw;
    const uint32_t ne = c->num_elements;
    const uint32_t words = VKF_RECORD_WORDS(ne);
    const uint32_t V = draw->vertex_count_per_instance, I = draw->instance_count;
    struct run_state s;
    struct vkf_shader_element sel[VF_MAX_ELEMENTS];
    VkVertexInputBindingDescription bindings[VF_MAX_INPUT_SLOTS];
    VkVertexInputBindingDivisorDescriptionEXT divisors[VF_MAX_INPUT_SLOTS];
    VkVertexInputAttributeDescription attrs[VF_MAX_ELEMENTS];
    int32_t slot_binding[VF_MAX_INPUT_SLOTS];
    uint32_t nb = 0, ndiv = 0, na = 0;
    uint32_t *positions_key = NULL; /* indexed: key of each position, UINT32_MAX for a cut */
    uint32_t *keys = NULL, nkeys = 0;
    uint32_t span;
    int indexed = draw->indexed != 0;
    int restart = 0;
    uint32_t index_size = 0;
    char *glsl = NULL;
    uint32_t *spirv = NULL;
    size_t spirv_size = 0;
    int ret = VKF_EXIT_USAGE;

    memset(&s, 0, sizeof(s));
    memset(res, 0, sizeof(*res));
    res->num_elements = ne;
    res->positions = V;
    res->instances = I;
    res->indexed = indexed;
    if (ne > VF_MAX_ELEMENTS) {
        snprintf(err, err_size, "more than %u elements", VF_MAX_ELEMENTS);
        return VKF_EXIT_USAGE;
    }
    for (uint32_t i = 0; i < VF_MAX_INPUT_SLOTS; i++)
        slot_binding[i] = -1;

    /* Elements -> attributes and bindings. */
    for (uint32_t e = 0; e < ne; e++) {
        const vf_input_element_desc *el = &c->elements[e];
        const struct vkf_format_map *m = vkf_format_lookup(el->format);
        const vf_format_desc *fd = vf_format_info(el->format);
        uint32_t slot = el->input_slot;
        int bound = slot < c->num_vertex_buffers && c->vertex_buffers[slot].data != NULL;
        VkFormatProperties fp;

        memset(&sel[e], 0, sizeof(sel[e]));
        sel[e].mapping = c->component_mappings ? c->component_mappings[e]
                                               : VF_DEFAULT_COMPONENT_MAPPING;
        sel[e].one = (fd && (fd->type[0] == VF_TYPE_UINT || fd->type[0] == VF_TYPE_SINT))
                         ? 1u : 0x3f800000u;
        res->status[e] = VKF_ELEM_FETCHED;
        if (m == NULL) {
            res->status[e] = VKF_ELEM_NO_VK_FORMAT;
            snprintf(res->note[e], sizeof(res->note[e]), "no Vulkan vertex format");
            continue;
        }
        sel[e].numeric = m->numeric;
        sel[e].force_w_one = m->force_w_one;
        if (!bound) {
            res->status[e] = VKF_ELEM_UNBOUND;
            snprintf(res->note[e], sizeof(res->note[e]),
                     "slot %u unbound: D3D reads 0,0,0,0; not given to the driver", slot);
            continue;
        }
        d->vkGetPhysicalDeviceFormatProperties(d->phys, (VkFormat)m->vk_format, &fp);
        if (!(fp.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT)) {
            res->status[e] = VKF_ELEM_FORMAT_UNSUPPORTED;
            snprintf(res->note[e], sizeof(res->note[e]),
                     "VK_FORMAT_%s has no VERTEX_BUFFER_BIT on this device", m->vk_name);
            continue;
        }
        if (el->input_slot_class == VF_INPUT_PER_INSTANCE_DATA &&
            el->instance_data_step_rate != 1) {
            uint32_t r = el->instance_data_step_rate;
            const char *why = NULL;
            if (d->divisor_extension == NULL)
                why = "no vertex attribute divisor extension";
            else if (r == 0 && !d->divisor_zero)
                why = "no vertexAttributeInstanceRateZeroDivisor";
            else if (r > 1 && !d->divisor_rate)
                why = "no vertexAttributeInstanceRateDivisor";
            else if (r > d->max_divisor)
                why = "step rate above maxVertexAttribDivisor";
            else if (draw->start_instance_location != 0 && !d->divisor_first_instance)
                why = "divisor with firstInstance unsupported (supportsNonZeroFirstInstance)";
            if (why != NULL) {
                res->status[e] = VKF_ELEM_DIVISOR_UNSUPPORTED;
                snprintf(res->note[e], sizeof(res->note[e]), "step rate %u: %s", r, why);
                continue;
            }
        }
        if (e >= d->props.limits.maxVertexInputAttributes ||
            offsets[e] > d->props.limits.maxVertexInputAttributeOffset ||
            c->vertex_buffers[slot].stride_in_bytes > d->props.limits.maxVertexInputBindingStride ||
            (slot_binding[slot] < 0 && nb >= d->props.limits.maxVertexInputBindings)) {
            res->status[e] = VKF_ELEM_LIMIT;
            snprintf(res->note[e], sizeof(res->note[e]),
                     "beyond a device limit (attributes %u, offset %u, stride %u, bindings %u)",
                     d->props.limits.maxVertexInputAttributes,
                     d->props.limits.maxVertexInputAttributeOffset,
                     d->props.limits.maxVertexInputBindingStride,
                     d->props.limits.maxVertexInputBindings);
            continue;
        }
        if (slot_binding[slot] < 0) {
            VkVertexInputBindingDescription *b = &bindings[nb];
            b->binding = nb;
            b->stride = c->vertex_buffers[slot].stride_in_bytes;
            b->inputRate = el->input_slot_class == VF_INPUT_PER_INSTANCE_DATA
                               ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX;
            if (b->inputRate == VK_VERTEX_INPUT_RATE_INSTANCE &&
                el->instance_data_step_rate != 1) {
                divisors[ndiv].binding = nb;
                divisors[ndiv].divisor = el->instance_data_step_rate;
                ndiv++;
            }
            slot_binding[slot] = (int32_t)nb++;
        }
        attrs[na].location = e;
        attrs[na].binding = (uint32_t)slot_binding[slot];
        attrs[na].format = (VkFormat)m->vk_format;
        attrs[na].offset = offsets[e];
        na++;
        sel[e].fetched = 1;
    }

    /* Indices: what the draw reads at each position, the cut positions,
     * and the distinct values the shader keys its records by. */
    if (indexed) {
        const vf_index_buffer_view *ib = draw->index_buffer;
        uint32_t cut = 0;
        int have_ib = ib != NULL && ib->data != NULL;
        vf_format ifmt = ib != NULL ? ib->format : VF_FORMAT_R16_UINT;
        VkDeviceSize need;

        if (ifmt != VF_FORMAT_R16_UINT && ifmt != VF_FORMAT_R32_UINT) {
            snprintf(err, err_size, "index format is not R16_UINT or R32_UINT");
            goto out;
        }
        index_size = ifmt == VF_FORMAT_R16_UINT ? 2 : 4;
        if (is_strip(draw->primitive_topology) &&
            draw->strip_cut_value != VF_STRIP_CUT_VALUE_DISABLED) {
            restart = 1;
            cut = index_size == 2 ? 0xffffu : 0xffffffffu;
        }
        need = ((VkDeviceSize)draw->start_location + V) * index_size;
        if (need > VKF_MAX_ALLOCATION) {
            snprintf(err, err_size, "the index range ends past %llu MiB: not run",
                     (unsigned long long)(VKF_MAX_ALLOCATION >> 20));
            goto out;
        }
        positions_key = malloc(sizeof(uint32_t) * (V ? V : 1));
        keys = malloc(sizeof(uint32_t) * (V ? V : 1));
        if (positions_key == NULL || keys == NULL) {
            snprintf(err, err_size, "out of memory");
            goto out;
        }
        for (uint32_t i = 0; i < V; i++) {
            uint64_t at = ((uint64_t)draw->start_location + i) * index_size;
            uint32_t v = 0;
            if (have_ib && at + index_size <= ib->size_in_bytes) {
                const uint8_t *p = (const uint8_t *)ib->data + at;
                v = index_size == 2 ? (uint32_t)(p[0] | (p[1] << 8))
                                    : (uint32_t)p[0] | ((uint32_t)p[1] << 8) |
                                          ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
            }
            if (restart && v == cut) {
                positions_key[i] = UINT32_MAX;
            } else {
                positions_key[i] = v;
                keys[nkeys++] = v;
            }
        }
        qsort(keys, nkeys, sizeof(uint32_t), cmp_u32);
        {
            uint32_t u = 0;
            for (uint32_t i = 0; i < nkeys; i++)
                if (u == 0 || keys[u - 1] != keys[i])
                    keys[u++] = keys[i];
            nkeys = u;
        }
        for (uint32_t i = 0; i < V; i++)
            if (positions_key[i] != UINT32_MAX)
                positions_key[i] = find_key(keys, nkeys, positions_key[i]);
        if (vkf_hbuf_create(d, &s.ib, need, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, err, err_size) ||
            vkf_hbuf_create(d, &s.keys, (VkDeviceSize)nkeys * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                        err, err_size))
            goto out;
        if (have_ib)
            memcpy(s.ib.map, ib->data,
                   (size_t)(ib->size_in_bytes < need ? ib->size_in_bytes : need));
        if (!have_ib)
            APPEND("no index buffer: a buffer of zero indices is bound; ");
        else if (need > ib->size_in_bytes)
            APPEND("index reads past SizeInBytes: padded with zero indices (D3D reads 0); ");
        memcpy(s.keys.map, keys, (size_t)nkeys * 4);
        span = nkeys;
        APPEND("indexed: records keyed by (instance, index value), %u distinct values; ", nkeys);
    } else {
        if (vkf_hbuf_create(d, &s.keys, 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, err, err_size))
            goto out;
        span = V;
    }
    res->restart = restart;
    res->topology = restart ? "LINE_STRIP with primitive restart" : "POINT_LIST";

    {
        uint64_t total = ((uint64_t)span * I * words + VKF_OUTPUT_HEADER_WORDS) * 4;
        if (total > VKF_MAX_ALLOCATION || total > d->props.limits.maxStorageBufferRange) {
            snprintf(err, err_size, "the draw needs %llu bytes of output, more than this tool "
                     "allocates (%llu)", (unsigned long long)total,
                     (unsigned long long)(d->props.limits.maxStorageBufferRange <
                                                  VKF_MAX_ALLOCATION
                                              ? d->props.limits.maxStorageBufferRange
                                              : VKF_MAX_ALLOCATION));
            goto out;
        }
        if (vkf_hbuf_create(d, &s.out, total, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, err, err_size))
            goto out;
    }

    for (uint32_t slot = 0; slot < VF_MAX_INPUT_SLOTS; slot++) {
        if (slot_binding[slot] < 0)
            continue;
        /* With robustBufferAccess Vulkan may treat a vertex as out of
         * bounds once the view ends inside its stride (the range is cut to
         * a multiple of the stride), where D3D checks each element's bytes:
         * pad the buffer with zeros to whole strides. Only fetches D3D
         * calls in bounds are compared, so the padding is never compared. */
        VkDeviceSize vb_size = c->vertex_buffers[slot].size_in_bytes;
        uint32_t stride = c->vertex_buffers[slot].stride_in_bytes;
        if (stride != 0)
            vb_size = (vb_size + stride - 1) / stride * stride;
        if (vkf_hbuf_create(d, &s.vb[slot], vb_size, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, err,
                        err_size))
            goto out;
        memcpy(s.vb[slot].map, c->vertex_buffers[slot].data,
               c->vertex_buffers[slot].size_in_bytes);
    }

    /* Shader. */
    {
        struct vkf_shader_desc sd = {
            .num_elements = ne,
            .elements = sel,
            .indexed = indexed,
        };
        glsl = vkf_shader_glsl(&sd);
        if (glsl == NULL) {
            snprintf(err, err_size, "out of memory");
            goto out;
        }
        if (getenv("VFETCH_VK_DUMP_GLSL"))
            fputs(glsl, stderr);
        if (vkf_shader_compile(glsl, &spirv, &spirv_size, err, err_size))
            goto out;
    }

    ret = VKF_EXIT_MISMATCH; /* from here on a failure is the driver's */
    {
        VkShaderModuleCreateInfo mci = {
            .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
            .codeSize = spirv_size,
            .pCode = spirv,
        };
        VkDescriptorSetLayoutBinding dsb[2] = {
            { 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT, NULL },
            { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT, NULL },
        };
        VkDescriptorSetLayoutCreateInfo dslci = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
            .bindingCount = 2,
            .pBindings = dsb,
        };
        VkPipelineLayoutCreateInfo plci = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
            .setLayoutCount = 1,
            .pSetLayouts = &s.set_layout,
        };
        VkSubpassDescription sub = {
            .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
        };
        VkRenderPassCreateInfo rpci = {
            .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
            .subpassCount = 1,
            .pSubpasses = &sub,
        };
        if (d->vkCreateShaderModule(d->device, &mci, NULL, &s.module) != VK_SUCCESS ||
            d->vkCreateDescriptorSetLayout(d->device, &dslci, NULL, &s.set_layout) != VK_SUCCESS ||
            d->vkCreatePipelineLayout(d->device, &plci, NULL, &s.pipeline_layout) != VK_SUCCESS ||
            d->vkCreateRenderPass(d->device, &rpci, NULL, &s.render_pass) != VK_SUCCESS) {
            snprintf(err, err_size, "cannot create the shader module or layouts");
            goto out;
        }
    }
    {
        VkFramebufferCreateInfo fci = {
            .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
            .renderPass = s.render_pass,
            .width = 1,
            .height = 1,
            .layers = 1,
        };
        const uint32_t spec_values[VKF_SPEC_CONSTANTS] = {
            indexed ? (uint32_t)draw->base_vertex_location : draw->start_location,
            draw->start_instance_location, span, nkeys, I,
        };
        VkSpecializationMapEntry spec_map[VKF_SPEC_CONSTANTS];
        VkSpecializationInfo spec = {
            .mapEntryCount = VKF_SPEC_CONSTANTS,
            .pMapEntries = spec_map,
            .dataSize = sizeof(spec_values),
            .pData = spec_values,
        };
        VkPipelineShaderStageCreateInfo stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_VERTEX_BIT,
            .module = s.module,
            .pName = "main",
            .pSpecializationInfo = &spec,
        };
        VkPipelineVertexInputDivisorStateCreateInfoEXT div = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT,
            .vertexBindingDivisorCount = ndiv,
            .pVertexBindingDivisors = divisors,
        };
        VkPipelineVertexInputStateCreateInfo vi = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
            .pNext = ndiv ? &div : NULL,
            .vertexBindingDescriptionCount = nb,
            .pVertexBindingDescriptions = bindings,
            .vertexAttributeDescriptionCount = na,
            .pVertexAttributeDescriptions = attrs,
        };
        VkPipelineInputAssemblyStateCreateInfo ia = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
            .topology = restart ? VK_PRIMITIVE_TOPOLOGY_LINE_STRIP
                                : VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
            .primitiveRestartEnable = (VkBool32)restart,
        };
        VkPipelineRasterizationStateCreateInfo rs = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
            .rasterizerDiscardEnable = VK_TRUE,
            .polygonMode = VK_POLYGON_MODE_FILL,
            .cullMode = VK_CULL_MODE_NONE,
            .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
            .lineWidth = 1.0f,
        };
        VkGraphicsPipelineCreateInfo gpci = {
            .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
            .stageCount = 1,
            .pStages = &stage,
            .pVertexInputState = &vi,
            .pInputAssemblyState = &ia,
            .pRasterizationState = &rs,
            .layout = s.pipeline_layout,
            .renderPass = s.render_pass,
            .subpass = 0,
        };
        VkResult vr;
        for (uint32_t k = 0; k < VKF_SPEC_CONSTANTS; k++) {
            spec_map[k].constantID = k;
            spec_map[k].offset = k * 4;
            spec_map[k].size = 4;
        }
        if (d->vkCreateFramebuffer(d->device, &fci, NULL, &s.framebuffer) != VK_SUCCESS) {
            snprintf(err, err_size, "cannot create the framebuffer");
            goto out;
        }
        vr = d->vkCreateGraphicsPipelines(d->device, VK_NULL_HANDLE, 1, &gpci, NULL,
                                          &s.pipeline);
        if (vr != VK_SUCCESS) {
            snprintf(err, err_size, "vkCreateGraphicsPipelines failed (%d)", (int)vr);
            goto out;
        }
    }
    {
        VkDescriptorPoolSize ps = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 };
        VkDescriptorPoolCreateInfo dpci = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
            .maxSets = 1,
            .poolSizeCount = 1,
            .pPoolSizes = &ps,
        };
        VkDescriptorSetAllocateInfo dsai = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
            .descriptorSetCount = 1,
            .pSetLayouts = &s.set_layout,
        };
        VkDescriptorSet set;
        VkDescriptorBufferInfo dbi[2] = {
            { s.out.buffer, 0, VK_WHOLE_SIZE },
            { s.keys.buffer, 0, VK_WHOLE_SIZE },
        };
        VkWriteDescriptorSet w[2] = {
            { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstBinding = 0,
              .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
              .pBufferInfo = &dbi[0] },
            { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstBinding = 1,
              .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
              .pBufferInfo = &dbi[1] },
        };
        VkCommandPoolCreateInfo cpci = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
            .queueFamilyIndex = d->queue_family,
        };
        VkCommandBufferAllocateInfo cbai = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
            .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
            .commandBufferCount = 1,
        };
        VkCommandBufferBeginInfo cbbi = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
            .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        };
        VkRenderPassBeginInfo rpbi = {
            .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
            .framebuffer = VK_NULL_HANDLE,
            .renderArea = { { 0, 0 }, { 1, 1 } },
        };
        VkMemoryBarrier mb = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
            .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
            .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
        };
        VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
        VkCommandBuffer cb;
        VkSubmitInfo si = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
            .commandBufferCount = 1,
            .pCommandBuffers = &cb,
        };
        VkResult vr;

        dsai.descriptorPool = VK_NULL_HANDLE;
        if (d->vkCreateDescriptorPool(d->device, &dpci, NULL, &s.pool) != VK_SUCCESS) {
            snprintf(err, err_size, "cannot create a descriptor pool");
            goto out;
        }
        dsai.descriptorPool = s.pool;
        if (d->vkAllocateDescriptorSets(d->device, &dsai, &set) != VK_SUCCESS) {
            snprintf(err, err_size, "cannot allocate a descriptor set");
            goto out;
        }
        w[0].dstSet = set;
        w[1].dstSet = set;
        d->vkUpdateDescriptorSets(d->device, 2, w, 0, NULL);
        if (d->vkCreateCommandPool(d->device, &cpci, NULL, &s.command_pool) != VK_SUCCESS) {
            snprintf(err, err_size, "cannot create a command pool");
            goto out;
        }
        cbai.commandPool = s.command_pool;
        if (d->vkAllocateCommandBuffers(d->device, &cbai, &cb) != VK_SUCCESS ||
            d->vkCreateFence(d->device, &fci, NULL, &s.fence) != VK_SUCCESS ||
            d->vkBeginCommandBuffer(cb, &cbbi) != VK_SUCCESS) {
            snprintf(err, err_size, "cannot record a command buffer");
            goto out;
        }
        rpbi.renderPass = s.render_pass;
        rpbi.framebuffer = s.framebuffer;
        d->vkCmdBeginRenderPass(cb, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
        d->vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, s.pipeline);
        d->vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, s.pipeline_layout, 0, 1,
                                   &set, 0, NULL);
        for (uint32_t slot = 0; slot < VF_MAX_INPUT_SLOTS; slot++) {
            if (slot_binding[slot] >= 0) {
                VkDeviceSize zero = 0;
                d->vkCmdBindVertexBuffers(cb, (uint32_t)slot_binding[slot], 1,
                                          &s.vb[slot].buffer, &zero);
            }
        }
        if (V > 0 && I > 0) {
            if (indexed) {
                d->vkCmdBindIndexBuffer(cb, s.ib.buffer, 0,
                                        index_size == 2 ? VK_INDEX_TYPE_UINT16
                                                        : VK_INDEX_TYPE_UINT32);
                d->vkCmdDrawIndexed(cb, V, I, draw->start_location, draw->base_vertex_location,
                                    draw->start_instance_location);
            } else {
                d->vkCmdDraw(cb, V, I, draw->start_location, draw->start_instance_location);
            }
        }
        d->vkCmdEndRenderPass(cb);
        d->vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_VERTEX_SHADER_BIT,
                                VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
        if (d->vkEndCommandBuffer(cb) != VK_SUCCESS ||
            d->vkQueueSubmit(d->queue, 1, &si, s.fence) != VK_SUCCESS) {
            snprintf(err, err_size, "cannot submit the draw");
            goto out;
        }
        vr = d->vkWaitForFences(d->device, 1, &s.fence, VK_TRUE, 120ull * 1000000000ull);
        if (vr != VK_SUCCESS) {
            snprintf(err, err_size, "the draw did not complete (%d)", (int)vr);
            goto out;
        }
    }

    /* Expand the keyed records to vfetch's (instance, position) order. */
    {
        const uint32_t *o = (const uint32_t *)s.out.map;
        size_t n = (size_t)V * I * words;
        res->records = calloc(n ? n : 1, sizeof(uint32_t));
        if (res->records == NULL) {
            snprintf(err, err_size, "out of memory");
            goto out;
        }
        res->stray = o[0];
        for (uint32_t j = 0; j < I; j++) {
            for (uint32_t i = 0; i < V; i++) {
                uint32_t key = indexed ? positions_key[i] : i;
                uint32_t *dst = res->records + ((size_t)j * V + i) * words;
                if (key == UINT32_MAX)
                    continue; /* a cut: no vertex, record stays zero (not shaded) */
                memcpy(dst,
                       o + VKF_OUTPUT_HEADER_WORDS + ((size_t)j * span + key) * words,
                       words * sizeof(uint32_t));
            }
        }
    }
    ret = VKF_EXIT_OK;
out:
    run_state_destroy(d, &s);
    free(glsl);
    free(spirv);
    free(positions_key);
    free(keys);
    if (ret != VKF_EXIT_OK)
        vkf_result_free(res);
    return ret;
}

void vkf_result_free(struct vkf_result *res)
{
    free(res->records);
    res->records = NULL;
}
