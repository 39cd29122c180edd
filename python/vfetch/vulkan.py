"""A Vulkan case ("Api": "Vulkan") through the library's Vulkan front end
(vfetch_vulkan.h), as `vfetch run` draws it: the vertex input state
(vf_vk_vertex_input_create) and vkCmdDraw / vkCmdDrawIndexed (vf_vk_draw).
Registers are named by location ("location0"); the system register holds
gl_VertexIndex and gl_InstanceIndex."""
import ctypes

from . import _lib
from .errors import DrawError, LayoutError

u32, u64, c_ptr = ctypes.c_uint32, ctypes.c_uint64, ctypes.c_void_p
NUMERIC_UINT, NUMERIC_SINT = 4, 5


class _FormatDesc(ctypes.Structure):
    _fields_ = [("format", u32), ("name", ctypes.c_char_p), ("bytes", u32),
                ("num_components", u32), ("numeric", u32), ("bits", ctypes.c_uint8 * 4),
                ("shift", ctypes.c_uint8 * 4), ("locations", u32), ("required", ctypes.c_int),
                ("dxgi", u32)]


class _Options(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("features", u32),
                ("max_vertex_input_bindings", u32), ("max_vertex_input_attributes", u32),
                ("max_vertex_input_attribute_offset", u32),
                ("max_vertex_input_binding_stride", u32), ("max_vertex_attrib_divisor", u32),
                ("system_values", u32), ("output_shape", u32), ("isa", u32),
                ("generator", u32)]


class _VertexBinding(ctypes.Structure):
    _fields_ = [("data", c_ptr), ("size", u64), ("offset", u64)]


class _IndexBinding(ctypes.Structure):
    _fields_ = [("data", c_ptr), ("size", u64), ("offset", u64), ("index_type", u32)]


class _DrawDesc(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("vertex_buffers", ctypes.POINTER(_VertexBinding)),
                ("num_vertex_buffers", u32), ("index_buffer", ctypes.POINTER(_IndexBinding)),
                ("topology", u32), ("primitive_restart_enable", u32), ("indexed", u32),
                ("vertex_count", u32), ("instance_count", u32), ("first_vertex", u32),
                ("vertex_offset", ctypes.c_int32), ("first_instance", u32), ("pool", c_ptr)]


_SIGNATURES = {
    "vf_vk_format_info": (ctypes.POINTER(_FormatDesc), [u32]),
    "vf_vk_vertex_input_options_init": (None, [ctypes.POINTER(_Options)]),
    "vf_vk_vertex_input_create": (ctypes.c_int, [c_ptr, u32, c_ptr, u32, c_ptr, u32,
                                                 ctypes.POINTER(_Options), ctypes.POINTER(c_ptr),
                                                 ctypes.POINTER(_lib.Diagnostics)]),
    "vf_vk_vertex_input_destroy": (None, [c_ptr]),
    "vf_vk_vertex_input_layout": (c_ptr, [c_ptr]),
    "vf_vk_draw_desc_init": (None, [ctypes.POINTER(_DrawDesc)]),
    "vf_vk_draw": (ctypes.c_int, [c_ptr, ctypes.POINTER(_DrawDesc), c_ptr, ctypes.c_size_t,
                                  ctypes.POINTER(_lib.Diagnostics)]),
}
_declared = None


def _vk():
    global _declared
    lb = _lib.lib()
    if _declared is None:
        for name, (restype, argtypes) in _SIGNATURES.items():
            fn = getattr(lb, name)
            fn.restype, fn.argtypes = restype, argtypes
        _declared = lb
    return lb


def format_desc(value):
    """The library's description of a vertex VkFormat, or None."""
    p = _vk().vf_vk_format_info(value)
    return p.contents if p else None


def format_names():
    """Every vertex VkFormat's name, without VK_FORMAT_."""
    return [format_desc(v).name.decode() for v in range(0, 200) if format_desc(v)]


