/*
 * fuzz_input.h - a byte reader over a fuzzer's input, shared by the fuzz
 * targets. Past the end every read returns zeros, so any input, even an
 * empty one, describes a complete test case.
 */
#ifndef VF_FUZZ_INPUT_H
#define VF_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vfetch.h"

typedef struct fz_input {
    const uint8_t *data;
    size_t size;
    size_t pos;
} fz_input;

static inline uint8_t fz_u8(fz_input *in)
{
    return in->pos < in->size ? in->data[in->pos++] : 0;
}

static inline uint16_t fz_u16(fz_input *in)
{
    uint16_t lo = fz_u8(in);
    return (uint16_t)(lo | (uint16_t)(fz_u8(in) << 8));
}

static inline uint32_t fz_u32(fz_input *in)
{
    uint32_t lo = fz_u16(in);
    return lo | ((uint32_t)fz_u16(in) << 16);
}

/* Copies up to `size` bytes of input into `dst`; the rest repeats what was
 * copied (or zeros), so buffers stay interesting even from short inputs. */
static inline void fz_fill(fz_input *in, uint8_t *dst, size_t size)
{
    size_t avail = in->size - in->pos;
    size_t n = avail < size ? avail : size;
    if (n)
        memcpy(dst, in->data + in->pos, n);
    in->pos += n;
    for (size_t i = n; i < size; i++)
        dst[i] = n ? (uint8_t)(dst[i - n] + 0x3b * (uint8_t)(i / n)) : 0;
}

/* Aborts with a message: libFuzzer records the input as a crash. */
#define FZ_CHECK(cond, ...)                                                       \
    do {                                                                          \
        if (!(cond)) {                                                            \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                         \
            fputc('\n', stderr);                                                  \
            abort();                                                              \
        }                                                                         \
    } while (0)

/* The IA vertex formats, from the library's own table (the table itself is
 * checked by check_formats). */
static inline uint32_t fz_vertex_formats(vf_format formats[64])
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < vf_format_count() && n < 64; i++) {
        const vf_format_desc *d = vf_format_info_at(i);
        if (d && (d->ia_support & VF_IA_VERTEX_BUFFER))
            formats[n++] = d->format;
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
