# AArch64 fetch kernels (NEON is part of the base ISA: no extra -m flag).
if HAVE_NEON
noinst_LTLIBRARIES += libvf_neon.la
libvf_neon_la_SOURCES = lib/arm/fetch_neon.c lib/arm/prims_neon.h lib/fetch_template.h \
	lib/fetch_template_decode.h lib/fetch_template_across.h
libvf_neon_la_CPPFLAGS = $(LIB_CPPFLAGS)
libvf_neon_la_CFLAGS = $(LIB_CFLAGS) $(CFLAGS_NEON)
libvfetch_core_la_LIBADD += libvf_neon.la
endif
