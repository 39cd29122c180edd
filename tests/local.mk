# The Check suites, the header tests and the DirectX-Headers compatibility
# tests, plus the ISA matrix that reruns the suites once per ISA level.

# Helpers of every suite: the runner (check_main.c, Check or mini_check.h)
# and the Check-free utilities (test_util.c). A suite is added as:
#   check_PROGRAMS += tests/check_foo
#   tests_check_foo_SOURCES = tests/check_foo.c $(TEST_UTIL_SOURCES)
#   tests_check_foo_CFLAGS = $(TEST_CFLAGS)
#   tests_check_foo_LDADD = $(TEST_LDADD)
#   TESTS += tests/check_foo
TEST_UTIL_SOURCES = tests/check_main.c tests/check_main.h tests/mini_check.h \
	tests/test_util.c tests/test_util.h
TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) -I$(top_srcdir)/tests/ref
TEST_LDADD = libvfetch_core.la $(CHECK_LIBS) -lm
# The independent D3D IA draw walker (tests/ref/), shared with the draw
# fuzz target.
IA_REF_SOURCES = tests/ref/ia_ref.c tests/ref/ia_ref.h
# The expected vertex-reuse map, from the raw indices (reuse suite and fuzz
# target).
REUSE_REF_SOURCES = tests/ref/reuse_ref.c tests/ref/reuse_ref.h
# The primitive assembly model (reads indices through the IA walker).
PRIM_REF_SOURCES = tests/ref/prim_ref.c tests/ref/prim_ref.h

# The DXGI format table and the scalar decoders.
check_PROGRAMS += tests/check_formats tests/check_decode
TESTS += tests/check_formats tests/check_decode
tests_check_formats_SOURCES = tests/check_formats.c $(TEST_UTIL_SOURCES)
tests_check_formats_CFLAGS = $(TEST_CFLAGS)
tests_check_formats_LDADD = $(TEST_LDADD)
tests_check_decode_SOURCES = tests/check_decode.c $(TEST_UTIL_SOURCES)
tests_check_decode_CFLAGS = $(TEST_CFLAGS)
tests_check_decode_LDADD = $(TEST_LDADD)

# vfetch-bench's copy roofline: every output byte written, nothing outside
# the buffers touched, with memcpy and non-temporal stores.
check_PROGRAMS += tests/check_roofline
TESTS += tests/check_roofline
tests_check_roofline_SOURCES = tests/check_roofline.c bench/roofline.c bench/roofline.h \
	$(TEST_UTIL_SOURCES)
tests_check_roofline_CFLAGS = $(TEST_CFLAGS) -I$(top_srcdir)/bench
tests_check_roofline_LDADD = $(TEST_LDADD) -lpthread

# Input-layout compilation and validation (lib/layout.c): the rules with
# their messages, offsets, registers and signatures, and random layouts
# against the independent validation model (tests/ref/, shared with the
# layout fuzz target).
LAYOUT_MODEL_SOURCES = tests/ref/layout_model.c tests/ref/layout_model.h
LAYOUT_HELPER_SOURCES = tests/layout_helpers.c tests/layout_helpers.h \
	$(LAYOUT_MODEL_SOURCES)
check_PROGRAMS += tests/check_layout_rules tests/check_layout_offsets \
	tests/check_layout_signature tests/check_layout_random
TESTS += tests/check_layout_rules tests/check_layout_offsets \
	tests/check_layout_signature tests/check_layout_random
tests_check_layout_rules_SOURCES = tests/check_layout_rules.c $(TEST_UTIL_SOURCES) \
	$(LAYOUT_HELPER_SOURCES)
tests_check_layout_rules_CFLAGS = $(TEST_CFLAGS)
tests_check_layout_rules_LDADD = $(TEST_LDADD)
tests_check_layout_offsets_SOURCES = tests/check_layout_offsets.c $(TEST_UTIL_SOURCES) \
	$(LAYOUT_HELPER_SOURCES)
