/*
 * common.h - small helpers every vfetch tool source may use.
 */
#ifndef VF_TOOLS_COMMON_H
#define VF_TOOLS_COMMON_H

/* Elements of an array (not a pointer). */
#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* printf-style checking of a function's format string and arguments. */
#if defined(__GNUC__)
#define VF_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define VF_PRINTF(fmt, args)
#endif

#endif /* VF_TOOLS_COMMON_H */
