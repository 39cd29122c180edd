# SIMD fetch kernels against the scalar reference (tests/check_simd.c), and
# the ISA matrix: `make check` reruns the check programs once per ISA level
# this machine has, newest to oldest, by turning CPU features off with
# VFETCH_DISABLE_CPU_FEATURES (honoured in builds with VF_TEST_SWITCHES).
check_PROGRAMS += tests/check_simd
tests_check_simd_SOURCES = tests/check_simd.c $(TEST_UTIL_SOURCES)
tests_check_simd_CFLAGS = $(TEST_CFLAGS)
tests_check_simd_LDADD = $(TEST_LDADD)
TESTS += tests/check_simd

# Runs after the suites it reruns are built (they are all check_PROGRAMS).
dist_check_SCRIPTS += tests/run-isa-matrix.sh
TESTS += tests/run-isa-matrix.sh
EXTRA_DIST += scripts/ci-neon.sh scripts/ci-lib.sh
