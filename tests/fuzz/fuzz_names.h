/*
 * fuzz_names.h - semantic names for the fuzz targets: well-formed ones,
 * system values, names that break a rule (trailing digit, bad characters,
 * empty, NULL), and arbitrary bytes from the input. Every name is its own
 * exact-size allocation so a read past its NUL is caught.
 */
#ifndef VF_FUZZ_NAMES_H
#define VF_FUZZ_NAMES_H

#include "fuzz_input.h"

static const char *const fz_name_table[] = {
    "POSITION", "NORMAL", "TEXCOORD", "COLOR", "TANGENT", "BLENDWEIGHT",
    "position", "Position", "SV_Position", "SV_POSITION", "SV_VertexID",
    "sv_instanceid", "SV_InstanceID", "SV_StartVertexLocation", "TEXCOORD1",
    "", "1ABC", "A B", "_", "A_1b", "\xc3\xa9t\xc3\xa9", "COLOR0", "x",
};

/* A fresh heap copy of a chosen name, or NULL (the NULL-name rule). */
static inline char *fz_name(fz_input *in)
{
    uint8_t sel = fz_u8(in);
    const size_t ntable = sizeof(fz_name_table) / sizeof(fz_name_table[0]);
    if (sel == 255)
        return NULL;
    if (sel >= 200) {
        /* Arbitrary bytes, no NUL inside. */
        size_t len = fz_u8(in) % 24;
        char *s = malloc(len + 1);
        if (!s)
            abort();
        for (size_t i = 0; i < len; i++) {
            uint8_t c = fz_u8(in);
            s[i] = (char)(c ? c : 'A');
        }
        s[len] = '\0';
        return s;
    }
    const char *t = fz_name_table[sel % ntable];
    size_t len = strlen(t);
    char *s = malloc(len + 1);
    if (!s)
        abort();
    memcpy(s, t, len + 1);
    return s;
}

#endif
