# x86 fetch kernels: one convenience library per ISA, each with its own -m
# flags (probed by configure), linked into libvfetch_core. An ISA file
# exports only its suffixed table; the headers hold static inline code only.
# VF_X86_TEMPLATE: the ISA-neutral template, the x86 primitive headers and
# the declarations of the x86 output helpers, reuse searches and index
# helpers.
VF_X86_TEMPLATE = lib/fetch_template.h lib/fetch_template_decode.h \
	lib/fetch_template_across.h lib/x86/sse_load.h lib/x86/prims_sse.h \
	lib/x86/prims_avx2.h lib/x86/prims_avx512.h lib/x86/output_x86.h \
	lib/x86/reuse_x86.h lib/x86/index_x86.h

if HAVE_SSE2
noinst_LTLIBRARIES += libvf_sse2.la
libvf_sse2_la_SOURCES = lib/x86/fetch_sse2.c lib/x86/output_sse2.c lib/x86/reuse_sse2.c \
	lib/reuse_lookup.h $(VF_X86_TEMPLATE)
libvf_sse2_la_CPPFLAGS = $(LIB_CPPFLAGS)
libvf_sse2_la_CFLAGS = $(LIB_CFLAGS) $(CFLAGS_SSE2)
libvfetch_core_la_LIBADD += libvf_sse2.la
endif

if HAVE_SSSE3
noinst_LTLIBRARIES += libvf_ssse3.la
libvf_ssse3_la_SOURCES = lib/x86/fetch_ssse3.c $(VF_X86_TEMPLATE)
libvf_ssse3_la_CPPFLAGS = $(LIB_CPPFLAGS)
libvf_ssse3_la_CFLAGS = $(LIB_CFLAGS) $(CFLAGS_SSSE3)
libvfetch_core_la_LIBADD += libvf_ssse3.la
endif

if HAVE_SSE41
noinst_LTLIBRARIES += libvf_sse41.la
libvf_sse41_la_SOURCES = lib/x86/fetch_sse41.c $(VF_X86_TEMPLATE)
libvf_sse41_la_CPPFLAGS = $(LIB_CPPFLAGS)
libvf_sse41_la_CFLAGS = $(LIB_CFLAGS) $(CFLAGS_SSE41)
libvfetch_core_la_LIBADD += libvf_sse41.la
endif

if HAVE_AVX2
noinst_LTLIBRARIES += libvf_avx2.la
libvf_avx2_la_SOURCES = lib/x86/fetch_avx2.c lib/x86/output_avx2.c lib/x86/reuse_avx2.c \
	lib/x86/index_avx2.c \
	$(VF_X86_TEMPLATE)
libvf_avx2_la_CPPFLAGS = $(LIB_CPPFLAGS)
libvf_avx2_la_CFLAGS = $(LIB_CFLAGS) $(CFLAGS_AVX2)
libvfetch_core_la_LIBADD += libvf_avx2.la
endif

# configure builds AVX-512 only with AVX2: its level falls back to avx2 and
# uses AVX2's and SSE2's output helpers.
if HAVE_AVX512
noinst_LTLIBRARIES += libvf_avx512.la
libvf_avx512_la_SOURCES = lib/x86/fetch_avx512.c $(VF_X86_TEMPLATE)
libvf_avx512_la_CPPFLAGS = $(LIB_CPPFLAGS)
libvf_avx512_la_CFLAGS = $(LIB_CFLAGS) $(CFLAGS_AVX512)
libvfetch_core_la_LIBADD += libvf_avx512.la
endif

# The per-layout code generator: emits bytes, built without -m flags.
if HAVE_JIT
libvfetch_core_la_SOURCES += lib/x86/jit/jit_emit.c lib/x86/jit/jit_emit.h \
	lib/x86/jit/jit_format.c lib/x86/jit/jit_format.h \
	lib/x86/jit/jit_record.c lib/x86/jit/jit_record.h lib/x86/jit/jit_layout.c \
	lib/x86/jit/jit_quad.c lib/x86/jit/jit_quad.h lib/x86/jit/jit_quad_loop.c \
	lib/x86/jit/jit_quad_parts.h lib/x86/jit/jit_quad_plan.c \
	lib/x86/jit/jit_quad_plan.h lib/x86/jit/jit_choose.c lib/x86/jit/jit_map.c \
	lib/x86/jit/jit_slot.c lib/x86/jit/jit_slot.h
endif
