# The DXGI format table, the scalar decoders and the public header.
check_PROGRAMS += tests/check_formats tests/check_decode tests/header_c99 tests/header_cxx
TESTS += tests/check_formats tests/check_decode tests/header_c99 tests/header_cxx

tests_check_formats_SOURCES = tests/check_formats.c $(TEST_UTIL_SOURCES)
tests_check_formats_CFLAGS = $(TEST_CFLAGS)
tests_check_formats_LDADD = $(TEST_LDADD)

tests_check_decode_SOURCES = tests/check_decode.c $(TEST_UTIL_SOURCES)
tests_check_decode_CFLAGS = $(TEST_CFLAGS)
tests_check_decode_LDADD = $(TEST_LDADD)

# vfetch.h alone, as strict C99 and as C++: the public header must need
# nothing else. Both only have to compile, link and return 0.
# The object is built by hand because $(CFLAGS) (which carries -std=c11)
# comes last on automake's compile line and would override -std=c99.
tests_header_c99_SOURCES =
tests_header_c99_LDADD = tests/header_c99.c99.$(OBJEXT) libvfetch_core.la
EXTRA_DIST += tests/header_c99.c
CLEANFILES += tests/header_c99.c99.$(OBJEXT)
tests/header_c99.c99.$(OBJEXT): tests/header_c99.c include/vfetch.h
	@$(MKDIR_P) tests
	$(AM_V_CC)$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN_CFLAGS) -std=c99 -pedantic-errors \
	  -I$(top_srcdir)/include -c -o $@ $(top_srcdir)/tests/header_c99.c
tests_header_cxx_SOURCES = tests/header_cxx.cc
tests_header_cxx_CXXFLAGS = -Wall -Wextra -pedantic-errors
tests_header_cxx_LDADD = libvfetch_core.la

if HAVE_D3D12_HEADERS
# Struct layouts, enum values and macros against DirectX-Headers, in C and
# in C++.
check_PROGRAMS += tests/check_d3d12_compat tests/check_d3d12_compat_cxx
TESTS += tests/check_d3d12_compat tests/check_d3d12_compat_cxx
tests_check_d3d12_compat_SOURCES = tests/check_d3d12_compat.c
tests_check_d3d12_compat_CFLAGS = $(WARN_CFLAGS) $(D3D12_CFLAGS)
tests_check_d3d12_compat_LDADD = libvfetch_core.la
tests_check_d3d12_compat_cxx_SOURCES = tests/check_d3d12_compat.cc
tests_check_d3d12_compat_cxx_CXXFLAGS = -Wall -Wextra $(D3D12_CFLAGS)
tests_check_d3d12_compat_cxx_LDADD = libvfetch_core.la
endif
