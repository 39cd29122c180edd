/*
 * vk_device.h - the opened Vulkan device and host-visible buffers
 * (vk_device.c), shared by the vertex-fetch run (vk_run.c) and the
 * primitive capture (vk_prim.c). Not installed.
 */
#ifndef VF_TOOLS_VK_DEVICE_H
#define VF_TOOLS_VK_DEVICE_H

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include "vk_fetch.h"
#include "vk_translate.h"

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
    X(vkBeginCommandBuffer)          \
    X(vkEndCommandBuffer)            \
    X(vkCmdBeginRenderPass)          \
    X(vkCmdEndRenderPass)            \
    X(vkCmdBindPipeline)             \
    X(vkCmdBindDescriptorSets)       \
    X(vkCmdBindVertexBuffers)        \
    X(vkCmdBindIndexBuffer)          \
    X(vkCmdDraw)                     \
    X(vkCmdDrawIndexed)              \
    X(vkCmdPipelineBarrier)          \
    X(vkCreateFence)                 \
    X(vkDestroyFence)                \
    X(vkWaitForFences)               \
    X(vkQueueSubmit)

struct vkf_device {
    void *lib;
    PFN_vkGetInstanceProcAddr get_instance_proc_addr;
    VkInstance instance;
    VkPhysicalDevice phys;
    VkDevice device;
    VkQueue queue;
    uint32_t queue_family;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties memory;
    const char *divisor_extension; /* enabled divisor extension or NULL */
    int divisor_rate;              /* vertexAttributeInstanceRateDivisor */
    int divisor_zero;              /* vertexAttributeInstanceRateZeroDivisor */
    int divisor_first_instance;    /* divided bindings honour firstInstance */
    uint32_t max_divisor;
    int robust;                    /* robustBufferAccess enabled */
    int geometry;                  /* geometryShader enabled (primitive capture) */
    int tessellation;              /* tessellationShader enabled (patch capture) */
    uint32_t max_patch_size;       /* maxTessellationPatchSize */
    char description[512];
#define X(name) PFN_##name name;
    VKF_INSTANCE_FUNCS(X)
    VKF_DEVICE_FUNCS(X)
#undef X
};

/* A buffer in host-visible coherent memory, mapped while it lives. */
struct vkf_hbuf {
    VkBuffer buffer;
    VkDeviceMemory memory;
    void *map;
    VkDeviceSize size;
};

/* Creates a zero-filled buffer of `size` bytes (4 when 0) with `usage`.
 * Returns 0, or -1 with a message in err (the caller destroys b). */
int vkf_hbuf_create(struct vkf_device *d, struct vkf_hbuf *b, VkDeviceSize size,
                    VkBufferUsageFlags usage, char *err, size_t err_size);
void vkf_hbuf_destroy(struct vkf_device *d, struct vkf_hbuf *b);

/* The device's vertex input capabilities, for vkf_translate_elements
 * (caps->ctx points at d, which must outlive caps). */
void vkf_device_caps(const struct vkf_device *d, struct vkf_caps *caps);

#endif /* VF_TOOLS_VK_DEVICE_H */