tests_check_layout_offsets_CFLAGS = $(TEST_CFLAGS)
tests_check_layout_offsets_LDADD = $(TEST_LDADD)
tests_check_layout_signature_SOURCES = tests/check_layout_signature.c $(TEST_UTIL_SOURCES) \
	$(LAYOUT_HELPER_SOURCES)
tests_check_layout_signature_CFLAGS = $(TEST_CFLAGS)
tests_check_layout_signature_LDADD = $(TEST_LDADD)
tests_check_layout_random_SOURCES = tests/check_layout_random.c $(TEST_UTIL_SOURCES) \
	$(LAYOUT_HELPER_SOURCES)
tests_check_layout_random_CFLAGS = $(TEST_CFLAGS)
tests_check_layout_random_LDADD = $(TEST_LDADD)

# The draw walker (lib/draw.c): against the rules (native expectations,
# addressing, validation), and random draws against the IA reference.
DRAW_HELPER_SOURCES = tests/draw_helpers.c tests/draw_helpers.h $(IA_REF_SOURCES)
check_PROGRAMS += tests/check_draw_rules tests/check_draw_random
TESTS += tests/check_draw_rules tests/check_draw_random
tests_check_draw_rules_SOURCES = tests/check_draw_rules.c $(TEST_UTIL_SOURCES) \
	$(DRAW_HELPER_SOURCES)
tests_check_draw_rules_CFLAGS = $(TEST_CFLAGS)
tests_check_draw_rules_LDADD = $(TEST_LDADD)
tests_check_draw_random_SOURCES = tests/check_draw_random.c $(TEST_UTIL_SOURCES) \
	$(DRAW_HELPER_SOURCES)
tests_check_draw_random_CFLAGS = $(TEST_CFLAGS)
tests_check_draw_random_LDADD = $(TEST_LDADD)

# The generated slot kernels: paths, and draws with the generator on and off
# against the IA reference.
check_PROGRAMS += tests/check_jit
TESTS += tests/check_jit
tests_check_jit_SOURCES = tests/check_jit.c $(TEST_UTIL_SOURCES) $(DRAW_HELPER_SOURCES)
tests_check_jit_CFLAGS = $(TEST_CFLAGS)
tests_check_jit_LDADD = $(TEST_LDADD)

# The generated kernels' two-operation UNORM/SNORM quotient, every code.
check_PROGRAMS += tests/check_unorm_split
TESTS += tests/check_unorm_split
tests_check_unorm_split_SOURCES = tests/check_unorm_split.c $(TEST_UTIL_SOURCES)
tests_check_unorm_split_CFLAGS = $(TEST_CFLAGS) -ffp-contract=off
tests_check_unorm_split_LDADD = $(TEST_LDADD)

# Vertex-reuse draws against per-position draws.
check_PROGRAMS += tests/check_reuse
TESTS += tests/check_reuse
tests_check_reuse_SOURCES = tests/check_reuse.c $(TEST_UTIL_SOURCES) $(DRAW_HELPER_SOURCES) \
	$(REUSE_REF_SOURCES)
tests_check_reuse_CFLAGS = $(TEST_CFLAGS)
tests_check_reuse_LDADD = $(TEST_LDADD)

# Vertex reuse in two calls: the map, the distinct indices, the records draw.
check_PROGRAMS += tests/check_reuse_map
TESTS += tests/check_reuse_map
tests_check_reuse_map_SOURCES = tests/check_reuse_map.c $(TEST_UTIL_SOURCES) \
	$(DRAW_HELPER_SOURCES) $(REUSE_REF_SOURCES)
tests_check_reuse_map_CFLAGS = $(TEST_CFLAGS)
tests_check_reuse_map_LDADD = $(TEST_LDADD)

# Draw-time diagnostics (lib/draw_check.c) and the generated start values.
check_PROGRAMS += tests/check_draw_diag
TESTS += tests/check_draw_diag
tests_check_draw_diag_SOURCES = tests/check_draw_diag.c $(TEST_UTIL_SOURCES) \
	$(DRAW_HELPER_SOURCES)
tests_check_draw_diag_CFLAGS = $(TEST_CFLAGS)
tests_check_draw_diag_LDADD = $(TEST_LDADD)

