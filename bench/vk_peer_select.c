/*
 * vk_peer_select.c - the Vulkan device of the bench's peer: --peer NAME
 * picks one, --peer list prints them all.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vk_peer_select.h"

#define MAX_DEVICES 16u

const char *vk_peer_type_name(VkPhysicalDeviceType type)
{
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU";
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
    default: return "other";
    }
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

/* Why the peer cannot draw on the device, or NULL (its graphics queue
 * family into *qf). */
static const char *unusable(VkPhysicalDevice phys, uint32_t *qf)
{
    VkPhysicalDeviceFeatures feats;
    VkQueueFamilyProperties fam[16];
    uint32_t n = 16;

    vkGetPhysicalDeviceFeatures(phys, &feats);
    if (!feats.vertexPipelineStoresAndAtomics)
        return "no vertexPipelineStoresAndAtomics (the vertex shader stores its inputs)";
    vkGetPhysicalDeviceQueueFamilyProperties(phys, &n, fam);
    for (uint32_t i = 0; i < n; i++)
        if (fam[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
            *qf = i;
            return NULL;
        }
    return "no graphics queue";
}

int vk_peer_memory_is_host(VkPhysicalDevice phys)
{
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties mem;
    const VkMemoryPropertyFlags both =
        VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;

    vkGetPhysicalDeviceProperties(phys, &props);
    if (props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU)
        return 0;
    vkGetPhysicalDeviceMemoryProperties(phys, &mem);
    for (uint32_t i = 0; i < mem.memoryTypeCount; i++)
        if ((mem.memoryTypes[i].propertyFlags & both) == both)
            return 1;
    return 0;
}

uint32_t vk_peer_sm_count(VkPhysicalDevice phys)
{
    VkPhysicalDeviceProperties props;
    VkExtensionProperties ext[512];
    uint32_t n = 512;
    int have = 0;

    vkGetPhysicalDeviceProperties(phys, &props);
    if (props.apiVersion < VK_API_VERSION_1_1)
        return 0;
    /* VK_INCOMPLETE still fills the array. */
    if (vkEnumerateDeviceExtensionProperties(phys, NULL, &n, ext) < 0)
        return 0;
    for (uint32_t i = 0; i < n && !have; i++)
        have = strcmp(ext[i].extensionName, VK_NV_SHADER_SM_BUILTINS_EXTENSION_NAME) == 0;
    if (!have)
        return 0;
    VkPhysicalDeviceShaderSMBuiltinsPropertiesNV sm = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SM_BUILTINS_PROPERTIES_NV,
    };
    VkPhysicalDeviceProperties2 p2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
        .pNext = &sm,
    };
    vkGetPhysicalDeviceProperties2(phys, &p2);
    return sm.shaderSMCount;
}

static uint32_t enumerate(VkInstance instance, VkPhysicalDevice *devs)
{
    uint32_t n = MAX_DEVICES;

    /* VK_INCOMPLETE: the first MAX_DEVICES are enough. */
    if (vkEnumeratePhysicalDevices(instance, &n, devs) < 0)
        return 0;
    return n;
}

/* Nonzero when device `props` is what `want` asks for; "gpu" takes two
 * passes, discrete GPUs first. */
static int wanted(const char *want, const VkPhysicalDeviceProperties *props, int pass)
{
    if (strcmp(want, "lavapipe") == 0)
        return props->deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    if (strcmp(want, "gpu") == 0)
        return props->deviceType == (pass == 0 ? VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU
                                               : VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU);
    return contains_nocase(props->deviceName, want);
}

/* The message when nothing matched: what was asked, why the matching
 * devices could not be used, and the devices there are. */
static void no_match(const char *want, const char *why, const char *why_name,
                     const VkPhysicalDevice *devs, uint32_t n, char *msg, size_t size)
{
    size_t len;

    if (why)
        len = (size_t)snprintf(msg, size, "%s: %s", why_name, why);
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
        vkGetPhysicalDeviceProperties(devs[i], &props);
        len += (size_t)snprintf(msg + len, size - len, "%s %s (%s)", i ? "," : "",
                                props.deviceName, vk_peer_type_name(props.deviceType));
    }
    if (len < size && strcmp(want, "lavapipe") != 0)
        snprintf(msg + len, size - len,
                 " (VK_DRIVER_FILES or VK_ICD_FILENAMES choose the drivers loaded)");
}

int vk_peer_pick_device(VkInstance instance, const char *want, struct vk_peer_pick *pick,
                        char *msg, size_t msg_size)
{
    VkPhysicalDevice devs[MAX_DEVICES];
    uint32_t n = enumerate(instance, devs);
    const char *why = NULL;
    char why_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE] = "";

    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = 0; i < n; i++) {
            VkPhysicalDeviceProperties props;
            uint32_t qf = 0;
            vkGetPhysicalDeviceProperties(devs[i], &props);
            if (!wanted(want, &props, pass))
                continue;
            const char *bad = unusable(devs[i], &qf);
            if (bad != NULL) {
                if (why == NULL) {
                    why = bad;
                    snprintf(why_name, sizeof(why_name), "%s", props.deviceName);
                }
                continue;
            }
            pick->phys = devs[i];
            pick->queue_family = qf;
            pick->props = props;
            return 0;
        }
    }
    no_match(want, why, why_name, devs, n, msg, msg_size);
    return -1;
}

void vk_peer_print_devices(VkInstance instance, FILE *f)
{
    VkPhysicalDevice devs[MAX_DEVICES];
    uint32_t n = enumerate(instance, devs);

    if (n == 0)
        fprintf(f, "no Vulkan devices (VK_DRIVER_FILES or VK_ICD_FILENAMES choose the "
                   "drivers loaded)\n");
    for (uint32_t i = 0; i < n; i++) {
        VkPhysicalDeviceProperties props;
        uint32_t qf = 0, sm = vk_peer_sm_count(devs[i]);
        vkGetPhysicalDeviceProperties(devs[i], &props);
        const char *bad = unusable(devs[i], &qf);
        fprintf(f, "%u: %s: %s, Vulkan %u.%u.%u", i, props.deviceName,
                vk_peer_type_name(props.deviceType), VK_API_VERSION_MAJOR(props.apiVersion),
                VK_API_VERSION_MINOR(props.apiVersion), VK_API_VERSION_PATCH(props.apiVersion));
        if (sm)
            fprintf(f, ", %u SMs", sm);
        if (bad)
            fprintf(f, "; not usable: %s\n", bad);
        else
            fprintf(f, "; timed %s\n", vk_peer_memory_is_host(devs[i])
                                           ? "on the host (submit + fence wait per draw)"
                                           : "by GPU timestamps around the draws");
    }
}
