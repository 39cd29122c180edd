/*
 * file_read.h - the one way the vfetch tools read a whole file or stream
 * into memory (cases, binary data, captured outputs).
 *
 * Both calls allocate the buffer with malloc; the caller frees it. On
 * failure nothing is allocated and *data and *size are left as they were.
 * They keep no state; any thread may call them on its own stream.
 */
#ifndef VF_TOOLS_COMMON_FILE_READ_H
#define VF_TOOLS_COMMON_FILE_READ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Reads `f` to its end (it stays open). Returns 0, or an errno value:
 * EFBIG when it holds more than `max` bytes, ENOMEM, or the read error
 * (EIO where the C library gives none). */
int vf_read_stream(FILE *f, size_t max, uint8_t **data, size_t *size);

/* Opens `path` (binary) and reads it as vf_read_stream does; on failure to
 * open, returns fopen's errno. */
int vf_read_file(const char *path, size_t max, uint8_t **data, size_t *size);

#endif /* VF_TOOLS_COMMON_FILE_READ_H */
