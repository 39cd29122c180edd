"""ctypes declarations of libvfetch (include/vfetch.h, include/vfetch_d3d11.h)
and the loader.

Where the library is loaded from, the first that exists:
  1. VFETCH_LIBRARY, a path (a build tree's .libs/libvfetch.so, say);
  2. libvfetch.so.0 inside the package, the copy a pip install from a built
     tree puts there (python/vfetch_build.py);
  3. LIBDIR/libvfetch.so.0, LIBDIR the library directory `make install`
     installed the library to, recorded beside the package (_installed.py);
  4. libvfetch.so.0 through the dynamic loader's search (ld.so.conf,
     LD_LIBRARY_PATH).
"""
import ctypes
import os

SONAME = "libvfetch.so.0"

u8 = ctypes.c_uint8
u32 = ctypes.c_uint32
i32 = ctypes.c_int32
c_str = ctypes.c_char_p
c_ptr = ctypes.c_void_p

# The constants of the headers that the package uses, by value; the
# layout test (tests/python/test_abi.py) checks every VF_ name here.
VF_FORMAT_R32_UINT, VF_FORMAT_R16_UINT = 42, 57
VF_ERROR_NULL_POINTER, VF_ERROR_OVERFLOW, VF_ERROR_OUTPUT_TOO_SMALL = 1, 4, 5
VF_MAX_DIAGNOSTICS = 128
VF_DIAGNOSTIC_MESSAGE_SIZE = 240
VF_APPEND_ALIGNED_ELEMENT = 0xFFFFFFFF
VF_GENERATOR_AUTO, VF_GENERATOR_OFF = 0, 1
VF_DEFAULT_COMPONENT_MAPPING = 0x1688
VF_COMPONENT_MAPPING_ALWAYS_SET_BIT = 0x1000
VF_INPUT_PER_VERTEX_DATA, VF_INPUT_PER_INSTANCE_DATA = 0, 1
VF_MAX_INPUT_SLOTS = 32
VF_REGISTER_COMPONENT_UNKNOWN = 0
VF_SV_VERTEX_ID, VF_SV_INSTANCE_ID, VF_SV_FLAGS = 1, 2, 4
VF_FLAG_STRIP_CUT = 1
VF_REGISTER_ELEMENT, VF_REGISTER_VERTEX_ID, VF_REGISTER_INSTANCE_ID, VF_REGISTER_SYSTEM = 0, 1, 2, 3
VF_STRIP_CUT_VALUE_DISABLED, VF_STRIP_CUT_VALUE_0xFFFF, VF_STRIP_CUT_VALUE_0xFFFFFFFF = 0, 1, 2
VF_TOPOLOGY_UNDEFINED, VF_TOPOLOGY_TRIANGLELIST = 0, 4
VF_FEATURE_LEVEL_10_1, VF_FEATURE_LEVEL_11_0 = 0xA100, 0xB000
VF_D3D11_SLOTS_BELOW_10_1, VF_D3D11_MAX_INPUT_SLOTS = 16, 32
VF_REUSE_CUT = 0xFFFFFFFF


class FormatDesc(ctypes.Structure):
    _fields_ = [("format", u32), ("name", c_str), ("bytes", u32), ("num_components", u32),
                ("bits", u8 * 4), ("shift", u8 * 4), ("type", u8 * 4), ("ia_support", u32)]


class InputElementDesc(ctypes.Structure):
    _fields_ = [("semantic_name", c_str), ("semantic_index", u32), ("format", u32),
                ("input_slot", u32), ("aligned_byte_offset", u32), ("input_slot_class", u32),
                ("instance_data_step_rate", u32)]


class SignatureElement(ctypes.Structure):
    _fields_ = [("semantic_name", c_str), ("semantic_index", u32), ("register_index", u32),
                ("mask", u32), ("component_type", u32)]


class LayoutOptions(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("component_mappings", ctypes.POINTER(u32)),
                ("max_input_slots", u32), ("signature", ctypes.POINTER(SignatureElement)),
                ("signature_count", u32), ("system_values", u32), ("output_shape", u32),
                ("isa", u32), ("generator", u32)]


class KernelPathInfo(ctypes.Structure):
    _fields_ = [("path", ctypes.c_int), ("reason", c_str), ("slots", u32),
                ("generated_slots", u32), ("code_bytes", u32), ("generation_ns", ctypes.c_uint64),
                ("quad_slots", u32), ("line_slots", u32), ("soa_slots", u32)]


class Diagnostic(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("severity", u32), ("element_index", i32),
                ("signature_index", i32), ("message", ctypes.c_char * VF_DIAGNOSTIC_MESSAGE_SIZE)]


