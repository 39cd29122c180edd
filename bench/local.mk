# vfetch-bench: throughput beside the memory roofline and the scalar path.
# Built by `make` and installed with its man page; `make bench` runs the
# quick set. `make check` runs its checks alone (tests/bench-smoke.sh: every path against scalar, no timing
# judged; tests/bench-plan.sh: the plan, the quick set's size cap and the
# progress line, nothing timed).
bin_PROGRAMS += bench/vfetch-bench
dist_man_MANS += bench/vfetch-bench.1
bench_vfetch_bench_SOURCES = bench/vfetch_bench.c bench/options.c bench/bench.h bench/cases.c \
	bench/case_build.c bench/report.c bench/chunked.c bench/peer.c bench/measure.c \
	bench/case_run.c bench/bench_util.c bench/bench_util.h bench/roofline.c bench/roofline.h \
	bench/team.c bench/team.h bench/sysinfo.c bench/sysinfo.h bench/jit_rows.c \
	bench/plan.c bench/plan_size.c bench/plan.h bench/progress.c bench/progress.h bench/reuse_rows.c \
	bench/reuse_floor.c
bench_vfetch_bench_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tools/common
bench_vfetch_bench_CFLAGS = $(AM_CFLAGS) -O2
# The convenience library, so forced ISAs and internals are reachable; the
# tools' JSON writer, which needs no json-c.
bench_vfetch_bench_LDADD = libvfetch_core.la tools/libvfjsonw.la -lm
dist_check_SCRIPTS += tests/bench-smoke.sh tests/bench-plan.sh
TESTS += tests/bench-smoke.sh tests/bench-plan.sh
EXTRA_DIST += bench/README.md bench/peer.vert

# The Vulkan peer: the same draws through Vulkan, on the CPU (lavapipe) or
# a GPU. The vertex shader is compiled at build time, one SPIR-V module per
# bench layout. The device, buffers and pipeline come from vfetch-vk's
# Vulkan layer (tools/libvfvk.la, tools/vk/local.mk), which opens the loader at
# run time: nothing links against libvulkan.
BENCH_ENV =
BENCH_PEER_FLAGS =
if HAVE_VULKAN_TOOLS
BENCH_PEER_SPV = bench/peer_static.spv.h bench/peer_skinned.spv.h \
	bench/peer_instanced.spv.h bench/peer_particles.spv.h
bench_vfetch_bench_SOURCES += bench/vk_peer.c bench/vk_peer.h bench/vk_peer_impl.h \
	bench/vk_peer_pipeline.c bench/vk_peer_list.c bench/vk_peer_device.c \
	bench/vk_peer_split.c
nodist_bench_vfetch_bench_SOURCES = $(BENCH_PEER_SPV)
bench_vfetch_bench_CPPFLAGS += -DVF_BENCH_HAVE_PEER -I$(top_builddir) $(VF_VK_CFLAGS)
bench_vfetch_bench_LDADD += $(VF_VK_LIBS)
CLEANFILES += $(BENCH_PEER_SPV)
bench/vfetch_bench-vk_peer_pipeline.$(OBJEXT): $(BENCH_PEER_SPV)
BENCH_GLSLC = $(MKDIR_P) bench && $(GLSLC) -fshader-stage=vert -mfmt=c
bench/peer_static.spv.h: bench/peer.vert
	$(AM_V_GEN)$(BENCH_GLSLC) -DINPUTS=5 -DUINT_MASK=0 -o $@ $(srcdir)/bench/peer.vert
bench/peer_skinned.spv.h: bench/peer.vert
	$(AM_V_GEN)$(BENCH_GLSLC) -DINPUTS=7 -DUINT_MASK=32 -o $@ $(srcdir)/bench/peer.vert
bench/peer_instanced.spv.h: bench/peer.vert
	$(AM_V_GEN)$(BENCH_GLSLC) -DINPUTS=8 -DUINT_MASK=0 -o $@ $(srcdir)/bench/peer.vert
