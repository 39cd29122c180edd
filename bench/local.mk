# vfetch-bench: throughput beside the memory roofline and the scalar path.
# Never part of `make check` (timing lives here, not in tests); `make bench`
# builds it and runs the quick set.
EXTRA_PROGRAMS += bench/vfetch-bench
bench_vfetch_bench_SOURCES = bench/vfetch_bench.c bench/bench_util.c bench/bench_util.h
bench_vfetch_bench_CPPFLAGS = $(AM_CPPFLAGS)
bench_vfetch_bench_CFLAGS = $(AM_CFLAGS) -O2
# The convenience library, so forced ISAs and internals are reachable.
bench_vfetch_bench_LDADD = libvfetch_core.la -lm
CLEANFILES += bench/vfetch-bench$(EXEEXT)
EXTRA_DIST += bench/README.md

PHONY_TARGETS += bench
bench: bench/vfetch-bench$(EXEEXT)
	./bench/vfetch-bench$(EXEEXT) --quick
	./bench/vfetch-bench$(EXEEXT) --quick --formats
