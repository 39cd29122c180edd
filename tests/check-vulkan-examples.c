/*
 * check-vulkan-examples.c - the expected JSON output of each Vulkan example
 * (tests/cli/expected/NAME.json) against the reference model of Vulkan
 * vertex input (tests/ref/vulkan_ref.c), which shares no code with lib/:
 * every word of every record, gl_VertexIndex, gl_InstanceIndex and the
 * flags. The case is read with the tools' loader (its buffers and
 * descriptions); the values come from the model.
 *
 *   check-vulkan-examples NAME...   (top_srcdir from the environment)
 *
 * Exit 0 when every record matches, 1 otherwise.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"
#include "vulkan_case_model.h"

#define MAX_WORDS 4096

/* Reads the expected JSON output (its last line is the exit status). */
static json_object *read_expected(const char *path)
{
    FILE *f = fopen(path, "rb");
    static char text[1 << 20];
    size_t n;

    if (f == NULL)
        return NULL;
    n = fread(text, 1, sizeof(text) - 1, f);
    fclose(f);
    text[n] = '\0';
    char *trailer = strstr(text, "\n--- exit");
    if (trailer != NULL)
        trailer[1] = '\0';
    return json_tokener_parse(text);
}

/* Record `k` of the expected output against the model's words `m`. */
static int check_record(json_object *rec, const uint32_t *m, uint32_t regs, json_object *names)
{
    json_object *data = json_object_object_get(rec, "data");
    const uint32_t *sys = m + 4 * (regs - 1);
    int bad = 0;

    bad |= (uint32_t)json_object_get_int64(json_object_object_get(rec, "SV_VertexID")) != sys[0];
    bad |= (uint32_t)json_object_get_int64(json_object_object_get(rec, "SV_InstanceID")) != sys[1];
    bad |= (uint32_t)json_object_get_int64(json_object_object_get(rec, "flags")) != sys[2];
    if (sys[2] & 1u)
        return bad; /* a restart: no data to compare */
    if ((uint32_t)json_object_array_length(names) + 1 != regs)
        return 1;
    for (uint32_t r = 0; r + 1 < regs; r++) {
        const char *name = json_object_get_string(json_object_array_get_idx(names, r));
        json_object *words = json_object_object_get(json_object_object_get(data, name), "words");
        for (uint32_t w = 0; w < 4; w++)
            bad |= words == NULL ||
                   (uint32_t)json_object_get_int64(json_object_array_get_idx(words, w)) !=
                       m[4 * r + w];
    }
    return bad;
}

static int check_example(const char *srcdir, const char *name)
{
    static uint32_t model[MAX_WORDS];
    struct vk_ref_binding b[VF_VK_MAX_BINDINGS];
    struct vk_ref_attribute a[VF_VK_MAX_ATTRIBUTES];
    struct vk_ref_draw d;
    struct vf_case c;
    char path[4096], err[VF_CASE_ERR_SIZE];
    uint32_t na;
    int bad = 0;

    snprintf(path, sizeof(path), "%s/examples/%s.json", srcdir, name);
    if (vf_case_load(path, &c, err, sizeof(err)) != 0 || c.vulkan == NULL ||
        vk_case_model(&c, b, a, &na, &d) != 0 ||
        (size_t)d.count * d.instances * 4 * 10 > MAX_WORDS) {
        printf("FAIL %s: not a Vulkan case the model reads: %s\n", name, err);
        vf_case_free(&c);
        return 1;
    }
    uint32_t words = vk_ref_draw(b, a, na, &d, 1, model);
    snprintf(path, sizeof(path), "%s/tests/cli/expected/%s.json", srcdir, name);
    json_object *out = read_expected(path);
    json_object *recs = json_object_object_get(out, "records");
    json_object *names = json_object_object_get(out, "registers");
    if (recs == NULL || names == NULL ||
        json_object_array_length(recs) != (size_t)d.count * d.instances) {
        printf("FAIL %s: %s has not the draw's records\n", name, path);
        bad = 1;
    }
    for (size_t k = 0; !bad && k < json_object_array_length(recs); k++) {
        if (check_record(json_object_array_get_idx(recs, k), model + k * words, words / 4,
                         names)) {
            printf("FAIL %s: record %zu differs from the reference model\n", name, k);
            bad = 1;
        }
    }
    if (!bad)
        printf("PASS %s: %zu records match the reference model\n", name,
               json_object_array_length(recs));
    json_object_put(out);
    vf_case_free(&c);
    return bad;
}

int main(int argc, char **argv)
{
    const char *srcdir = getenv("top_srcdir");
    int bad = 0;

    if (srcdir == NULL)
        srcdir = ".";
    for (int i = 1; i < argc; i++)
        bad |= check_example(srcdir, argv[i]);
    return bad ? 1 : 0;
}
