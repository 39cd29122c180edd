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
	tools/vk_device.c \
	tools/vk_device.h \
	tools/vk_run.c \
	tools/vk_shader.c \
	tools/vk_prim.c \
	tools/vk_prim_check.c
tools_vfetch_vk_CFLAGS = $(AM_CFLAGS) $(VULKAN_CFLAGS) $(VF_CASE_CFLAGS)
tools_vfetch_vk_LDADD = $(VF_TOOLS_LIBS) libvfetch_core.la $(SHADERC_LIBS) -ldl -lm
endif
EXTRA_DIST += docs/vfetch-vk.md
