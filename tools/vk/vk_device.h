/*
 * vk_device.h - the one Vulkan device layer of vfetch-vk and of
 * vfetch-bench's Vulkan peer: the loader (opened with dlopen, so neither
 * program needs a libvulkan to link against), the instance, which
 * physical device to use (vk_select.c), the device with the features its
 * user asks for, buffers, one command pool and fence, and submission
 * (vk_device.c). The pipeline object is in vk_pipeline.h. Not installed.
 *
 * Single-threaded: one thread uses a device at a time. Calls that can
 * fail return 0 (VKF_EXIT_OK) or a VKF_EXIT_* status with a message in
 * err (err_size bytes, always terminated).
 */
#ifndef VF_TOOLS_VK_DEVICE_H
#define VF_TOOLS_VK_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

/* Statuses of the layer, also vfetch-vk's exit statuses. */
#define VKF_EXIT_OK 0
#define VKF_EXIT_MISMATCH 1
#define VKF_EXIT_USAGE 2
#define VKF_EXIT_SKIP 77

#define VKF_INSTANCE_FUNCS(X)                  \
    X(vkDestroyInstance)                       \
    X(vkEnumeratePhysicalDevices)              \
    X(vkGetPhysicalDeviceProperties)           \
    X(vkGetPhysicalDeviceProperties2)          \
    X(vkGetPhysicalDeviceFeatures)             \
    X(vkGetPhysicalDeviceFeatures2)            \
    X(vkGetPhysicalDeviceQueueFamilyProperties) \
    X(vkGetPhysicalDeviceMemoryProperties)     \
    X(vkGetPhysicalDeviceFormatProperties)     \
    X(vkEnumerateDeviceExtensionProperties)    \
    X(vkCreateDevice)                          \
    X(vkGetDeviceProcAddr)

#define VKF_DEVICE_FUNCS(X)          \
    X(vkDestroyDevice)               \
    X(vkDeviceWaitIdle)              \
    X(vkGetDeviceQueue)              \
    X(vkCreateBuffer)                \
    X(vkDestroyBuffer)               \
    X(vkGetBufferMemoryRequirements) \
    X(vkAllocateMemory)              \
    X(vkFreeMemory)                  \
    X(vkBindBufferMemory)            \
    X(vkMapMemory)                   \
    X(vkCreateShaderModule)          \
    X(vkDestroyShaderModule)         \
    X(vkCreateDescriptorSetLayout)   \
    X(vkDestroyDescriptorSetLayout)  \
    X(vkCreatePipelineLayout)        \
    X(vkDestroyPipelineLayout)       \
    X(vkCreateRenderPass)            \
    X(vkDestroyRenderPass)           \
    X(vkCreateFramebuffer)           \
    X(vkDestroyFramebuffer)          \
    X(vkCreateGraphicsPipelines)     \
    X(vkDestroyPipeline)             \
    X(vkCreateDescriptorPool)        \
    X(vkDestroyDescriptorPool)       \
    X(vkAllocateDescriptorSets)      \
    X(vkUpdateDescriptorSets)        \
    X(vkCreateCommandPool)           \
    X(vkDestroyCommandPool)          \
    X(vkAllocateCommandBuffers)      \
    X(vkFreeCommandBuffers)          \
    X(vkBeginCommandBuffer)          \
    X(vkEndCommandBuffer)            \
    X(vkCmdBeginRenderPass)          \
    X(vkCmdEndRenderPass)            \
    X(vkCmdBindPipeline)             \
    X(vkCmdBindDescriptorSets)       \
    X(vkCmdBindVertexBuffers)        \
    X(vkCmdBindIndexBuffer)          \
    X(vkCmdPushConstants)            \
    X(vkCmdDraw)                     \
    X(vkCmdDrawIndexed)              \
    X(vkCmdDrawIndirect)             \
    X(vkCmdDrawIndexedIndirect)      \
    X(vkCmdPipelineBarrier)          \
    X(vkCmdCopyBuffer)               \
    X(vkCmdFillBuffer)               \
    X(vkCmdResetQueryPool)           \
    X(vkCmdWriteTimestamp)           \
    X(vkCreateQueryPool)             \
    X(vkDestroyQueryPool)            \
    X(vkGetQueryPoolResults)         \
    X(vkCreateFence)                 \
    X(vkDestroyFence)                \
    X(vkResetFences)                 \
    X(vkWaitForFences)               \
    X(vkQueueSubmit)

