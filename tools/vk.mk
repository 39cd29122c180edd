# The Vulkan device layer shared by vfetch-vk and vfetch-bench's peer: the
# loader (dlopen'ed), device selection and creation, buffers, submission
# (vk_device.h) and the pipeline object (vk_pipeline.h). A program links
# $(VF_VK_LIBS) and adds $(VULKAN_CFLAGS) to its CFLAGS.
if HAVE_VULKAN
noinst_LTLIBRARIES += tools/libvfvk.la
tools_libvfvk_la_SOURCES = tools/vk_device.c tools/vk_device.h tools/vk_select.c \
	tools/vk_pipeline.c tools/vk_pipeline.h
tools_libvfvk_la_CFLAGS = $(AM_CFLAGS) $(VULKAN_CFLAGS)
endif
VF_VK_LIBS = tools/libvfvk.la -ldl

# vfetch-vk: runs a case through a real Vulkan driver's vertex fetch and
# diffs it against vfetch. Built when configure finds the Vulkan headers,
# libshaderc and json-c: the tool compiles the shaders it generates per case
# in-process with libshaderc (linked statically where the archives exist)
# and opens the Vulkan loader at run time, so it runs no other program.
if HAVE_VFETCH_VK
bin_PROGRAMS += tools/vfetch-vk
tools_vfetch_vk_SOURCES = \
	tools/vfetch_vk.c \
	tools/vk_fetch.h \
	tools/vk_format.c \
	tools/vk_translate.c \
	tools/vk_translate.h \
	tools/vk_fetch_device.c \
	tools/vk_run.c \
	tools/vk_shader.c \
	tools/vk_start_ref.c \
	tools/vk_prim.c \
	tools/vk_prim_check.c
tools_vfetch_vk_CFLAGS = $(AM_CFLAGS) $(VULKAN_CFLAGS) $(VF_CASE_CFLAGS)
tools_vfetch_vk_LDADD = $(VF_TOOLS_LIBS) $(VF_VK_LIBS) libvfetch_core.la $(SHADERC_LIBS) -lm
endif
EXTRA_DIST += docs/vfetch-vk.md
