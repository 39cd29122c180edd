"""The primitives and pipeline statistics of a Vulkan case
(vf_vk_primitive_count, vf_vk_draw_primitives, vf_vk_pipeline_statistics_get;
docs/d3d-ia-rules.md sections 18.5-18.7)."""
import ctypes

from . import _lib
from .errors import DrawError
from .vulkan import _DrawDesc, _vk, draw_desc

FIRST_VERTEX, LAST_VERTEX = 0, 1
u32, c_ptr = ctypes.c_uint32, ctypes.c_void_p


class _Statistics(ctypes.Structure):
    _fields_ = [(n, ctypes.c_uint64) for n in (
        "ia_vertices_min", "ia_vertices_max", "ia_primitives_min", "ia_primitives_max",
        "vs_invocations_min", "vs_invocations_max")]


_SIGNATURES = {
    "vf_vk_primitive_count": (ctypes.c_int, [c_ptr, ctypes.POINTER(_DrawDesc), u32,
                                             ctypes.POINTER(u32), ctypes.POINTER(u32), c_ptr]),
    "vf_vk_draw_primitives": (ctypes.c_int, [c_ptr, ctypes.POINTER(_DrawDesc), u32, u32, u32,
                                             ctypes.POINTER(u32), ctypes.c_size_t,
                                             ctypes.POINTER(u32), ctypes.POINTER(u32)]),
    "vf_vk_pipeline_statistics_get": (ctypes.c_int, [c_ptr, ctypes.POINTER(_DrawDesc), u32,
                                                     ctypes.POINTER(_Statistics)]),
}


def _lib_vk():
    lb = _vk()
    for name, (restype, argtypes) in _SIGNATURES.items():
        fn = getattr(lb, name)
        fn.restype, fn.argtypes = restype, argtypes
    return lb


def _check(rc, what):
    if rc != 0:
        raise DrawError(rc, "%s: %s [code %d]" % (what, _lib.result_string(rc), rc))


def primitives(case, layout, provoking_vertex_mode=None, patch_control_points=None):
    """(vertices per primitive, the list's words, each primitive's provoking
    position or 0xFFFFFFFF for patches) of one instance; the mode and the
    control points are the case's (provokingVertexMode,
    patchControlPoints) unless given."""
    vk = case.vulkan
    if provoking_vertex_mode is None:
        provoking_vertex_mode = vk.provoking_mode
    if patch_control_points is None:
        patch_control_points = vk.patch_control_points
    lb, keep = _lib_vk(), []
    desc = ctypes.byref(draw_desc(case, keep))
    count, vpp = u32(), u32()
    _check(lb.vf_vk_primitive_count(layout._input, desc, patch_control_points,
                                    ctypes.byref(count), ctypes.byref(vpp), None),
           "primitive count")
    words = count.value * vpp.value
    if words * 4 > 1 << 30:
        raise DrawError(1, "primitive list: %d words is more than vfetch allocates" % words)
    out, prov = (u32 * max(words, 1))(), (u32 * max(count.value, 1))()
    written = u32()
    _check(lb.vf_vk_draw_primitives(layout._input, desc, provoking_vertex_mode,
                                    patch_control_points, 0, out, words, prov,
                                    ctypes.byref(written)), "primitive list")
    return vpp.value, list(out)[:words], list(prov)[:count.value]


def statistics(case, layout, patch_control_points=None):
    """The pipeline statistics of the whole draw as {name: (min, max)};
    patch_control_points: the case's unless given."""
    if patch_control_points is None:
        patch_control_points = case.vulkan.patch_control_points
    lb, keep = _lib_vk(), []
    s = _Statistics()
    _check(lb.vf_vk_pipeline_statistics_get(layout._input, ctypes.byref(draw_desc(case, keep)),
                                            patch_control_points, ctypes.byref(s)),
           "pipeline statistics")
    return {"input_assembly_vertices": (s.ia_vertices_min, s.ia_vertices_max),
            "input_assembly_primitives": (s.ia_primitives_min, s.ia_primitives_max),
            "vertex_shader_invocations": (s.vs_invocations_min, s.vs_invocations_max)}


def pieces(case, layout, chunk):
    """(first primitive, vertices per primitive, words, provoking positions)
    for pieces of at most `chunk` primitives of one instance's list, in
    order, in the case's provokingVertexMode and patchControlPoints."""
    lb, keep, vk = _lib_vk(), [], case.vulkan
    desc = ctypes.byref(draw_desc(case, keep))
    count, vpp = u32(), u32()
    _check(lb.vf_vk_primitive_count(layout._input, desc, vk.patch_control_points,
                                    ctypes.byref(count), ctypes.byref(vpp), None),
           "primitive count")
    n, first, written = vpp.value, 0, u32()
    out, prov = (u32 * max(chunk * n, 1))(), (u32 * max(chunk, 1))()
    while first < count.value:
        _check(lb.vf_vk_draw_primitives(layout._input, desc, vk.provoking_mode,
                                        vk.patch_control_points, first, out, chunk * n, prov,
                                        ctypes.byref(written)), "primitive list")
        yield first, n, list(out)[:written.value * n], list(prov)[:written.value]
        first += written.value