/* What a physical device offers (vkf_phys_query). Once the device is
 * created (d->info), the optional features say what was enabled. */
struct vkf_phys_info {
    VkPhysicalDevice phys;
    VkPhysicalDeviceProperties props;
    char driver[VK_MAX_DRIVER_NAME_SIZE + VK_MAX_DRIVER_INFO_SIZE + 4];
    const char *divisor_extension; /* a vertex attribute divisor extension, or NULL */
    int divisor_rate;              /* vertexAttributeInstanceRateDivisor */
    int divisor_zero;              /* vertexAttributeInstanceRateZeroDivisor */
    int divisor_first_instance;    /* divided bindings honour firstInstance */
    uint32_t max_divisor;
    int stores;                    /* vertexPipelineStoresAndAtomics */
    int robust;                    /* robustBufferAccess */
    const char *robustness2_extension; /* VK_EXT_robustness2 or VK_KHR_robustness2, or NULL */
    int robust2;                   /* robustBufferAccess2 (of that extension) */
    int null_descriptor;           /* nullDescriptor: VK_NULL_HANDLE vertex buffers */
    int bind_sizes;                /* vkCmdBindVertexBuffers2 (Vulkan 1.3): bound sizes */
    int geometry;                  /* geometryShader */
    int tessellation;              /* tessellationShader */
    uint32_t max_patch_size;       /* maxTessellationPatchSize, 0 without tessellation */
    int draw_parameters;           /* shaderDrawParameters (Vulkan 1.1): gl_BaseVertex, gl_BaseInstance */
    int indirect_first_instance;   /* drawIndirectFirstInstance: indirect firstInstance other than 0 */
    int indirect_count;            /* drawIndirectCount (Vulkan 1.2): vkCmdDraw*IndirectCount */
    int float64;                   /* shaderFloat64: double vertex inputs */
    int int64;                     /* shaderInt64: int64_t / uint64_t vertex inputs */
    const char *uint8_extension;   /* VK_EXT_index_type_uint8 or VK_KHR_index_type_uint8, or NULL */
    int index_uint8;               /* indexTypeUint8 (of that extension): VK_INDEX_TYPE_UINT8 */
    int list_restart_extension;    /* VK_EXT_primitive_topology_list_restart */
    int list_restart;              /* primitiveTopologyListRestart */
    int list_restart_patch;        /* primitiveTopologyPatchListRestart */
    int provoking_extension;       /* VK_EXT_provoking_vertex */
    int provoking_last;            /* provokingVertexLast */
    int graphics_queue;            /* has a graphics queue family: queue_family */
    uint32_t queue_family;
    uint32_t timestamp_bits;       /* timestampValidBits of that family */
    int host_memory;               /* a CPU device whose memory is the host's */
    uint32_t sm_count;             /* NVIDIA streaming multiprocessors, else 0 */
};

/* Optional device features (vkf_device_create). Each is enabled only
 * where the device has it: what a timed draw runs with matters to the
 * bench, so it asks for none. */
#define VKF_FEATURE_DIVISOR 1u      /* the vertex attribute divisor extension */
#define VKF_FEATURE_ROBUST 2u       /* robustBufferAccess */
#define VKF_FEATURE_STAGES 4u       /* geometryShader and tessellationShader */
#define VKF_FEATURE_DRAW_PARAMETERS 8u /* shaderDrawParameters */
#define VKF_FEATURE_ROBUST2 16u     /* robustBufferAccess2 (with robustBufferAccess) */
#define VKF_FEATURE_NULL_DESCRIPTOR 32u /* nullDescriptor */
#define VKF_FEATURE_BIND_SIZES 64u  /* vkCmdBindVertexBuffers2 */
#define VKF_FEATURE_INDIRECT 128u   /* drawIndirectFirstInstance and drawIndirectCount */
#define VKF_FEATURE_SHADER64 256u   /* shaderFloat64 and shaderInt64: 64-bit vertex inputs */
#define VKF_FEATURE_INDEX_UINT8 512u /* indexTypeUint8 (VK_EXT/KHR_index_type_uint8) */
#define VKF_FEATURE_LIST_RESTART 1024u /* primitive restart in list topologies */
#define VKF_FEATURE_PROVOKING 2048u /* provokingVertexLast (VK_EXT_provoking_vertex) */

