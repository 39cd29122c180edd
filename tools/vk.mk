# vfetch-vk: runs a case through a real Vulkan driver's vertex fetch and
# diffs it against vfetch. Built when configure finds the Vulkan headers and
# glslc: the tool compiles the vertex shader it generates per case with the
# glslc configure found (VFETCH_GLSLC overrides it at run time) and opens
# the Vulkan loader at run time. It reads JSON cases, so it needs json-c too.
if HAVE_VULKAN_TOOLS
if HAVE_JSONC
bin_PROGRAMS += tools/vfetch-vk
tools_vfetch_vk_SOURCES = \
	tools/vfetch_vk.c \
	tools/vk_fetch.h \
	tools/vk_format.c \
	tools/vk_run.c \
	tools/vk_shader.c \
	tools/vk_device.h \
	tools/vk_prim.c \
	tools/vk_prim_check.c
tools_vfetch_vk_CPPFLAGS = $(AM_CPPFLAGS) -DVF_GLSLC='"$(GLSLC)"'
tools_vfetch_vk_CFLAGS = $(AM_CFLAGS) $(VULKAN_CFLAGS) $(VF_CASE_CFLAGS)
tools_vfetch_vk_LDADD = $(VF_TOOLS_LIBS) libvfetch_core.la -ldl -lm
endif
endif
EXTRA_DIST += docs/vfetch-vk.md
