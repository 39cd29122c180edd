/*
 * check-vulkan-edge.c - one Vulkan edge case (tests/vk/vulkan-edge/cases/)
 * and the JSON that `vfetch run --output json` printed for it, against the
 * reference model of Vulkan vertex input (tests/ref/vulkan_ref.c), which
 * shares no code with lib/: every word of every record, gl_VertexIndex,
 * gl_InstanceIndex and the flags. The case is read with the tools'
 * loader (its buffers and descriptions); the values come from the model.
 *
 *   check-vulkan-edge CASE.json OUTPUT.json
 *
 * Exit 0 when every record matches, 1 on the first difference (named with
 * its record, register and word), 2 when the files cannot be read.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"
#include "vulkan_case_model.h"

static uint32_t word_of(json_object *o)
{
    return (uint32_t)json_object_get_int64(o);
}

/* Record `k` of the output against the model's words `m`; prints the first
 * difference. */
static int check_record(const char *name, size_t k, json_object *rec, const uint32_t *m,
                        uint32_t regs, json_object *names)
{
    static const char *const sys_keys[3] = { "SV_VertexID", "SV_InstanceID", "flags" };
    const uint32_t *sys = m + 4 * (regs - 1);
    json_object *data = json_object_object_get(rec, "data");

    for (int i = 0; i < 3; i++) {
        if (word_of(json_object_object_get(rec, sys_keys[i])) != sys[i]) {
            printf("FAIL %s: record %zu: %s is not %u\n", name, k, sys_keys[i], sys[i]);
            return 1;
        }
    }
    if (sys[2] & 1u)
        return 0; /* a restart: no data to compare */
    for (uint32_t r = 0; r + 1 < regs; r++) {
        const char *reg = json_object_get_string(json_object_array_get_idx(names, r));
        json_object *words = json_object_object_get(json_object_object_get(data, reg), "words");
        for (uint32_t w = 0; w < 4; w++) {
            if (words == NULL || word_of(json_object_array_get_idx(words, w)) != m[4 * r + w]) {
                printf("FAIL %s: record %zu, %s word %u: the model has 0x%08x\n", name, k,
                       reg ? reg : "?", w, m[4 * r + w]);
                return 1;
            }
        }
    }
    return 0;
}

/* Every record of `out` against the model's `model` (`words` a record). */
static int check_output(const char *name, json_object *out, const uint32_t *model,
                        uint32_t words, size_t records)
{
    json_object *recs = json_object_object_get(out, "records");
    json_object *names = json_object_object_get(out, "registers");

    if (recs == NULL || names == NULL || json_object_array_length(recs) != records ||
        json_object_array_length(names) + 1 != words / 4) {
        printf("FAIL %s: the output has not the draw's %zu records of %u registers\n", name,
               records, words / 4);
        return 1;
    }
    for (size_t k = 0; k < records; k++)
        if (check_record(name, k, json_object_array_get_idx(recs, k), model + k * words,
                         words / 4, names))
            return 1;
    printf("PASS %s: %zu records match the reference model\n", name, records);
    return 0;
}

static int check_case(const char *case_path, const char *out_path)
{
    struct vk_ref_binding b[VF_VK_MAX_BINDINGS];
    struct vk_ref_attribute a[VF_VK_MAX_ATTRIBUTES];
    struct vk_ref_draw d;
    struct vf_case c;
    char err[VF_CASE_ERR_SIZE] = "";
    uint32_t na = 0;
    int rc = 2;

    if (vf_case_load(case_path, &c, err, sizeof(err)) != 0 || c.vulkan == NULL) {
        printf("FAIL %s: not a Vulkan case: %s\n", case_path, err);
        return 2;
    }
    int model_ok = vk_case_model(&c, b, a, &na, &d) == 0;
    size_t records = (size_t)d.count * d.instances;
    /* At most 2 registers an attribute and the system register. */
    size_t per = 4 * (2 * (size_t)VF_VK_MAX_ATTRIBUTES + 1);
    uint32_t *model = records <= (1u << 20) ? calloc(records ? records : 1, per * 4) : NULL;
    json_object *out = json_object_from_file(out_path);
    if (!model_ok || model == NULL || out == NULL) {
        printf("FAIL %s: the model cannot read it or %s is not JSON\n", case_path, out_path);
    } else {
        uint32_t words = vk_ref_draw(b, a, na, &d, 1, model);
        rc = check_output(case_path, out, model, words, records);
    }
    json_object_put(out);
    free(model);
    vf_case_free(&c);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: check-vulkan-edge CASE.json OUTPUT.json\n");
        return 2;
    }
    return check_case(argv[1], argv[2]);
}