struct vkf_device {
    void *lib;
    PFN_vkGetInstanceProcAddr get_instance_proc_addr;
    VkInstance instance;
    VkPhysicalDevice phys;
    struct vkf_phys_info info;
    VkDevice device;
    VkQueue queue;
    VkPhysicalDeviceMemoryProperties memory;
    VkCommandPool cmd_pool;        /* command buffers can be reset one by one */
    VkFence fence;                 /* unsignalled between vkf_submit_wait calls */
    char description[512];
    /* Loaded where info.bind_sizes (a Vulkan 1.3 device), else NULL. */
    PFN_vkCmdBindVertexBuffers2 vkCmdBindVertexBuffers2;
    /* Loaded where info.indirect_count (a Vulkan 1.2 device), else NULL. */
    PFN_vkCmdDrawIndirectCount vkCmdDrawIndirectCount;
    PFN_vkCmdDrawIndexedIndirectCount vkCmdDrawIndexedIndirectCount;
#define X(name) PFN_##name name;
    VKF_INSTANCE_FUNCS(X)
    VKF_DEVICE_FUNCS(X)
#undef X
};

/* ---- Instance and device (vk_device.c) ---------------------------------- */

/* Loads the loader (VFETCH_VK_LOADER names another file) and creates a
 * Vulkan 1.1 instance named `app`. VKF_EXIT_SKIP without a loader or
 * driver. *dev_ret (NULL on failure) is closed with vkf_close. */
int vkf_open_instance(const char *app, struct vkf_device **dev_ret, char *err,
                      size_t err_size);

/* Creates the device on `info` (from vkf_select) with
 * vertexPipelineStoresAndAtomics, the VKF_FEATURE_* in `features` the
 * device has, one queue of info->queue_family, the command pool and the
 * fence. VKF_EXIT_SKIP on failure. */
int vkf_device_create(struct vkf_device *d, const struct vkf_phys_info *info, unsigned features,
                      char *err, size_t err_size);

/* vkf_open_instance, vkf_select(want) and vkf_device_create. */
int vkf_open(const char *app, const char *want, unsigned features, struct vkf_device **dev_ret,
             char *err, size_t err_size);

/* What vkf_open_with calls once the device is chosen: may change the
 * features asked for, or refuse the device with a VKF_EXIT_* status other
 * than VKF_EXIT_OK (message in err). */
typedef int (*vkf_features_fn)(void *ctx, const struct vkf_phys_info *info, unsigned *features,
                               char *err, size_t err_size);

/* vkf_open, with fn (NULL: none) deciding the features on the chosen device. */
int vkf_open_with(const char *app, const char *want, unsigned features, vkf_features_fn fn,
                  void *ctx, struct vkf_device **dev_ret, char *err, size_t err_size);

/* Waits for the device and frees everything vkf_open made. NULL is a no-op. */
void vkf_close(struct vkf_device *d);

/* "llvmpipe (LLVM 15.0.6, 256 bits) [llvmpipe Mesa 22.3.6 (LLVM 15.0.6), Vulkan 1.3.230]" */
const char *vkf_device_description(const struct vkf_device *d);

/* ---- Physical devices (vk_select.c) ------------------------------------- */

/* What vkf_for_each_device calls: the device's number i and what it offers. */
typedef void (*vkf_device_fn)(void *ctx, uint32_t i, const struct vkf_phys_info *info);

/* Calls fn for each of the instance's physical devices, in the loader's
 * order; *n_ret is their count (0 is not an error). VKF_EXIT_SKIP when
 * they cannot be listed. */
