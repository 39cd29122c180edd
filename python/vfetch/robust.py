"""The values out-of-bounds reads may take under D3D's rule or one of
Vulkan's robustness modes (vfetch_robust.h, docs/d3d-ia-rules.md section
17), through the library: what `vfetch compare --robustness` holds an
out-of-bounds word against."""
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


_SIGNATURES = {
    "vf_robust_set_at": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(_lib.DrawDesc), _u32,
                                        _u32, _u32, _u32, _u32, ctypes.POINTER(RobustSet)]),
    "vf_robust_allows": (ctypes.c_int, [ctypes.POINTER(_lib.DrawDesc), ctypes.POINTER(RobustSet),
                                        _u32, ctypes.POINTER(ctypes.c_int)]),
    "vf_robust_describe": (ctypes.c_size_t, [ctypes.POINTER(RobustSet), ctypes.c_void_p,
                                             ctypes.c_size_t]),
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


class RobustCheck:
    """Holds captured words of one draw (a compiled layout handle and a
    vf_draw_desc, kept alive by the caller) against their sets, counting
    the out-of-bounds ones: .exact (vfetch's word), .within (another word
    of the set), .outside."""

    def __init__(self, layout_handle, desc, mode):
        self.mode = mode_number(mode)
        self._layout, self._desc = layout_handle, desc
        self.exact = self.within = self.outside = 0
        self._set_at, self._allows = _fn("vf_robust_set_at"), _fn("vf_robust_allows")
        self._describe = _fn("vf_robust_describe")

    def check(self, instance, position, reg, comp, expected, got):
        """None for an in-bounds place; else (kind, reason, set text), kind
        one of "exact", "within", "outside"."""
        s = RobustSet()
        ok = ctypes.c_int()
        rc = self._set_at(self._layout, ctypes.byref(self._desc), self.mode, instance, position,
                          reg, comp, ctypes.byref(s))
        if rc == 0:
            rc = self._allows(ctypes.byref(self._desc), ctypes.byref(s), got, ctypes.byref(ok))
        if rc != 0:
            raise DrawError(rc, "out-of-bounds sets: %s [code %d]" % (_lib.result_string(rc), rc))
        if s.reason == 0:
            return None
        kind = "outside" if not ok.value else "exact" if got == expected else "within"
        setattr(self, kind, getattr(self, kind) + 1)
        buf = ctypes.create_string_buffer(192)
        self._describe(ctypes.byref(s), buf, len(buf))
        return kind, REASONS[s.reason] if s.reason < len(REASONS) else "unknown", buf.value.decode()

    def as_json(self):
        """The "robustness" object of `vfetch compare --output json`."""
        return {"mode": MODES[self.mode], "exact": self.exact, "within": self.within,
                "outside": self.outside}
