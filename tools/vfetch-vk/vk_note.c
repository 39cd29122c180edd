/*
 * vk_note.c - appends to a result's translation note (vk_note.h).
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
