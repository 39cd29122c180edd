# The portable core of libvfetch.
libvfetch_core_la_SOURCES += \
	lib/vf_internal.h \
	lib/util.c \
	lib/formats.def \
	lib/vertex_formats.def \
	lib/format.c \
	lib/decode.c \
	lib/layout.c \
	lib/draw.c \
	lib/pool.c \
	lib/primitives.c \
	lib/cpu.c \
	lib/cpu.h \
	lib/dispatch.c