def format_value(name):
    """The VkFormat named `name` (with or without VK_FORMAT_), or None."""
    bare = name[10:] if name.startswith("VK_FORMAT_") else name
    for v in range(0, 200):
        d = format_desc(v)
        if d and d.name.decode() == bare:
            return v
    return None


def _entries(diag):
    return [(d.code, d.severity, d.element_index, d.message.decode("utf-8", "replace"))
            for d in diag.entries[:diag.count]]


class VulkanLayout:
    """A case's vertex input state compiled, with the engine layout it owns:
    .registers (location0, ..., then "system"), .record_words and
    .kernel_path, as Layout has them; generator=False keeps it on the
    per-element kernels."""

    def __init__(self, case, system_values, isa, generator=True):
        from .draw import Register, _isa_value, generator_value
        lb, vk = _vk(), case.vulkan
        arrays = []
        for items, n in ((vk.bindings, 3), (vk.attributes, 4), (vk.divisors, 2)):
            a = (u32 * max(n * len(items), 1))(*[x for t in items for x in t])
            arrays.append(a)
        opts = _Options()
        lb.vf_vk_vertex_input_options_init(ctypes.byref(opts))
        opts.features, opts.system_values, opts.isa = vk.features, system_values, _isa_value(isa)
        opts.generator = generator_value(generator)
        diag = _lib.Diagnostics()
        self._input = c_ptr()
        rc = lb.vf_vk_vertex_input_create(arrays[0], len(vk.bindings), arrays[1],
                                          len(vk.attributes), arrays[2], len(vk.divisors),
                                          ctypes.byref(opts), ctypes.byref(self._input),
                                          ctypes.byref(diag))
        entries = [(c, s, e, -1, m) for c, s, e, m in _entries(diag)]
        if rc != 0:
            msgs = ["%s: %s [%s, code %d]" % ("error" if s == 0 else "warning", m,
                                              _lib.result_string(c), c)
                    for c, s, _, _, m in entries]
            raise LayoutError(rc, "invalid vertex input state: %s [code %d]"
                              % (_lib.result_string(rc), rc), msgs, entries)
        self.warnings = [m for c, s, _, _, m in entries if s != 0]
        self._lib = lb
        self._handle = lb.vf_vk_vertex_input_layout(self._input)
        self.elements = []
        self.registers = self._describe(vk, Register)
        self.record_words = lb.vf_layout_record_size(self._handle) // 4

    @property
    def kernel_path(self):
        """Layout.kernel_path of the engine layout."""
        from .draw import kernel_path
        return kernel_path(self._lib, self._handle)

    def _describe(self, vk, register):
        """Each register: the engine's element registers are named by
        location (their semantic index), the last is the system register."""
        lb, h, regs = self._lib, self._handle, []
        n = lb.vf_layout_register_count(h)
        for r in range(n):
            ri = _lib.LayoutRegisterInfo()
            lb.vf_layout_register(h, r, ctypes.byref(ri))
            if ri.kind != _lib.VF_REGISTER_ELEMENT:
                regs.append(register("system", "uint", None, ri.kind, -1))
                continue
            ei = _lib.LayoutElementInfo()
            lb.vf_layout_element(h, ri.element_index, ctypes.byref(ei))
            loc = ei.semantic_index
            regs.append(register("location%d" % loc, _type(vk, loc), None, ri.kind,
                                 ri.element_index))
        return regs

    def __del__(self):
        h = getattr(self, "_input", None)
        if h:
            self._lib.vf_vk_vertex_input_destroy(h)
            self._input = None


def _type(vk, location):
    """How the shader reads `location`: 'uint' for UINT and 64-bit formats
    (two words a component), 'int' for SINT, else 'float'."""
    for loc, _, fmt, _ in vk.attributes:
        d = format_desc(fmt)
        if d and loc <= location < loc + d.locations:
            if d.bits[0] == 64 or d.numeric == NUMERIC_UINT:
                return "uint"
            return "int" if d.numeric == NUMERIC_SINT else "float"
    return "float"


