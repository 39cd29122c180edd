/*
 * vk_note.h - the translation note of a vfetch-vk result: what the tool
 * did on the driver's behalf, one clause after another. Not installed.
 */
#ifndef VF_TOOLS_VFETCH_VK_VK_NOTE_H
#define VF_TOOLS_VFETCH_VK_VK_NOTE_H

#include <stddef.h>

/* Appends the formatted clause to the string in note (size bytes, always
 * terminated; what does not fit is cut). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void vkf_note(char *note, size_t size, const char *fmt, ...);

#endif /* VF_TOOLS_VFETCH_VK_VK_NOTE_H */
