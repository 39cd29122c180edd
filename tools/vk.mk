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
	tools/vk_shader.c
tools_vfetch_vk_CPPFLAGS = $(AM_CPPFLAGS) -DVF_GLSLC='"$(GLSLC)"'
tools_vfetch_vk_CFLAGS = $(AM_CFLAGS) $(VULKAN_CFLAGS) $(VF_CASE_CFLAGS)
tools_vfetch_vk_LDADD = $(VF_TOOLS_LIBS) libvfetch_core.la -ldl -lm

# The cross-check: seeded random cases and per-format sweeps run on the
# Vulkan driver (lavapipe when installed); every difference must be listed
# in tests/vk/known-deviations.txt. Skips (77) without a Vulkan device.
check_PROGRAMS += tests/vk/gen_cases
tests_vk_gen_cases_SOURCES = tests/vk/gen_cases.c
tests_vk_gen_cases_LDADD = libvfetch_core.la -lm
dist_check_SCRIPTS += tests/vk/run-vk-tests.sh
TESTS += tests/vk/run-vk-tests.sh
endif
endif
EXTRA_DIST += tests/vk/known-deviations.txt tests/vk/run-vk-tests.sh docs/vfetch-vk.md
