"""The values out-of-bounds reads may take under D3D's rule or one of
Vulkan's robustness modes (vfetch_robust.h, docs/d3d-ia-rules.md section
17; for "Api": "Vulkan" cases vfetch_vulkan.h by location, section 17.8),
through the library: what `vfetch compare --robustness` holds an
out-of-bounds word against, and the list of a case's out-of-bounds sets."""
import ctypes

from . import _lib
from .errors import DrawError

MODES = ("d3d", "robustness2", "robust-buffer-access", "attribute-robustness")
REASONS = ("in-bounds", "outside", "stride-rounding", "same-binding", "unbound", "index-past")
_u32 = ctypes.c_uint32


class RobustSet(ctypes.Structure):
    """== vf_robust_set."""
    _fields_ = [(n, _u32) for n in ("instance", "position", "reg", "component", "reason", "allow",
                                     "exact", "one", "max_int", "slot", "format", "source",
                                     "range_bytes", "align")]


class VulkanRobustSet(ctypes.Structure):
    """== vf_vk_robust_set."""
    _fields_ = [(n, _u32) for n in ("instance", "position", "location", "component", "reg",
                                     "reason", "allow", "exact", "one", "max_int", "binding",
                                     "format", "source", "align")] + [("range_bytes",
                                                                       ctypes.c_uint64)]


_VK_SET = ctypes.POINTER(VulkanRobustSet)
_SIGNATURES = {
    "vf_robust_set_at": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(_lib.DrawDesc), _u32,
                                        _u32, _u32, _u32, _u32, ctypes.POINTER(RobustSet)]),
    "vf_robust_allows": (ctypes.c_int, [ctypes.POINTER(_lib.DrawDesc), ctypes.POINTER(RobustSet),
                                        _u32, ctypes.POINTER(ctypes.c_int)]),
    "vf_robust_describe": (ctypes.c_size_t, [ctypes.POINTER(RobustSet), ctypes.c_void_p,
                                             ctypes.c_size_t]),
    "vf_robust_count": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(_lib.DrawDesc), _u32,
                                       ctypes.POINTER(ctypes.c_uint64)]),
    "vf_robust_list": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(_lib.DrawDesc), _u32,
                                      ctypes.c_uint64, ctypes.POINTER(RobustSet), ctypes.c_size_t,
                                      ctypes.POINTER(ctypes.c_size_t)]),
    "vf_vk_robust_set_at": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p, _u32, _u32, _u32,
                                           _u32, _u32, _VK_SET]),
    "vf_vk_robust_allows": (ctypes.c_int, [ctypes.c_void_p, _VK_SET, _u32,
                                           ctypes.POINTER(ctypes.c_int)]),
    "vf_vk_robust_describe": (ctypes.c_size_t, [_VK_SET, ctypes.c_void_p, ctypes.c_size_t]),
    "vf_vk_robust_count": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p, _u32,
                                          ctypes.POINTER(ctypes.c_uint64)]),
    "vf_vk_robust_list": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p, _u32, ctypes.c_uint64,
                                         _VK_SET, ctypes.c_size_t,
                                         ctypes.POINTER(ctypes.c_size_t)]),
    "vf_vk_vertex_input_register_location": (ctypes.c_int, [ctypes.c_void_p, _u32,
                                                            ctypes.POINTER(_u32)]),
}


def _fn(name):
    fn = getattr(_lib.lib(), name)
    fn.restype, fn.argtypes = _SIGNATURES[name]
    return fn


def mode_number(mode):
    """The vf_robust_mode of a name (MODES) or number; ValueError if none."""
    if isinstance(mode, str) and mode in MODES:
        return MODES.index(mode)
    if isinstance(mode, int) and not isinstance(mode, bool) and 0 <= mode < len(MODES):
        return mode
    raise ValueError("unknown robustness mode %r (%s)" % (mode, ", ".join(MODES)))


def _raise(rc):
    if rc != 0:
        raise DrawError(rc, "out-of-bounds sets: %s [code %d]" % (_lib.result_string(rc), rc))


def _text(describe, s):
    buf = ctypes.create_string_buffer(192)
    describe(ctypes.byref(s), buf, len(buf))
    return buf.value.decode()


