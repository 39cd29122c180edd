/*
 * message_ids.c - the D3D12 and D3D11 debug layers' message IDs for
 * vfetch's results, and their names, all from one table (message_ids.def).
 */
#include <stddef.h>

#include "vf_internal.h"
#include "vfetch_d3d11.h"
#include "vfetch_indirect.h"

enum { VF_D3D12, VF_D3D11, VF_APIS };

struct vf_message_row {
    vf_result code;
    uint32_t id[VF_APIS];     /* VF_D3D1x_MESSAGE_ID_UNKNOWN (0): none */
    const char *name[VF_APIS];
};

static const struct vf_message_row rows[] = {
#define VF_MESSAGE_ID(code, d3d12, d3d11) \
    { code, { VF_D3D12_MESSAGE_ID_##d3d12, VF_D3D11_MESSAGE_ID_##d3d11 }, { #d3d12, #d3d11 } },
#include "message_ids.def"
#undef VF_MESSAGE_ID
};

static uint32_t message_id(int api, vf_result code)
{
    for (size_t i = 0; i < VF_ARRAY_LEN(rows); i++)
        if (rows[i].code == code)
            return rows[i].id[api];
    return 0; /* UNKNOWN */
}

/* UNKNOWN (0) has no name, like any ID not in the table. */
_Static_assert(VF_D3D12_MESSAGE_ID_UNKNOWN == 0 && VF_D3D11_MESSAGE_ID_UNKNOWN == 0,
               "UNKNOWN is 0 in both APIs");
static const char *message_id_name(int api, uint32_t id)
{
    for (size_t i = 0; id != 0 && i < VF_ARRAY_LEN(rows); i++)
        if (rows[i].id[api] == id)
            return rows[i].name[api];
    return NULL;
}

uint32_t vf_d3d12_message_id(vf_result code)
{
    return message_id(VF_D3D12, code);
}

const char *vf_d3d12_message_id_name(uint32_t id)
{
    return message_id_name(VF_D3D12, id);
}

uint32_t vf_d3d11_message_id(vf_result code)
{
    return message_id(VF_D3D11, code);
}

const char *vf_d3d11_message_id_name(uint32_t id)
{
    return message_id_name(VF_D3D11, id);
}
