# The Vulkan cross-check: seeded random cases and per-format sweeps run
# through tools/vfetch-vk on the Vulkan driver (lavapipe when installed);
# every difference must be listed in tests/vk/known-deviations.txt. Skips
# (77) without a Vulkan device.
if HAVE_VULKAN_TOOLS
check_PROGRAMS += tests/vk/gen_cases
tests_vk_gen_cases_SOURCES = tests/vk/gen_cases.c
tests_vk_gen_cases_LDADD = libvfetch_core.la -lm
dist_check_SCRIPTS += tests/vk/run-vk-tests.sh
TESTS += tests/vk/run-vk-tests.sh
endif
EXTRA_DIST += tests/vk/known-deviations.txt tests/vk/run-vk-tests.sh