int vkf_for_each_device(struct vkf_device *d, vkf_device_fn fn, void *ctx, uint32_t *n_ret,
                        char *err, size_t err_size);

/* Everything struct vkf_phys_info holds about p. */
void vkf_phys_query(const struct vkf_device *d, VkPhysicalDevice p, struct vkf_phys_info *info);

/* Why neither program can draw on the device, or NULL. */
const char *vkf_phys_unusable(const struct vkf_phys_info *info);

/* "CPU", "discrete GPU", ... */
const char *vkf_type_name(VkPhysicalDeviceType type);

/* "NAME [driver, Vulkan x.y.z]" into out. */
void vkf_phys_describe(const struct vkf_phys_info *info, char *out, size_t size);

/* The device `want` names: "lavapipe" the first CPU device, "gpu" the
 * first discrete GPU (else the first integrated one), NULL the first
 * device, anything else the first device whose name contains it, ignoring
 * ASCII case. Devices vkf_phys_unusable rejects are passed over.
 * VKF_EXIT_USAGE when nothing matches, VKF_EXIT_SKIP when only unusable
 * devices do or there are none; the message lists the devices there are. */
int vkf_select(struct vkf_device *d, const char *want, struct vkf_phys_info *info, char *err,
               size_t err_size);

/* ---- Buffers (vk_device.c) ---------------------------------------------- */

/* Where a buffer's memory lives. */
enum vkf_place {
    VKF_MEM_HOST,     /* host-visible coherent (the first such type), mapped */
    VKF_MEM_DEVICE,   /* device-local, not host-visible where possible, not mapped */
    VKF_MEM_STAGING,  /* host-visible coherent system memory, mapped: an upload's source */
    VKF_MEM_READBACK, /* host-visible coherent, system memory and cached where there
                       * is such (the CPU reads it), mapped */
};

struct vkf_buf {
    VkBuffer buffer;
    VkDeviceMemory memory;
    void *map;          /* NULL for VKF_MEM_DEVICE; maps all of memory_size */
    VkDeviceSize size;
    VkDeviceSize memory_size; /* bytes of its memory, size or more */
};

/* A buffer of `size` bytes (16 when 0) with `usage` in `place`, its whole
 * memory zero-filled when mapped. 0, or -1 with a message (the caller still destroys b). */
int vkf_buf_create(struct vkf_device *d, struct vkf_buf *b, VkDeviceSize size,
                   VkBufferUsageFlags usage, enum vkf_place place, char *err, size_t err_size);
/* Frees b (unmapping it) and zeroes it; a zeroed b is a no-op. */
void vkf_buf_destroy(struct vkf_device *d, struct vkf_buf *b);

/* ---- Commands (vk_device.c) --------------------------------------------- */

/* A primary command buffer of d's pool, or VK_NULL_HANDLE. */
VkCommandBuffer vkf_cmd_alloc(struct vkf_device *d);
/* The same, begun for one submission; VK_NULL_HANDLE on failure. */
VkCommandBuffer vkf_cmd_begin_once(struct vkf_device *d);
/* Ends cb, submits it and waits as vkf_submit_wait does. */
VkResult vkf_cmd_end_submit(struct vkf_device *d, VkCommandBuffer cb, uint64_t timeout_ns);
/* Frees *cb (a VK_NULL_HANDLE is a no-op) and sets it to VK_NULL_HANDLE. */
void vkf_cmd_free(struct vkf_device *d, VkCommandBuffer *cb);
/* A global memory barrier. */
void vkf_cmd_barrier(struct vkf_device *d, VkCommandBuffer cb, VkPipelineStageFlags src_stage,
                     VkAccessFlags src, VkPipelineStageFlags dst_stage, VkAccessFlags dst);
/* Submits cb on d's queue and waits up to timeout_ns for d's fence:
 * VK_SUCCESS or the failing call's result (VK_TIMEOUT). */
VkResult vkf_submit_wait(struct vkf_device *d, VkCommandBuffer cb, uint64_t timeout_ns);

#endif /* VF_TOOLS_VK_DEVICE_H */
