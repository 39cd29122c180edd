/*
 * sysinfo.h - the machine vfetch-bench runs on: CPU name and count, cache
 * sizes.
 */
#ifndef VF_BENCH_SYSINFO_H
#define VF_BENCH_SYSINFO_H

#include <stddef.h>

/* The "model name" of /proc/cpuinfo (or "unknown CPU") into buf. */
const char *sysinfo_cpu_name(char *buf, size_t size);
/* Processors online (at least 1). */
unsigned sysinfo_cpu_count(void);
/* Bytes of the last-level cache, or a 32 MiB guess when it cannot be read. */
size_t sysinfo_llc_size(void);
/* Bytes of the L2 data cache of one core (sysfs, else sysconf, else a
 * 1 MiB guess); *source says which: "sysfs", "sysconf" or "guessed". */
size_t sysinfo_l2_size(const char **source);

#endif /* VF_BENCH_SYSINFO_H */
