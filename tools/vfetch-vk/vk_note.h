/*
 * vk_note.h - the translation note of a vfetch-vk result: what the tool
 * did on the driver's behalf, one clause after another; and messages of
 * several lines printed under their first. Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_NOTE_H
#define VF_TOOLS_VFETCH_VK_VK_NOTE_H

#include <stddef.h>
#include <stdio.h>

/* Appends the formatted clause to the string in note (size bytes, always
 * terminated; what does not fit is cut). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void vkf_note(char *note, size_t size, const char *fmt, ...);

/* Writes prefix, then text (a loader's, driver's or compiler's message,
 * which may hold several lines) with every line after the first indented
 * by the prefix's width, so it reads as one message under its first line;
 * trailing newlines dropped, one newline written. */
void vkf_print_message(FILE *f, const char *prefix, const char *text);

#endif /* VF_TOOLS_VFETCH_VK_VK_NOTE_H */
