/*
 * sysinfo.c - the machine vfetch-bench runs on (sysinfo.h).
 */
#define _GNU_SOURCE 1 /* sysconf(_SC_LEVEL3_CACHE_SIZE) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sysinfo.h"

const char *sysinfo_cpu_name(char *buf, size_t size)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    char name[256] = "unknown CPU";
    long family = -1, model = -1;

    if (f != NULL) {
        while (fgets(line, sizeof(line), f)) {
            char *v = strchr(line, ':');
            if (v == NULL)
                continue;
            v++;
            while (*v == ' ' || *v == '\t')
                v++;
            v[strcspn(v, "\n")] = '\0';
            if (strncmp(line, "model name", 10) == 0) {
                snprintf(name, sizeof(name), "%s", v);
            } else if (strncmp(line, "cpu family", 10) == 0) {
                family = strtol(v, NULL, 10);
            } else if (strncmp(line, "model", 5) == 0 && (line[5] == ' ' || line[5] == '\t')) {
                model = strtol(v, NULL, 10);
            } else if (line[0] == '\n' || strncmp(line, "processor", 9) == 0) {
                if (family >= 0 && strcmp(name, "unknown CPU") != 0)
                    break; /* the first processor is enough */
            }
        }
        fclose(f);
    }
    /* Virtual machines often hide the model name; family and model still
     * tell the microarchitecture. */
    if (family >= 0)
        snprintf(buf, size, "%s (family %ld, model %ld)", name, family, model);
    else
        snprintf(buf, size, "%s", name);
    return buf;
}

unsigned sysinfo_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    return n > 0 ? (unsigned)n : 1u;
}

/* One cache of cpu0 as sysfs describes it (cache/indexN). */
struct cache_index {
    unsigned level;
    int data;       /* holds data (not an instruction cache) */
    size_t bytes;   /* 0 when it cannot be read */
};

/* The first line of cache/index<i>/<name> of cpu0 into buf: 0, or -1 when
 * the file cannot be opened. buf is empty when it cannot be read. */
static int read_cache_file(unsigned i, const char *name, char *buf, int size)
{
    char path[96];
    FILE *f;

    snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%u/%s", i, name);
    buf[0] = '\0';
    if ((f = fopen(path, "r")) == NULL)
        return -1;
    if (fgets(buf, size, f) == NULL)
        buf[0] = '\0';
    fclose(f);
    return 0;
}

/* Cache index i of cpu0: 0, or -1 when there is no such index (nor any
 * after it). */
static int read_cache_index(unsigned i, struct cache_index *ci)
{
    char buf[64];

    if (read_cache_file(i, "level", buf, sizeof(buf)) != 0)
        return -1;
    ci->level = (unsigned)strtoul(buf, NULL, 10);
    ci->data = read_cache_file(i, "type", buf, sizeof(buf)) == 0 && buf[0] != '\0' &&
               strncmp(buf, "Instruction", 11) != 0;
    ci->bytes = 0;
    if (read_cache_file(i, "size", buf, sizeof(buf)) == 0 && buf[0] != '\0') {
        char *end;
        unsigned long kib = strtoul(buf, &end, 10);
        if (*end == 'M')
            kib *= 1024;
        ci->bytes = (size_t)kib * 1024;
    }
    return 0;
}

size_t sysinfo_llc_size(void)
{
    /* sysfs gives the cache this CPU shares; sysconf may report the sum
     * over the whole package (384 MiB on a 12-CCD EPYC), too much here. */
    size_t best = 0;
    unsigned best_level = 0;
    struct cache_index ci;

    for (unsigned i = 0; i < 8 && read_cache_index(i, &ci) == 0; i++) {
        if (ci.level >= best_level && ci.bytes) {
            best_level = ci.level;
            best = ci.bytes;
        }
    }
    if (best)
        return best;

    long n = -1;
#if defined(_SC_LEVEL3_CACHE_SIZE)
    n = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (n <= 0)
        n = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    return n > 0 ? (size_t)n : (size_t)32 << 20;
}

/* The size of the cache of `level` that cpu0 reads data through, from
 * sysfs; 0 when it cannot be read. */
static size_t sysfs_cache_size(unsigned want_level)
{
    struct cache_index ci;

    for (unsigned i = 0; i < 8 && read_cache_index(i, &ci) == 0; i++)
        if (ci.level == want_level && ci.data && ci.bytes)
            return ci.bytes;
    return 0;
}

size_t sysinfo_l2_size(const char **source)
{
    size_t n = sysfs_cache_size(2);

    *source = "sysfs";
    if (n)
        return n;
#if defined(_SC_LEVEL2_CACHE_SIZE)
    long v = sysconf(_SC_LEVEL2_CACHE_SIZE);
    *source = "sysconf";
    if (v > 0)
        return (size_t)v;
#endif
    *source = "guessed";
    return (size_t)1 << 20;
}