# SIMD fetch kernels against the scalar reference. scripts/ci-neon.sh
# builds this program for AArch64 from these sources with -DVF_MINI_CHECK.
check_PROGRAMS += tests/check_simd
TESTS += tests/check_simd
tests_check_simd_SOURCES = tests/check_simd.c $(TEST_UTIL_SOURCES)
tests_check_simd_CFLAGS = $(TEST_CFLAGS)
tests_check_simd_LDADD = $(TEST_LDADD)

# Hostile inputs and threads (draws from many threads, the thread pool).
check_PROGRAMS += tests/check_hostile tests/check_threads
TESTS += tests/check_hostile tests/check_threads
tests_check_hostile_SOURCES = tests/check_hostile.c $(TEST_UTIL_SOURCES) $(IA_REF_SOURCES)
tests_check_hostile_CFLAGS = $(TEST_CFLAGS)
tests_check_hostile_LDADD = $(TEST_LDADD)
tests_check_threads_SOURCES = tests/check_threads.c $(TEST_UTIL_SOURCES) $(DRAW_HELPER_SOURCES)
tests_check_threads_CFLAGS = $(TEST_CFLAGS)
tests_check_threads_LDADD = $(TEST_LDADD)

# The ISA matrix: reruns the check programs once per ISA level this machine
# has, newest to oldest, by turning CPU features off with
# VFETCH_DISABLE_CPU_FEATURES (honoured in builds with VF_TEST_SWITCHES).
# Runs after the suites it reruns are built (they are all check_PROGRAMS).
# tests/isa_levels prints the levels to turn off, from lib/isa.def.
check_PROGRAMS += tests/isa_levels
tests_isa_levels_SOURCES = tests/isa_levels.c
tests_isa_levels_LDADD = libvfetch_core.la
dist_check_SCRIPTS += tests/run-isa-matrix.sh
TESTS += tests/run-isa-matrix.sh
# The draw suites and replays once more with the code generator off, and
# the random draws streamed at every size with it on and off.
dist_check_SCRIPTS += tests/run-kernel-paths.sh
TESTS += tests/run-kernel-paths.sh

# vfetch.h alone, as strict C99 and as C++: the public header must need
# nothing else. Both only have to compile, link and return 0. AM_CFLAGS
# (which carries -std=c11) is replaced, not extended.
check_PROGRAMS += tests/header_c99 tests/header_cxx
TESTS += tests/header_c99 tests/header_cxx
tests_header_c99_SOURCES = tests/header_c99.c
tests_header_c99_CFLAGS = $(PTHREAD_CFLAGS) $(WARN_CFLAGS) -std=c99 -pedantic-errors
tests_header_c99_LDADD = libvfetch_core.la
tests_header_cxx_SOURCES = tests/header_cxx.cc
tests_header_cxx_CXXFLAGS = -Wall -Wextra -pedantic-errors
tests_header_cxx_LDADD = libvfetch_core.la

if HAVE_D3D12_HEADERS
# Struct layouts, enum values and macros against DirectX-Headers, in C and
# in C++.
check_PROGRAMS += tests/check_d3d12_compat tests/check_d3d12_compat_cxx
TESTS += tests/check_d3d12_compat tests/check_d3d12_compat_cxx
tests_check_d3d12_compat_SOURCES = tests/check_d3d12_compat.c
tests_check_d3d12_compat_CFLAGS = $(STD_CFLAGS) $(WARN_CFLAGS) $(D3D12_CFLAGS)
tests_check_d3d12_compat_LDADD = libvfetch_core.la
tests_check_d3d12_compat_cxx_SOURCES = tests/check_d3d12_compat.cc
tests_check_d3d12_compat_cxx_CXXFLAGS = -Wall -Wextra $(D3D12_CFLAGS)
tests_check_d3d12_compat_cxx_LDADD = libvfetch_core.la
endif

EXTRA_DIST += scripts/ci-lib.sh scripts/ci-neon.sh scripts/ci-sanitizers.sh \
	scripts/ci-valgrind.sh scripts/ci-tsan.sh
