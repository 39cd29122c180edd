/*
 * jit_map.c - generated code's W^X memory: the code copied into an
 * anonymous read+write mapping that is then made read+execute (never
 * writable and executable at once), and unmapped when done. The layout's
 * kernels (jit_layout.c) and the loop trials (jit_choose.c) both run from
 * such mappings.
 */
/* MAP_ANONYMOUS is not POSIX: glibc and the BSDs show it by default. */
#define _DEFAULT_SOURCE 1
#include "config.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "jit_quad.h"

/* Copies the code into a fresh mapping made read+execute. NULL on failure. */
void *vf_jit_map_code(const uint8_t *code, size_t bytes, size_t *map_bytes)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t ps = page > 0 ? (size_t)page : 4096u;
    size_t size = (bytes + ps - 1) / ps * ps;
    void *m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    memcpy(m, code, bytes);
    if (mprotect(m, size, PROT_READ | PROT_EXEC) != 0) {
        munmap(m, size);
        return NULL;
    }
    *map_bytes = size;
    return m;
}

void vf_jit_unmap(void *map, size_t bytes)
{
    munmap(map, bytes);
}
