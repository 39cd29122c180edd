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
check_PROGRAMS += tests/check_vulkan_draw
tests_check_vulkan_draw_SOURCES = tests/check_vulkan_draw.c $(VULKAN_REF_SOURCES) \
	$(TEST_UTIL_SOURCES)
tests_check_vulkan_draw_CFLAGS = $(TEST_CFLAGS)
tests_check_vulkan_draw_LDADD = $(TEST_LDADD)
TESTS += tests/check_vulkan_draw

# The Vulkan out-of-bounds oracle (rules §17.8) on every draw fuzz_vulkan runs.
FUZZ_VK_ROBUST_SOURCES = tests/fuzz/fuzz_vk_robust.c tests/fuzz/fuzz_vk_robust.h
check_PROGRAMS += tests/fuzz/replay_vulkan
tests_fuzz_replay_vulkan_SOURCES = tests/fuzz/fuzz_vulkan.c $(VULKAN_REF_SOURCES) \
	$(FUZZ_COMMON_SOURCES) $(FUZZ_VK_ROBUST_SOURCES)
tests_fuzz_replay_vulkan_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref \
	-DFUZZ_DEFAULT_CORPUS='"$(abs_top_srcdir)/tests/fuzz/corpus/fuzz_vulkan"'
tests_fuzz_replay_vulkan_LDADD = libvfetch_core.la -lm
TESTS += tests/fuzz/replay_vulkan
# scripts/ci-fuzz.sh (make fuzz) builds and runs it with the others.
EXTRA_PROGRAMS += tests/fuzz/fuzz_vulkan
tests_fuzz_fuzz_vulkan_SOURCES = tests/fuzz/fuzz_vulkan.c $(VULKAN_REF_SOURCES) \
	tests/fuzz/fuzz_input.h $(FUZZ_VK_ROBUST_SOURCES)
tests_fuzz_fuzz_vulkan_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/ref
tests_fuzz_fuzz_vulkan_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_vulkan_LDADD = libvfetch_core.la -lm

# Compiling the test is the test: its static assertions compare the structs
# and every constant of vfetch_vulkan.h with vulkan_core.h.
if HAVE_VULKAN
check_PROGRAMS += tests/check_vulkan_compat
tests_check_vulkan_compat_SOURCES = tests/check_vulkan_compat.c
tests_check_vulkan_compat_CFLAGS = $(AM_CFLAGS) $(VULKAN_CFLAGS)
TESTS += tests/check_vulkan_compat
else
EXTRA_DIST += tests/check_vulkan_compat.c
endif

# The primitives and pipeline statistics of Vulkan draws (§18.5-18.7).
check_PROGRAMS += tests/check_vulkan_prim
tests_check_vulkan_prim_SOURCES = tests/check_vulkan_prim.c $(TEST_UTIL_SOURCES)
tests_check_vulkan_prim_CFLAGS = $(TEST_CFLAGS)
tests_check_vulkan_prim_LDADD = $(TEST_LDADD)
TESTS += tests/check_vulkan_prim
