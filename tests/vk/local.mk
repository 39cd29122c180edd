# The Vulkan cross-check: seeded random cases and per-format sweeps run
# through tools/vfetch-vk/vfetch-vk on the Vulkan driver (lavapipe when installed);
# every difference must be listed in tests/vk/known-deviations.txt. Skips
# (77) without a Vulkan device. The runs have no shader compiler on PATH:
# vfetch-vk compiles in-process.
if HAVE_VFETCH_VK
check_PROGRAMS += tests/vk/gen_cases
tests_vk_gen_cases_SOURCES = tests/vk/gen_cases.c tests/test_util.c tests/test_util.h
tests_vk_gen_cases_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests
tests_vk_gen_cases_LDADD = libvfetch_core.la -lm
dist_check_SCRIPTS += tests/vk/run-vk-tests.sh
TESTS += tests/vk/run-vk-tests.sh
endif
EXTRA_DIST += tests/vk/known-deviations.txt tests/vk/run-vk-tests.sh

# Every example, D3D12 and D3D11, through the driver, and the run's
# pass/fail summary and exit status; the man pages against --help.
if HAVE_VFETCH_VK
dist_check_SCRIPTS += tests/vk/run-vk-examples.sh tests/vk/check-man-pages.sh
TESTS += tests/vk/run-vk-examples.sh tests/vk/check-man-pages.sh
endif
EXTRA_DIST += tests/vk/run-vk-examples.sh tests/vk/check-man-pages.sh

# vfetch-vk's parts without a driver: vk_translate.c (bindings,
# attributes, divisors, the device-limit notes and the index keys of
# hand-written cases), and fetch_addr.c and fetch_oob.c (where a fetch
# lands in each API's address arithmetic, robustBufferAccess's set).
VF_VK_TEST_CFLAGS = $(AM_CFLAGS) $(VULKAN_CFLAGS) $(VF_CASE_CFLAGS)
VF_VK_TEST_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tools/vfetch-vk -I$(top_srcdir)/tools/vk \
	-I$(top_srcdir)/tools/common
if HAVE_VFETCH_VK
check_PROGRAMS += tests/vk/test_translate tests/vk/test_oob tests/vk/test_note
tests_vk_test_note_SOURCES = tests/vk/test_note.c tests/vk/vk_check.h tools/vfetch-vk/vk_note.c
tests_vk_test_note_CFLAGS = $(VF_VK_TEST_CFLAGS)
tests_vk_test_note_CPPFLAGS = $(VF_VK_TEST_CPPFLAGS)
tests_vk_test_translate_SOURCES = tests/vk/test_translate.c tests/vk/vk_check.h \
	tools/vfetch-vk/vk_translate.c tools/vfetch-vk/vk_format.c
tests_vk_test_translate_CFLAGS = $(VF_VK_TEST_CFLAGS)
tests_vk_test_translate_CPPFLAGS = $(VF_VK_TEST_CPPFLAGS)
tests_vk_test_translate_LDADD = libvfetch_core.la -lm
tests_vk_test_oob_SOURCES = tests/vk/test_oob.c tests/vk/vk_check.h tools/vfetch-vk/fetch_addr.c \
	tools/vfetch-vk/fetch_oob.c tools/vfetch-vk/vk_format.c
tests_vk_test_oob_CFLAGS = $(VF_VK_TEST_CFLAGS)
tests_vk_test_oob_CPPFLAGS = $(VF_VK_TEST_CPPFLAGS)
tests_vk_test_oob_LDADD = libvfetch_core.la -lm
TESTS += tests/vk/test_translate tests/vk/test_oob tests/vk/test_note
endif