class RobustCheck:
    """Holds captured words of one draw (a compiled layout handle and a
    vf_draw_desc, kept alive by the caller) against their sets, counting
    the out-of-bounds ones: .exact (vfetch's word), .within (another word
    of the set), .outside."""

    _prefix = "vf_robust_"

    def __init__(self, layout_handle, desc, mode):
        self.mode = mode_number(mode)
        self._layout, self._desc = layout_handle, desc
        self.exact = self.within = self.outside = 0
        self._set_at, self._allows = _fn(self._prefix + "set_at"), _fn(self._prefix + "allows")
        self._describe = _fn(self._prefix + "describe")

    def _place(self, reg):
        """The register or location the library's set_at takes."""
        return reg

    def _new_set(self):
        return RobustSet()

    def check(self, instance, position, reg, comp, expected, got):
        """None for an in-bounds place; else (kind, reason, set text), kind
        one of "exact", "within", "outside"."""
        s = self._new_set()
        ok = ctypes.c_int()
        rc = self._set_at(self._layout, ctypes.byref(self._desc), self.mode, instance, position,
                          self._place(reg), comp, ctypes.byref(s))
        if rc == 0:
            rc = self._allows(ctypes.byref(self._desc), ctypes.byref(s), got, ctypes.byref(ok))
        _raise(rc)
        if s.reason == 0:
            return None
        kind = "outside" if not ok.value else "exact" if got == expected else "within"
        setattr(self, kind, getattr(self, kind) + 1)
        return kind, REASONS[s.reason] if s.reason < len(REASONS) else "unknown", _text(
            self._describe, s)

    def as_json(self):
        """The "robustness" object of `vfetch compare --output json`."""
        return {"mode": MODES[self.mode], "exact": self.exact, "within": self.within,
                "outside": self.outside}


class VulkanRobustCheck(RobustCheck):
    """RobustCheck for a Vulkan case: a vertex input state handle (a
    VulkanLayout's ._input) and its vf_vk_draw_desc; registers are asked
    for by the location they hold (section 17.8)."""

    _prefix = "vf_vk_robust_"

    def _place(self, reg):
        loc = _u32()
        _raise(_fn("vf_vk_vertex_input_register_location")(self._layout, reg, ctypes.byref(loc)))
        return loc.value

    def _new_set(self):
        return VulkanRobustSet()


def _listing(prefix, handle, desc, mode, make):
    count = ctypes.c_uint64()
    _raise(_fn(prefix + "count")(handle, ctypes.byref(desc), mode, ctypes.byref(count)))
    sets = (make * max(count.value, 1))()
    written = ctypes.c_size_t()
    _raise(_fn(prefix + "list")(handle, ctypes.byref(desc), mode, 0, sets, count.value,
                                ctypes.byref(written)))
    return sets[:written.value]


def out_of_bounds(case, mode, isa=None):
    """Every word of the case's draw that `mode` does not pin to vfetch's
    word alone, in record order: dicts with instance, position, register
    (its name: "A0", or "location3" for a Vulkan case), component (0..3),
    reason (REASONS), set (the set in words) and exact (vfetch's word, or
    the mode's fixed value). D3D12 and Vulkan cases (a direct draw)."""
    from .draw import as_case, case_layout, draw_desc
    case, mode, keep = as_case(case), mode_number(mode), []
    if case.indirect is not None or case.api not in ("D3D12", "Vulkan"):
        raise ValueError("out_of_bounds: D3D12 and Vulkan direct draws only")
    layout = case_layout(case, isa)
    if case.api == "Vulkan":
        from .vulkan import draw_desc as vk_draw_desc
        desc = vk_draw_desc(case, keep)
        sets = _listing("vf_vk_robust_", layout._input, desc, mode, VulkanRobustSet)
        describe, name = _fn("vf_vk_robust_describe"), lambda s: "location%d" % s.location
    else:
        desc = draw_desc(case, keep)
        sets = _listing("vf_robust_", layout._handle, desc, mode, RobustSet)
        describe, name = _fn("vf_robust_describe"), lambda s: layout.registers[s.reg].name
    return [{"instance": s.instance, "position": s.position, "register": name(s),
             "component": s.component, "reason": REASONS[s.reason], "set": _text(describe, s),
             "exact": s.exact} for s in sets]
