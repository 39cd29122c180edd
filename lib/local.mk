# The portable core of libvfetch.
libvfetch_core_la_SOURCES += \
	lib/vf_internal.h \
	lib/util.c \
	lib/formats.def \
	lib/vertex_formats.def \
	lib/format.c \
	lib/decode.c \
	lib/layout.c \
	lib/layout_check.c \
	lib/layout_state.h \
	lib/layout_names.c \
	lib/layout_query.c \
	lib/layout_query.h \
	lib/draw_plan.h \
	lib/draw.c \
	lib/draw_batch.c \
	lib/draw_check.c \
	lib/draw_check_index.c \
	lib/message_ids.def \
	lib/message_ids.c \
	lib/draw_fetch.c \
	lib/draw_slot.c \
	lib/draw_output.c \
	lib/draw_reuse.c \
	lib/draw_reuse_merge.c \
	lib/draw_reuse_merge.h \
	lib/draw_reuse_par.c \
	lib/draw_reuse_par.h \
	lib/draw_reuse_range.c \
	lib/draw_reuse_range.h \
	lib/draw_reuse_search.c \
	lib/draw_reuse_search.h \
	lib/reuse_lookup.h \
	lib/pool.c \
	lib/primitives.c \
	lib/prim_source.h \
	lib/statistics.c \
	lib/cpu.c \
	lib/cpu.h \
	lib/isa.def \
	lib/dispatch.h \
	lib/dispatch.c \
	lib/jit.c
libvfetch_core_la_SOURCES += lib/d3d11_internal.h lib/d3d11_diag.c lib/d3d11_buffer.c lib/d3d11_ia.c lib/d3d11_draw.c
# Indirect draws: ExecuteIndirect (vfetch_indirect.h) and the D3D11 indirect draws.
libvfetch_core_la_SOURCES += lib/indirect_internal.h lib/indirect_signature.c \
	lib/indirect_walk.c lib/indirect_exec.c lib/d3d11_indirect.c
# The allowed values of out-of-bounds reads under D3D's and Vulkan's robustness rules (vfetch_robust.h).
libvfetch_core_la_SOURCES += lib/robust_internal.h lib/robust.c lib/robust_query.c
# The same for Vulkan draws, by location (vfetch_vulkan.h, rules §17.8).
libvfetch_core_la_SOURCES += lib/vulkan_robust.h lib/vulkan_robust.c lib/vulkan_robust_query.c
# The Vulkan front end (vfetch_vulkan.h) and the Vulkan-only formats' decoders.
libvfetch_core_la_SOURCES += lib/convert.h lib/vulkan_internal.h lib/vulkan_formats.def \
	lib/vulkan_decode.c lib/vulkan_input.c lib/vulkan_draw.c \
	lib/vulkan_prim.h lib/vulkan_prim.c lib/vulkan_prim_topo.c lib/vulkan_prim_stats.c