class Diagnostics(ctypes.Structure):
    _fields_ = [("count", u32), ("num_errors", u32), ("num_warnings", u32), ("num_dropped", u32),
                ("entries", Diagnostic * VF_MAX_DIAGNOSTICS)]


class LayoutElementInfo(ctypes.Structure):
    _fields_ = [("semantic_name", c_str), ("semantic_index", u32), ("format", u32),
                ("input_slot", u32), ("byte_offset", u32), ("input_slot_class", u32),
                ("instance_data_step_rate", u32), ("component_mapping", u32),
                ("record_register", i32)]


class LayoutRegisterInfo(ctypes.Structure):
    _fields_ = [("kind", u32), ("element_index", i32), ("shader_register", u32)]


class VertexBufferView(ctypes.Structure):
    _fields_ = [("data", c_ptr), ("size_in_bytes", u32), ("stride_in_bytes", u32)]


class IndexBufferView(ctypes.Structure):
    _fields_ = [("data", c_ptr), ("size_in_bytes", u32), ("format", u32)]


class DrawDesc(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("vertex_buffers", ctypes.POINTER(VertexBufferView)),
                ("num_vertex_buffers", u32), ("indexed", u32),
                ("index_buffer", ctypes.POINTER(IndexBufferView)), ("strip_cut_value", u32),
                ("primitive_topology", u32), ("vertex_count_per_instance", u32),
                ("instance_count", u32), ("start_location", u32), ("base_vertex_location", i32),
                ("start_instance_location", u32), ("pool", c_ptr)]


class PrimitiveCursor(ctypes.Structure):
    _fields_ = [("next_primitive", u32), ("internal_", u32 * 7)]
class PipelineStatistics(ctypes.Structure):
    _fields_ = [("ia_vertices", ctypes.c_uint64), ("ia_vertices_min", ctypes.c_uint64),
                ("ia_primitives", ctypes.c_uint64), ("vs_invocations_min", ctypes.c_uint64),
                ("vs_invocations_max", ctypes.c_uint64)]


class BufferDesc(ctypes.Structure):
    _fields_ = [("byte_width", u32), ("usage", u32), ("bind_flags", u32),
                ("cpu_access_flags", u32), ("misc_flags", u32), ("structure_byte_stride", u32)]


class SubresourceData(ctypes.Structure):
    _fields_ = [("sys_mem", c_ptr), ("sys_mem_pitch", u32), ("sys_mem_slice_pitch", u32)]


class D3D11VertexBinding(ctypes.Structure):
    _fields_ = [("buffer", c_ptr), ("stride", u32), ("offset", u32)]


class D3D11IAState(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("feature_level", u32), ("num_slots", u32),
                ("input_layout", c_ptr), ("primitive_topology", u32),
                ("vertex_buffers", D3D11VertexBinding * VF_D3D11_MAX_INPUT_SLOTS), ("index_buffer", c_ptr),
                ("index_format", u32), ("index_offset", u32), ("pool", c_ptr)]


class D3D11DrawViews(ctypes.Structure):
    _fields_ = [("desc", DrawDesc), ("layout", c_ptr),
                ("vertex_buffers", VertexBufferView * VF_D3D11_MAX_INPUT_SLOTS),
                ("index_buffer", IndexBufferView)]


_P = ctypes.POINTER
_DIAG = _P(Diagnostics)
_OUT = [c_ptr, ctypes.c_size_t, _DIAG]

