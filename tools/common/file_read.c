/*
 * file_read.c - whole files and streams into memory (see file_read.h).
 */
#include <errno.h>
#include <stdlib.h>

#include "file_read.h"

/* The buffer grows by doubling from 4 KiB; one byte past `max` is read so
 * that a stream of exactly `max` bytes is told from a longer one. */
static int grow(uint8_t **buf, size_t *cap, size_t max)
{
    size_t next = *buf == NULL ? 4096 : *cap * 2;
    uint8_t *nb;

    if (*buf != NULL && *cap > max)
        return EFBIG;
    if (*buf != NULL && *cap > SIZE_MAX / 2)
        return ENOMEM;
    if (max < SIZE_MAX && next > max + 1)
        next = max + 1;
    nb = realloc(*buf, next);
    if (nb == NULL)
        return ENOMEM;
    *buf = nb;
    *cap = next;
    return 0;
}

int vf_read_stream(FILE *f, size_t max, uint8_t **data, size_t *size)
{
    uint8_t *buf = NULL;
    size_t cap = 0, len = 0, got;
    int rc;

    do {
        if (len == cap && (rc = grow(&buf, &cap, max)) != 0) {
            free(buf);
            return rc;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    if (ferror(f)) {
        free(buf);
        return errno != 0 ? errno : EIO;
    }
    if (len > max) {
        free(buf);
        return EFBIG;
    }
    *data = buf;
    *size = len;
    return 0;
}

int vf_read_file(const char *path, size_t max, uint8_t **data, size_t *size)
{
    FILE *f = fopen(path, "rb");
    int rc;

    if (f == NULL)
        return errno != 0 ? errno : EIO;
    rc = vf_read_stream(f, max, data, size);
    fclose(f);
    return rc;
}
