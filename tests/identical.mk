# Output identity: digests of seeded random draws on every ISA, shape and
# way of running (tests/identical.digests), and of every example's raw
# output on every ISA (tests/identical-examples.sha256). Public API only,
# no Check.
check_PROGRAMS += tests/check_identical
tests_check_identical_SOURCES = tests/check_identical.c
tests_check_identical_LDADD = libvfetch.la
TESTS += tests/check_identical
dist_check_SCRIPTS += tests/identical-examples.sh
TESTS += tests/identical-examples.sh
EXTRA_DIST += tests/identical.digests tests/identical-examples.sha256