bench/peer_particles.spv.h: bench/peer.vert
	$(AM_V_GEN)$(BENCH_GLSLC) -DINPUTS=1 -DUINT_MASK=0 -o $@ $(srcdir)/bench/peer.vert
# lavapipe alone, unless the caller chose the drivers (VK_DRIVER_FILES or
# VK_ICD_FILENAMES) or another peer (make bench BENCH_PEER=gpu).
BENCH_PEER = lavapipe
BENCH_ENV += if test -z "$${VK_DRIVER_FILES}$${VK_ICD_FILENAMES}" && \
	test "$(BENCH_PEER)" = lavapipe; then \
	VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.$(host_cpu).json; \
	export VK_ICD_FILENAMES; fi;
BENCH_PEER_FLAGS += --peer $(BENCH_PEER)
endif

PHONY_TARGETS += bench
bench: bench/vfetch-bench$(EXEEXT)
	$(BENCH_ENV) ./bench/vfetch-bench$(EXEEXT) --quick $(BENCH_PEER_FLAGS)
	./bench/vfetch-bench$(EXEEXT) --quick --formats

# An SVG of Mvertices/s per path and thread count against the copy line:
# runs the quick set, or reads a saved run (make bench-plot
# BENCH_RUN=run.csv, or a --json run). Fails with a message without
# gnuplot, so a script sees that no picture was drawn.
BENCH_RUN =
BENCH_PLOT = bench/vfetch-bench.svg
EXTRA_DIST += bench/plot.sh
CLEANFILES += $(BENCH_PLOT)
PHONY_TARGETS += bench-plot
bench-plot: bench/vfetch-bench$(EXEEXT)
	@command -v gnuplot >/dev/null 2>&1 || { \
		echo "bench-plot: gnuplot not found on PATH; install it (Debian: apt-get install gnuplot-nox)" >&2; \
		exit 1; }
	if test -n "$(BENCH_RUN)"; then set -- -i "$(BENCH_RUN)"; else set --; fi; \
	$(BENCH_ENV) $(SHELL) $(srcdir)/bench/plot.sh -b ./bench/vfetch-bench$(EXEEXT) \
		-o $(BENCH_PLOT) "$$@" -- --quick $(BENCH_PEER_FLAGS)

# What a store into L1 costs by width (bench/README.md, "Why a Xeon core
# trails"): `make bench/store-probe`. Built with the AVX-512 flags where the
# compiler has them, for the 64-byte stores.
EXTRA_PROGRAMS += bench/store-probe
bench_store_probe_SOURCES = bench/store_probe.c
bench_store_probe_CFLAGS = $(AM_CFLAGS) -O2
if HAVE_AVX512
bench_store_probe_CFLAGS += $(CFLAGS_AVX512)
endif
CLEANFILES += bench/store-probe$(EXEEXT)

# Draw streams: 10,000 small draws with changing views through vf_draw_batch
# and one vf_draw each, in one run: `make bench/vfetch-bench-streams`.
EXTRA_PROGRAMS += bench/vfetch-bench-streams
bench_vfetch_bench_streams_SOURCES = bench/draw_streams.c bench/bench_util.c bench/bench_util.h
bench_vfetch_bench_streams_LDADD = libvfetch_core.la -lm
CLEANFILES += bench/vfetch-bench-streams$(EXEEXT)

# jitcmp: the static mesh's record kernel from libgccjit, LLVM ORC and
# vfetch's own generator, checked bit for bit and timed. Not built here (it
# needs libgccjit-12-dev and llvm-15-dev): after `make`, run
# `make -C bench/jitcmp VFETCH_SRC=<source dir> VFETCH_BUILD=<build dir>`,
# then `nice -n -19 bench/jitcmp/jitcmp`; bench/README.md has the figures.
EXTRA_DIST += bench/jitcmp/Makefile bench/jitcmp/jitcmp.h bench/jitcmp/jitcmp.c \
	bench/jitcmp/measure.h bench/jitcmp/measure.c bench/jitcmp/gen_gccjit.c \
	bench/jitcmp/gen_llvm.c