def draw_desc(case, keep):
    """The case's vf_vk_draw_desc; its buffers are appended to `keep`,
    which must outlive the description."""
    lb, vk, d = _vk(), case.vulkan, case.draw
    vbs = (_VertexBinding * 32)()
    nbound = max(vk.vertex_buffers) + 1 if vk.vertex_buffers else 0
    for b, (ref, off) in vk.vertex_buffers.items():
        if ref is None:
            continue
        data = vk.buffers[ref]
        buf = ctypes.create_string_buffer(data, max(len(data), 1))
        keep.append(buf)
        vbs[b] = _VertexBinding(ctypes.cast(buf, c_ptr), len(data), off)
    ib = _IndexBinding()
    if vk.index_buffer is not None:
        ref, off, itype = vk.index_buffer
        ib.index_type = itype
        if ref is not None:
            data = vk.buffers[ref]
            buf = ctypes.create_string_buffer(data, max(len(data), 1))
            keep.append(buf)
            ib.data, ib.size, ib.offset = ctypes.cast(buf, c_ptr), len(data), off
    desc = _DrawDesc()
    lb.vf_vk_draw_desc_init(ctypes.byref(desc))
    desc.vertex_buffers, desc.num_vertex_buffers = vbs, nbound
    desc.index_buffer = ctypes.pointer(ib) if vk.index_buffer is not None else None
    desc.topology, desc.primitive_restart_enable = vk.topology, vk.primitive_restart
    desc.indexed, desc.vertex_count = d.indexed, d.vertex_count_per_instance
    desc.instance_count, desc.first_vertex = d.instance_count, d.start_location
    desc.vertex_offset, desc.first_instance = d.base_vertex_location, d.start_instance_location
    return desc


def draw(case, layout, out, size):
    """vf_vk_draw of the case into `out`; the diagnostics' entries. Raises
    DrawError with each error (its VUID) in the message."""
    keep = []
    return draw_with(layout, draw_desc(case, keep), out, size)


def draw_with(layout, desc, out, size, ok=(0,)):
    """vf_vk_draw of vf_vk_draw_desc `desc`; the diagnostics' entries.
    DrawError unless the result is one of `ok`."""
    diag = _lib.Diagnostics()
    rc = _vk().vf_vk_draw(layout._input, ctypes.byref(desc), out, size, ctypes.byref(diag))
    entries = _entries(diag)
    if rc not in ok:
        errors = "; ".join(m for c, s, e, m in entries if s == 0)
        raise DrawError(rc, "invalid draw: %s [code %d]%s" % (_lib.result_string(rc), rc,
                                                              ": " + errors if errors else ""))
    return entries


def register_slots(case, ref):
    """compare's view of each data register of a Vulkan case's records:
    (name, [(memory type, bits)] * 4, format name, 1 for INSTANCE rate)."""
    from .formats import TYPE_FLOAT, TYPE_SINT, TYPE_SNORM, TYPE_UFLOAT, TYPE_UINT, TYPE_UNORM
    types = {0: TYPE_UNORM, 1: TYPE_SNORM, 2: TYPE_UINT, 3: TYPE_UINT, 4: TYPE_UINT,
             5: TYPE_SINT, 6: TYPE_FLOAT, 7: TYPE_UFLOAT, 8: TYPE_UNORM}
    vk, out = case.vulkan, []
    rates = {b: r for b, _, r in vk.bindings}
    for reg in ref.register_info[:-1]:
        loc = int(reg.name[8:]) if reg.name.startswith("location") else -1
        attr = [a for a in vk.attributes if format_desc(a[2]) and
                a[0] <= loc < a[0] + format_desc(a[2]).locations]
        if not attr:
            out.append((reg.name, None, "", 0))
            continue
        d = format_desc(attr[0][2])
        comps = [(0, 0) if d.bits[c] == 0 else (TYPE_UINT, 32) if d.bits[c] == 64
                 else (types.get(d.numeric, TYPE_UINT), d.bits[c]) for c in range(4)]
        out.append((reg.name, comps, d.name.decode(), rates.get(attr[0][1], 0)))
    return out
