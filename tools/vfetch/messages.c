/*
 * messages.c - how the vfetch commands report errors: one line on standard
 * error, naming the program.
 */
#include <stdarg.h>
#include <stdio.h>

#include "cli.h"

/* "vfetch: " and the message, with no line end. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 0)))
#endif
static void say(const char *fmt, va_list ap)
{
    fprintf(stderr, "%s: ", CLI_PROGNAME);
    vfprintf(stderr, fmt, ap);
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int cli_usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see '%s %s --help')\n", CLI_PROGNAME, command);
    return EXIT_USAGE;
}