# The out-of-bounds cases (tests/vk/oob/, the fmt-*.json written by
# gen_oob_cases.py) through the driver in each robustness mode it has.
if HAVE_VFETCH_VK
dist_check_SCRIPTS += tests/vk/run-vk-oob.sh
TESTS += tests/vk/run-vk-oob.sh
endif
EXTRA_DIST += tests/vk/run-vk-oob.sh tests/vk/oob/gen_oob_cases.py \
	tests/vk/oob/base-vertex-negative.json \
	tests/vk/oob/base-vertex-out.json \
	tests/vk/oob/base-vertex-wraps.json \
	tests/vk/oob/deviations/lvp-null-binding-r8.json \
	tests/vk/oob/deviations/sized-binding.json \
	tests/vk/oob/fmt-B4G4R4A4_UNORM.json \
	tests/vk/oob/fmt-B5G5R5A1_UNORM.json \
	tests/vk/oob/fmt-B5G6R5_UNORM.json \
	tests/vk/oob/fmt-B8G8R8A8_UNORM.json \
	tests/vk/oob/fmt-B8G8R8X8_UNORM.json \
	tests/vk/oob/fmt-R10G10B10A2_UINT.json \
	tests/vk/oob/fmt-R10G10B10A2_UNORM.json \
	tests/vk/oob/fmt-R11G11B10_FLOAT.json \
	tests/vk/oob/fmt-R16G16B16A16_FLOAT.json \
	tests/vk/oob/fmt-R16G16B16A16_SINT.json \
	tests/vk/oob/fmt-R16G16B16A16_SNORM.json \
	tests/vk/oob/fmt-R16G16B16A16_UINT.json \
	tests/vk/oob/fmt-R16G16B16A16_UNORM.json \
	tests/vk/oob/fmt-R16G16_FLOAT.json \
	tests/vk/oob/fmt-R16G16_SINT.json \
	tests/vk/oob/fmt-R16G16_SNORM.json \
	tests/vk/oob/fmt-R16G16_UINT.json \
	tests/vk/oob/fmt-R16G16_UNORM.json \
	tests/vk/oob/fmt-R16_FLOAT.json \
	tests/vk/oob/fmt-R16_SINT.json \
	tests/vk/oob/fmt-R16_SNORM.json \
	tests/vk/oob/fmt-R16_UINT.json \
	tests/vk/oob/fmt-R16_UNORM.json \
	tests/vk/oob/fmt-R32G32B32A32_FLOAT.json \
	tests/vk/oob/fmt-R32G32B32A32_SINT.json \
	tests/vk/oob/fmt-R32G32B32A32_UINT.json \
	tests/vk/oob/fmt-R32G32B32_FLOAT.json \
	tests/vk/oob/fmt-R32G32B32_SINT.json \
	tests/vk/oob/fmt-R32G32B32_UINT.json \
	tests/vk/oob/fmt-R32G32_FLOAT.json \
	tests/vk/oob/fmt-R32G32_SINT.json \
	tests/vk/oob/fmt-R32G32_UINT.json \
	tests/vk/oob/fmt-R32_FLOAT.json \
	tests/vk/oob/fmt-R32_SINT.json \
	tests/vk/oob/fmt-R32_UINT.json \
	tests/vk/oob/fmt-R8G8B8A8_SINT.json \
	tests/vk/oob/fmt-R8G8B8A8_SNORM.json \
	tests/vk/oob/fmt-R8G8B8A8_UINT.json \
	tests/vk/oob/fmt-R8G8B8A8_UNORM.json \
	tests/vk/oob/fmt-R8G8_SINT.json \
	tests/vk/oob/fmt-R8G8_SNORM.json \
	tests/vk/oob/fmt-R8G8_UINT.json \
	tests/vk/oob/fmt-R8G8_UNORM.json \
	tests/vk/oob/fmt-R8_SINT.json \
	tests/vk/oob/fmt-R8_SNORM.json \
	tests/vk/oob/fmt-R8_UINT.json \
	tests/vk/oob/fmt-R8_UNORM.json \
	tests/vk/oob/index-past-buffer.json \
	tests/vk/oob/index32-past-buffer.json \
	tests/vk/oob/instance-past-end.json \
	tests/vk/oob/instance-step-rates.json \
	tests/vk/oob/stride-beyond-view.json \
	tests/vk/oob/stride-zero.json \
	tests/vk/oob/unbound-slots.json \
	tests/vk/oob/view-ends-in-element.json \
	tests/vk/oob/view-ends-in-stride.json \
	tests/vk/oob/zero-size-view.json

