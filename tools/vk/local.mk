# The Vulkan device layer (tools/vk/) shared by vfetch-vk and vfetch-bench's
# peer: the loader (dlopen'ed), device selection and creation, buffers,
# submission (vk_device.h), the pipeline object (vk_pipeline.h) and the draw
# (vk_draw.h). A program links $(VF_VK_LIBS) and adds $(VF_VK_CFLAGS) to its
# CFLAGS.
if HAVE_VULKAN
noinst_LTLIBRARIES += tools/libvfvk.la
tools_libvfvk_la_SOURCES = tools/vk/vk_device.c tools/vk/vk_device.h tools/vk/vk_select.c \
	tools/vk/vk_pipeline.c tools/vk/vk_pipeline.h tools/vk/vk_draw.c tools/vk/vk_draw.h
tools_libvfvk_la_CFLAGS = $(AM_CFLAGS) $(VF_VK_CFLAGS)
endif
VF_VK_CFLAGS = -I$(top_srcdir)/tools/vk $(VULKAN_CFLAGS)
VF_VK_LIBS = tools/libvfvk.la -ldl
