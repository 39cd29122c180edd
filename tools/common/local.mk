# The tools library (tools/common/): JSON reading (json_read), D3D
# enumeration names (d3d_names), the case loader (case), the output writers
# (output) and the comparison with another implementation (compare). It is
# shared by the vfetch CLI, vfetch-vk and the case fuzz target. A program
# links $(VF_TOOLS_LIBS) and adds $(VF_TOOLS_CFLAGS) to its CFLAGS.

# The JSON writer (json_write) needs no json-c: built always, for
# vfetch-bench too, and part of the tools library.
noinst_LTLIBRARIES += tools/libvfjsonw.la
tools_libvfjsonw_la_SOURCES = tools/common/json_write.c tools/common/json_write.h
tools_libvfjsonw_la_CFLAGS = $(AM_CFLAGS)

# Without json-c (configure) none of this is built.
if HAVE_JSONC
noinst_LTLIBRARIES += tools/libvftools.la
tools_libvftools_la_SOURCES = $(VF_CASE_SRC) tools/common/output.c tools/common/output.h \
    tools/common/output_internal.h tools/common/output_regs.c tools/common/output_layout.c \
    tools/common/output_vulkan.c tools/common/output_vulkan.h tools/common/case_vulkan_reuse.c \
	tools/common/vfr.c tools/common/vfr.h tools/common/compare.c tools/common/compare.h \
	tools/common/compare_robust.c tools/common/compare_robust.h \
	tools/common/oob.c tools/common/oob.h tools/common/oob_vulkan.c \
	tools/common/svg_picture.c tools/common/svg_picture.h \
	tools/common/svg_shapes.c tools/common/svg_internal.h
tools_libvftools_la_CFLAGS = $(AM_CFLAGS) $(VF_TOOLS_CFLAGS)
tools_libvftools_la_LIBADD = tools/libvfjsonw.la
endif
# The sources of the case loader, also compiled alone by `make fuzz`.
VF_CASE_SRC = tools/common/case.h tools/common/case_load.c tools/common/case_d3d12.c \
	tools/common/case_d3d12.h tools/common/case_d3d11.c tools/common/case_d3d11.h \
	tools/common/case_indirect.c tools/common/case_indirect.h \
	tools/common/case_indirect_d3d11.c tools/common/case_d3d11_state.h \
	tools/common/case_draw.c tools/common/case_json.c tools/common/case_json.h \
	tools/common/case_data.c tools/common/case_data.h tools/common/case_vulkan.c \
	tools/common/case_vulkan.h tools/common/case_vulkan_draw.c tools/common/case_vulkan_ia.c tools/common/json_read.c \
	tools/common/json_read.h tools/common/d3d_names.c tools/common/d3d_names.h \
	tools/common/common.h tools/common/file_read.c tools/common/file_read.h
VF_TOOLS_CFLAGS = -I$(top_srcdir)/tools/common $(JSONC_CFLAGS)
VF_TOOLS_LIBS = tools/libvftools.la $(JSONC_LIBS) -lm
# Older names of the last two.
VF_CASE_CFLAGS = $(VF_TOOLS_CFLAGS)
VF_CASE_LIBS = $(JSONC_LIBS)
