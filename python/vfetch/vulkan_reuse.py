"""Vertex reuse for a Vulkan case ("Api": "Vulkan"), the counterpart of
vf_reuse_map + vf_reuse_records_desc for D3D: the distinct indices of a
vkCmdDrawIndexed in the order positions first use them (a restart index,
all ones of the index type with primitiveRestartEnable, is a cut), the map
from positions to them, and their records drawn once each by vf_vk_draw
through a UINT32 index buffer of the distinct indices with the same
vertexOffset and firstInstance, so that gl_VertexIndex = index +
vertexOffset as in the per-position draw."""
import ctypes

from . import _lib
from .vulkan import _IndexBinding, draw_desc, draw_with

INDEX_SIZES = {0: 2, 1: 4}  # VK_INDEX_TYPE_UINT16, _UINT32; UINT8 below
UINT32 = 1


def index_size(index_type):
    """Bytes an index of `index_type` takes (UINT8 1)."""
    from .case_vulkan import INDEX_TYPE_UINT8
    return 1 if index_type == INDEX_TYPE_UINT8 else INDEX_SIZES[index_type]


def indices(case):
    """The raw index of every position of one instance, and which are
    restart indices (None for vkCmdDraw). Read as vf_vk_draw reads them:
    from the bound offset, at byte (firstIndex + i) * size modulo 2^32, 0
    past the buffer's end."""
    vk, d = case.vulkan, case.draw
    ref, offset, itype = vk.index_buffer
    size = index_size(itype)
    data = memoryview(vk.buffers[ref])[offset:]
    restart = (1 << 8 * size) - 1 if vk.primitive_restart else None
    out = []
    for i in range(d.vertex_count_per_instance):
        byte = (d.start_location + i) * size & 0xFFFFFFFF
        index = int.from_bytes(data[byte:byte + size], "little") \
            if byte + size <= len(data) else 0
        out.append(index)
    return out, restart


def reuse_map(positions, restart):
    """(remap, distinct): remap[p] the number of position p's index among
    the distinct ones (first use order), -1 for a restart index."""
    seen, distinct, remap = {}, [], []
    for index in positions:
        if index == restart:
            remap.append(-1)
            continue
        if index not in seen:
            seen[index] = len(distinct)
            distinct.append(index)
        remap.append(seen[index])
    return remap, distinct


def records_desc(case, distinct, keep):
    """The case's vf_vk_draw_desc drawing each of `distinct` once: a UINT32
    index buffer of them from firstIndex 0, restart off (a UINT32 index of
    all ones among them is a vertex), vertexOffset, firstInstance and the
    instances as the case's."""
    desc = draw_desc(case, keep)
    buf = (ctypes.c_uint32 * max(len(distinct), 1))(*distinct)
    ib = _IndexBinding(ctypes.cast(buf, ctypes.c_void_p), 4 * max(len(distinct), 1), 0, UINT32)
    keep += [buf, ib]
    desc.index_buffer = ctypes.pointer(ib)
    desc.indexed, desc.vertex_count, desc.first_vertex = 1, len(distinct), 0
    desc.primitive_restart_enable = 0
    return desc


def check(case, layout):
    """The case's draw checked as vf_vk_draw checks it (every VUID), with
    nothing drawn: DrawError when the per-position draw would fail."""
    keep = []
    ok = (0, _lib.VF_ERROR_NULL_POINTER, _lib.VF_ERROR_OUTPUT_TOO_SMALL)
    draw_with(layout, draw_desc(case, keep), None, 0, ok)