_SIGNATURES = {
    "vf_version": (c_str, []),
    "vf_result_string": (c_str, [ctypes.c_int]),
    "vf_format_info": (ctypes.POINTER(FormatDesc), [u32]),
    "vf_format_from_name": (ctypes.c_int, [c_str, ctypes.POINTER(u32)]),
    "vf_format_count": (u32, []),
    "vf_format_info_at": (ctypes.POINTER(FormatDesc), [u32]),
    "vf_decode_element": (ctypes.c_int, [u32, c_ptr, u32, ctypes.POINTER(u32 * 4)]),
    "vf_isa_from_name": (ctypes.c_int, [c_str, ctypes.POINTER(u32)]),
    "vf_layout_options_init": (None, [ctypes.POINTER(LayoutOptions)]),
    "vf_layout_create": (ctypes.c_int, [ctypes.POINTER(InputElementDesc), u32,
                                        ctypes.POINTER(LayoutOptions), ctypes.POINTER(c_ptr),
                                        ctypes.POINTER(Diagnostics)]),
    "vf_layout_destroy": (None, [c_ptr]),
    "vf_layout_element_count": (u32, [c_ptr]),
    "vf_layout_element": (ctypes.c_int, [c_ptr, u32, ctypes.POINTER(LayoutElementInfo)]),
    "vf_layout_register_count": (u32, [c_ptr]),
    "vf_layout_register": (ctypes.c_int, [c_ptr, u32, ctypes.POINTER(LayoutRegisterInfo)]),
    "vf_layout_record_size": (ctypes.c_size_t, [c_ptr]),
    "vf_layout_kernel_path": (ctypes.c_int, [c_ptr, ctypes.POINTER(KernelPathInfo)]),
    "vf_kernel_path_name": (c_str, [ctypes.c_int]),
    "vf_draw_desc_init": (None, [ctypes.POINTER(DrawDesc)]),
    "vf_draw_output_size": (ctypes.c_int, [c_ptr, u32, u32, ctypes.POINTER(ctypes.c_size_t)]),
    "vf_draw": (ctypes.c_int, [c_ptr, ctypes.POINTER(DrawDesc), c_ptr, ctypes.c_size_t]),
    "vf_draw_ex": (ctypes.c_int, [c_ptr, ctypes.POINTER(DrawDesc), c_ptr, ctypes.c_size_t,
                                  _DIAG]),
    "vf_d3d12_message_id": (u32, [ctypes.c_int]),
    "vf_d3d12_message_id_name": (c_str, [u32]),
    "vf_d3d11_message_id": (u32, [ctypes.c_int]),
    "vf_d3d11_message_id_name": (c_str, [u32]),
    "vf_primitive_count": (ctypes.c_int, [_P(DrawDesc), _P(u32), _P(u32), _P(ctypes.c_size_t)]),
    "vf_draw_primitives": (ctypes.c_int, [_P(DrawDesc), u32, _P(u32), ctypes.c_size_t, _P(u32)]),
    "vf_primitive_cursor_init": (ctypes.c_int, [_P(DrawDesc), _P(PrimitiveCursor)]),
    "vf_draw_primitives_next": (ctypes.c_int, [_P(DrawDesc), _P(PrimitiveCursor), _P(u32),
                                               ctypes.c_size_t, _P(u32)]),
    "vf_draw_reuse_scratch_size": (ctypes.c_int, [c_ptr, _P(DrawDesc), _P(ctypes.c_size_t)]),
    "vf_draw_reuse": (ctypes.c_int, [c_ptr, _P(DrawDesc), c_ptr, ctypes.c_size_t, c_ptr,
                                     ctypes.c_size_t, _P(u32), ctypes.c_size_t, _P(u32)]),
    "vf_reuse_map_scratch_size": (ctypes.c_int, [c_ptr, _P(DrawDesc), _P(ctypes.c_size_t)]),
    "vf_reuse_map": (ctypes.c_int, [c_ptr, _P(DrawDesc), c_ptr, ctypes.c_size_t, _P(u32),
                                    ctypes.c_size_t, _P(u32), ctypes.c_size_t, _P(u32)]),
    "vf_reuse_records_desc": (ctypes.c_int, [_P(DrawDesc), _P(u32), u32, _P(IndexBufferView),
                                             _P(DrawDesc)]),
    "vf_draw_statistics_scratch_size": (ctypes.c_int, [_P(DrawDesc), _P(ctypes.c_size_t)]),
    "vf_draw_statistics": (ctypes.c_int, [_P(DrawDesc), c_ptr, ctypes.c_size_t,
                                          _P(PipelineStatistics)]),
    # vfetch_d3d11.h
    "vf_buffer_create": (ctypes.c_int, [_P(BufferDesc), _P(SubresourceData), u32, _P(c_ptr),
                                        _DIAG]),
    "vf_buffer_destroy": (None, [c_ptr]),
    "vf_d3d11_ia_state_init": (ctypes.c_int, [_P(D3D11IAState), u32]),
    "vf_d3d11_ia_set_vertex_buffers": (ctypes.c_int, [_P(D3D11IAState), u32, u32, _P(c_ptr),
                                                      _P(u32), _P(u32), _DIAG]),
    "vf_d3d11_ia_set_index_buffer": (ctypes.c_int, [_P(D3D11IAState), c_ptr, u32, u32, _DIAG]),
    "vf_d3d11_ia_set_primitive_topology": (ctypes.c_int, [_P(D3D11IAState), u32, _DIAG]),
    "vf_d3d11_ia_set_input_layout": (ctypes.c_int, [_P(D3D11IAState), c_ptr, _DIAG]),
    "vf_d3d11_prepare_draw": (ctypes.c_int, [_P(D3D11IAState), ctypes.c_int, u32, u32, u32, i32,
                                             u32, _P(D3D11DrawViews), _DIAG]),
    "vf_d3d11_primitive_count": (ctypes.c_int, [_P(D3D11IAState), ctypes.c_int, u32, u32,
                                                _P(u32), _P(u32)]),
    "vf_d3d11_draw_primitives": (ctypes.c_int, [_P(D3D11IAState), ctypes.c_int, u32, u32, u32,
                                                _P(u32), ctypes.c_size_t, _P(u32)]),
    "vf_d3d11_primitive_cursor_init": (ctypes.c_int, [_P(D3D11IAState), ctypes.c_int, u32, u32,
                                                      _P(PrimitiveCursor)]),
    "vf_d3d11_draw_primitives_next": (ctypes.c_int, [_P(D3D11IAState), ctypes.c_int, u32, u32,
                                                     _P(PrimitiveCursor), _P(u32),
                                                     ctypes.c_size_t, _P(u32)]),
    "vf_d3d11_draw_statistics_scratch_size": (ctypes.c_int, [_P(D3D11IAState), ctypes.c_int, u32,
                                                             u32, _P(ctypes.c_size_t)]),
    "vf_d3d11_draw_statistics": (ctypes.c_int, [_P(D3D11IAState), ctypes.c_int, u32, u32, u32,
                                                c_ptr, ctypes.c_size_t, _P(PipelineStatistics)]),
    "vf_d3d11_draw": (ctypes.c_int, [_P(D3D11IAState), u32, u32] + _OUT),
    "vf_d3d11_draw_indexed": (ctypes.c_int, [_P(D3D11IAState), u32, u32, i32] + _OUT),
    "vf_d3d11_draw_instanced": (ctypes.c_int, [_P(D3D11IAState), u32, u32, u32, u32] + _OUT),
    "vf_d3d11_draw_indexed_instanced": (ctypes.c_int, [_P(D3D11IAState), u32, u32, u32, i32,
                                                       u32] + _OUT),
    "vf_d3d11_draw_instanced_indirect": (ctypes.c_int, [_P(D3D11IAState), c_ptr, u32] + _OUT),
    "vf_d3d11_draw_indexed_instanced_indirect": (ctypes.c_int, [_P(D3D11IAState), c_ptr, u32]
                                                 + _OUT),
    "vf_d3d11_draw_auto": (ctypes.c_int, [_P(D3D11IAState), u32] + _OUT),
}

