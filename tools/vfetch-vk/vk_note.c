/*
 * vk_note.c - appends to a result's translation note, and prints
 * messages of several lines (vk_note.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "vk_note.h"

void vkf_note(char *note, size_t size, const char *fmt, ...)
{
    size_t used = strlen(note);
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(note + used, size - used, fmt, ap);
    va_end(ap);
}

void vkf_print_message(FILE *f, const char *prefix, const char *text)
{
    const size_t width = strlen(prefix);
    size_t len = strlen(text);

    while (len > 0 && text[len - 1] == '\n')
        len--; /* a trailing newline is not a line of its own */
    fputs(prefix, f);
    for (size_t k = 0; k < len; k++) {
        fputc(text[k], f);
        if (text[k] == '\n')
            fprintf(f, "%*s", (int)width, "");
    }
    fputc('\n', f);
}
