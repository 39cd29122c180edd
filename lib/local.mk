# The portable core of libvfetch.
libvfetch_core_la_SOURCES += \
	lib/vf_internal.h \
	lib/util.c \
	lib/formats.def \
	lib/format.c \
	lib/decode.c \
	lib/layout.c \
	lib/draw_internal.h \
	lib/draw.c \
	lib/draw_fetch.c \
	lib/draw_slot.c \
	lib/draw_output.c \
	lib/pool.c \
	lib/cpu.c \
	lib/cpu.h \
	lib/dispatch.c
