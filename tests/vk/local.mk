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

# vk_translate.c without a driver: bindings, attributes, divisors, the
# device-limit notes and the index keys of hand-written cases.
if HAVE_VFETCH_VK
check_PROGRAMS += tests/vk/test_translate
tests_vk_test_translate_SOURCES = tests/vk/test_translate.c tools/vfetch-vk/vk_translate.c \
	tools/vfetch-vk/vk_format.c
tests_vk_test_translate_CFLAGS = $(AM_CFLAGS) $(VULKAN_CFLAGS) $(VF_CASE_CFLAGS)
tests_vk_test_translate_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tools/vfetch-vk -I$(top_srcdir)/tools/vk \
	-I$(top_srcdir)/tools/common
tests_vk_test_translate_LDADD = libvfetch_core.la -lm
TESTS += tests/vk/test_translate
endif
