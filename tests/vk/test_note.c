/*
 * test_note.c - vfetch-vk's messages of several lines (vk_note.c): each
 * line after the first sits under the first line's text, a trailing
 * newline makes no empty line, and a one-line message is printed as is.
 */
#include <stdio.h>
#include <string.h>

#include "vk_check.h"
#include "vk_note.h"

/* What vkf_print_message writes for prefix and text, into out. */
static void printed(const char *prefix, const char *text, char *out, size_t size)
{
    FILE *f = tmpfile();
    size_t n = 0;

    if (f == NULL) {
        CHECK(f != NULL);
        out[0] = '\0';
        return;
    }
    vkf_print_message(f, prefix, text);
    rewind(f);
    n = fread(out, 1, size - 1, f);
    out[n] = '\0';
    fclose(f);
}

int main(void)
{
    char out[256];

    printed("vfetch-vk: ", "no driver", out, sizeof(out));
    CHECK(strcmp(out, "vfetch-vk: no driver\n") == 0);
    printed("vfetch-vk: ", "vkCreateInstance failed\nloader: no ICD\n  at lvp\n", out,
            sizeof(out));
    CHECK(strcmp(out, "vfetch-vk: vkCreateInstance failed\n"
                      "           loader: no ICD\n"
                      "             at lvp\n") == 0);
    printed("  error: ", "shader:1: error\nshader:2: error\n\n", out, sizeof(out));
    CHECK(strcmp(out, "  error: shader:1: error\n         shader:2: error\n") == 0);
    printed("", "", out, sizeof(out));
    CHECK(strcmp(out, "\n") == 0);
    return vk_check_result("vfetch-vk messages of several lines");
}
