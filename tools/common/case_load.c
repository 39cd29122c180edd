/*
 * case_load.c - loads a case (see case.h and vfetch(1)): reads its "Api"
 * and hands the rest to the loader of that form; frees a loaded case.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"
#include "case_d3d11.h"
#include "case_d3d12.h"
#include "case_indirect.h"
#include "case_vulkan.h"
#include "file_read.h"
#include "json_read.h"

_Static_assert(VF_CASE_MAX_PROBLEMS == VF_JSON_MAX_PROBLEMS, "case.h promises json_read's count");

#define fail vf_json_fail
#define SHOWN VF_JSON_SHOWN
#define SHOW VF_JSON_SHOW

/* The form "Api" names (D3D12 when absent), loaded from the whole of `root`. */
static int load_root(struct vf_json_ctx *x, json_object *root, struct vf_case *c)
{
    json_object *v;
    const char *api;

    if (!json_object_is_type(root, json_type_object))
        return fail(x, "", "the case must be a JSON object, got %s", vf_json_type_name(root));
    if (!vf_json_present(root, "Api"))
        return vf_case_load_d3d12(x, root, c);
    v = vf_json_field(root, "Api");
    if (vf_json_get_string(x, "Api", v, &api) != 0)
        return -1;
    if (strcmp(api, "D3D11") == 0)
        return vf_case_load_d3d11(x, root, c);
    if (strcmp(api, "Vulkan") == 0)
        return vf_case_load_vulkan(x, root, c);
    if (strcmp(api, "D3D12") != 0)
        return fail(x, "Api", "expected 'D3D12', 'D3D11' or 'Vulkan', got '" SHOWN "'",
                    SHOW(api));
    return vf_case_load_d3d12(x, root, c);
}

void vf_case_free(struct vf_case *c)
{
    if (c == NULL)
        return;
    for (uint32_t i = 0; i < c->num_elements; i++)
        free((void *)(uintptr_t)c->elements[i].semantic_name);
    free(c->elements);
    free(c->component_mappings);
    for (uint32_t i = 0; i < c->signature_count; i++)
        free((void *)(uintptr_t)c->signature[i].semantic_name);
    free(c->signature);
    for (uint32_t s = 0; s < VF_MAX_INPUT_SLOTS; s++) {
        free(c->vb[s].bytes);
        free(c->vb[s].file);
    }
    free(c->ib.bytes);
    free(c->ib.file);
    vf_case_free_d3d11(c);
    vf_case_free_vulkan(c);
    vf_case_free_indirect(c);
    free(c->description);
    free(c->base_dir);
    memset(c, 0, sizeof(*c));
}

int vf_case_load_string(const char *json, size_t size, const char *base_dir,
                        struct vf_case *c, char *err, size_t err_size)
{
    struct vf_json_ctx x = { err, err_size, NULL, 0, 0 };
    json_object *root;
    int rc;

    if (err != NULL && err_size != 0)
        err[0] = '\0';
    memset(c, 0, sizeof(*c));
    if (json == NULL)
        return fail(&x, "", "no JSON text");
    if (size > INT_MAX)
        return fail(&x, "", "the case is larger than 2 GiB");
    if (base_dir != NULL) {
        c->base_dir = vf_json_strndup(base_dir, strlen(base_dir));
        if (c->base_dir == NULL)
            return fail(&x, "", "out of memory");
    }
    x.base_dir = c->base_dir;
    if (vf_json_parse(&x, json, size, &root) != 0) {
        vf_case_free(c);
        return -1;
    }
    rc = load_root(&x, root, c);
    json_object_put(root);
    if (rc != 0) {
        vf_json_finish(&x);
        vf_case_free(c);
    }
    return rc;
}

int vf_case_load(const char *path, struct vf_case *c, char *err, size_t err_size)
{
    struct vf_json_ctx x = { err, err_size, NULL, 0, 0 };
    uint8_t *text = NULL;
    size_t size = 0;
    char *dir;
    const char *slash;
    int err_no, rc;

    memset(c, 0, sizeof(*c));
    if (path == NULL)
        return fail(&x, "", "no case file");
    err_no = vf_read_file(path, VF_CASE_MAX_DATA_SIZE, &text, &size);
    if (err_no == EFBIG)
        return fail(&x, "", "the case file is larger than 1 GiB");
    if (err_no != 0)
        return fail(&x, "", "cannot read the case file: %s", strerror(err_no));
    slash = strrchr(path, '/');
    dir = slash != NULL ? vf_json_strndup(path, (size_t)(slash - path) + (slash == path)) :
                          vf_json_strndup(".", 1);
    if (dir == NULL) {
        free(text);
        return fail(&x, "", "out of memory");
    }
    rc = vf_case_load_string((const char *)text, size, dir, c, err, err_size);
    free(dir);
    free(text);
    return rc;
}