_lib = None


def candidates():
    """The paths lib() tries, in order (see the module's docstring)."""
    env = os.environ.get("VFETCH_LIBRARY")
    if env:
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    out = [p for p in (os.path.join(here, SONAME), _installed_library()) if p and os.path.exists(p)]
    return out + [SONAME]


def _installed_library():
    try:
        from ._installed import LIBDIR
    except ImportError:  # not installed by make install
        return None
    return os.path.join(LIBDIR, SONAME)


def lib():
    """The loaded library, its functions declared (loaded on first use)."""
    global _lib
    if _lib is None:
        paths = candidates()
        try:
            handle = ctypes.CDLL(paths[0])
        except OSError as e:
            raise ImportError(
                "vfetch: cannot load %s (%s); install vfetch, or pip install the package from a "
                "built tree, or set VFETCH_LIBRARY to the path of libvfetch.so" % (paths[0], e)) \
                from None
        for name, (restype, argtypes) in _SIGNATURES.items():
            fn = getattr(handle, name)
            fn.restype = restype
            fn.argtypes = argtypes
        _lib = handle
    return _lib


def result_string(code):
    return lib().vf_result_string(code).decode()


def diagnostic_dicts(entries, d3d11):
    """(code, severity, element, message) entries as the CLI's json
    "diagnostics": severity, code, MessageID (the debug layer's name, or
    None), the ID number under D3D12MessageID or D3D11MessageID, element
    (the layout element's index, -1 for none) and message."""
    lb = lib()
    out = []
    for code, severity, element, message in entries:
        num = lb.vf_d3d11_message_id(code) if d3d11 else lb.vf_d3d12_message_id(code)
        name = lb.vf_d3d11_message_id_name(num) if d3d11 else lb.vf_d3d12_message_id_name(num)
        out.append({"severity": "error" if severity == 0 else "warning", "code": code,
                    "MessageID": name.decode() if name else None,
                    "D3D11MessageID" if d3d11 else "D3D12MessageID": num, "element": element,
                    "message": message})
    return out
