# vfetch-vk (tools/vfetch-vk/): runs a case through a real Vulkan driver's
# vertex fetch and diffs it against vfetch. Built when configure finds the
# Vulkan headers, libshaderc and json-c: the tool compiles the shaders it
# generates per case in-process with libshaderc (linked statically where the
# archives exist) and opens the Vulkan loader at run time, so it runs no
# other program.
if HAVE_VFETCH_VK
bin_PROGRAMS += tools/vfetch-vk/vfetch-vk
tools_vfetch_vk_vfetch_vk_SOURCES = \
	tools/vfetch-vk/main.c \
	tools/vfetch-vk/fetch_case.c \
	tools/vfetch-vk/fetch_case.h \
	tools/vfetch-vk/fetch_compare.c \
	tools/vfetch-vk/fetch_compare.h \
	tools/vfetch-vk/fetch_addr.c \
	tools/vfetch-vk/fetch_addr.h \
	tools/vfetch-vk/fetch_oob.c \
	tools/vfetch-vk/fetch_oob.h \
	tools/vfetch-vk/report.c \
	tools/vfetch-vk/report.h \
	tools/vfetch-vk/vk_format.c \
	tools/vfetch-vk/vk_format.h \
	tools/vfetch-vk/vk_translate.c \
	tools/vfetch-vk/vk_translate.h \
	tools/vfetch-vk/vk_fetch_device.c \
	tools/vfetch-vk/vk_fetch_device.h \
	tools/vfetch-vk/vk_run.c \
	tools/vfetch-vk/vk_run.h \
	tools/vfetch-vk/vk_indirect.c \
	tools/vfetch-vk/vk_indirect.h \
	tools/vfetch-vk/fetch_indirect.c \
	tools/vfetch-vk/fetch_indirect.h \
	tools/vfetch-vk/vk_shader.c \
	tools/vfetch-vk/vk_shader.h \
	tools/vfetch-vk/vk_start_ref.c \
	tools/vfetch-vk/vk_start_ref.h \
	tools/vfetch-vk/vk_prim.c \
	tools/vfetch-vk/vk_prim.h \
	tools/vfetch-vk/vk_prim_check.c \
	tools/vfetch-vk/vk_prim_check.h \
	tools/vfetch-vk/vk_native.c \
	tools/vfetch-vk/vk_native.h \
	tools/vfetch-vk/vk_native_run.c \
	tools/vfetch-vk/vk_native_run.h \
	tools/vfetch-vk/d3d_index.h \
	tools/vfetch-vk/vk_note.c \
	tools/vfetch-vk/vk_note.h \
	tools/vfetch-vk/vk_output.c \
	tools/vfetch-vk/vk_output.h
tools_vfetch_vk_vfetch_vk_CFLAGS = $(AM_CFLAGS) $(VF_VK_CFLAGS) $(VF_TOOLS_CFLAGS)
tools_vfetch_vk_vfetch_vk_LDADD = $(VF_TOOLS_LIBS) $(VF_VK_LIBS) libvfetch_core.la \
	$(SHADERC_LIBS) -lm
endif
EXTRA_DIST += docs/vfetch-vk.md docs/vulkan-drivers.md