# ExecuteIndirect commands replayed with vkCmdDraw*Indirect (tests/vk/indirect/).
if HAVE_VFETCH_VK
dist_check_SCRIPTS += tests/vk/run-vk-indirect.sh
TESTS += tests/vk/run-vk-indirect.sh
endif
EXTRA_DIST += tests/vk/run-vk-indirect.sh tests/vk/indirect/views-per-command.json \
	tests/vk/indirect/count-smaller.json tests/vk/indirect/count-larger.json \
	tests/vk/indirect/bad-view.json tests/vk/indirect/zero-count.json

# The hand-written Vulkan cases (tests/vk/vulkan/), replayed as written.
if HAVE_VFETCH_VK
dist_check_SCRIPTS += tests/vk/run-vk-vulkan.sh
TESTS += tests/vk/run-vk-vulkan.sh
endif
EXTRA_DIST += tests/vk/run-vk-vulkan.sh tests/vk/vulkan/bgra.json \
	tests/vk/vulkan/divisors.json tests/vk/vulkan/negative-offset.json \
	tests/vk/vulkan/packed.json tests/vk/vulkan/r64.json \
	tests/vk/vulkan/restart-list.json tests/vk/vulkan/scaled.json \
	tests/vk/vulkan/srgb.json tests/vk/vulkan/stride0.json \
	tests/vk/vulkan/three-byte.json tests/vk/vulkan/uint32-offsets.json \
	tests/vk/vulkan/uint8-restart.json tests/vk/vulkan/null-binding.json \
	tests/vk/vulkan/r64-divisor.json tests/vk/vulkan/r64-double-divisor.json \
	tests/vk/vulkan/fan-restart.json tests/vk/vulkan/strip-last.json

# The same Vulkan cases and the Vulkan examples with --primitives: the
# driver's primitives against vf_vk_draw_primitives.
if HAVE_VFETCH_VK
dist_check_SCRIPTS += tests/vk/run-vk-vulkan-primitives.sh
TESTS += tests/vk/run-vk-vulkan-primitives.sh
endif
EXTRA_DIST += tests/vk/run-vk-vulkan-primitives.sh

# The Vulkan edge cases (tests/vk/vulkan-edge/cases/, written by
# gen_edge_cases.py) on the CPU: regenerated and diffed, validated, and
# every value of `vfetch run` against the reference model of Vulkan vertex
# input; on the driver, run-vk-vulkan-edge.sh runs them through vfetch-vk.
if HAVE_JSONC
check_PROGRAMS += tests/check-vulkan-edge
tests_check_vulkan_edge_SOURCES = tests/check-vulkan-edge.c \
	tests/vulkan_case_model.c tests/vulkan_case_model.h \
	tests/ref/vulkan_ref.c tests/ref/vulkan_ref.h
tests_check_vulkan_edge_CFLAGS = $(AM_CFLAGS) $(VF_TOOLS_CFLAGS) -I$(top_srcdir)/tests/ref
tests_check_vulkan_edge_LDADD = $(VF_TOOLS_LIBS) libvfetch.la
dist_check_SCRIPTS += tests/vk/vulkan-edge/run-edge-cases.sh
TESTS += tests/vk/vulkan-edge/run-edge-cases.sh
endif
if HAVE_VFETCH_VK
dist_check_SCRIPTS += tests/vk/run-vk-vulkan-edge.sh
TESTS += tests/vk/run-vk-vulkan-edge.sh
endif
EXTRA_DIST += tests/vk/run-vk-vulkan-edge.sh tests/vk/vulkan-edge/run-edge-cases.sh \
	tests/vk/vulkan-edge/gen_edge_cases.py tests/vk/vulkan-edge/cases
