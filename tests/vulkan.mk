# The Vulkan front end (vfetch_vulkan.h): the format suite, the draw suite
# against the reference model (tests/ref/vulkan_ref.c), the fuzz target
# replayed under the normal compiler, and the struct and enum compatibility
# test against vulkan_core.h where the Vulkan headers are installed.
VULKAN_REF_SOURCES = tests/ref/vulkan_ref.c tests/ref/vulkan_ref.h
check_PROGRAMS += tests/check_vulkan_formats
tests_check_vulkan_formats_SOURCES = tests/check_vulkan_formats.c $(VULKAN_REF_SOURCES) \
	$(TEST_UTIL_SOURCES)
tests_check_vulkan_formats_CFLAGS = $(TEST_CFLAGS)
tests_check_vulkan_formats_LDADD = $(TEST_LDADD)
TESTS += tests/check_vulkan_formats
