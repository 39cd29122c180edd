"""Diffs of captured vertex-shader inputs against vfetch, classified per
format and component by the rules of `vfetch compare` and vfetch-vk
(tools/common/compare.c): exact, 1ulp, nan, snorm-min, mismatch, sysval, cut."""
import fnmatch
import struct

from . import _lib
from ._coerce import arg_bytes, arg_path, arg_uint
from .draw import as_case, draw_desc, run
from .formats import TYPE_FLOAT, TYPE_SNORM, TYPE_UFLOAT, TYPE_UNORM, format_info
from .raw import RAW_MAGIC, read_raw
from .robust import RobustCheck, VulkanRobustCheck

KINDS = ("exact", "1ulp", "nan", "snorm-min", "mismatch", "sysval", "not-shaded", "cut")
EXACT, ULP, NAN, SNORM_MIN, MISMATCH, SYSVAL, NOT_SHADED, CUT = range(8)


def _is_nan(u):
    return (u & 0x7F800000) == 0x7F800000 and (u & 0x007FFFFF) != 0


def _ordered(u):
    """Float bits on an integer line, so that neighbours differ by one."""
    return -(u & 0x7FFFFFFF) if u & 0x80000000 else u


def _f2u(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def classify(expected, got, comp_type, bits):
    """The kind name of a difference in one component whose memory
    component has type `comp_type` (a vf_component_type) and `bits` bits."""
    return KINDS[_classify(expected & 0xFFFFFFFF, got & 0xFFFFFFFF, comp_type, bits)]


def _classify(expected, got, comp_type, bits):
    if expected == got:
        return EXACT
    if (comp_type == TYPE_FLOAT and bits < 32) or comp_type == TYPE_UFLOAT:
        return NAN if _is_nan(expected) and _is_nan(got) else MISMATCH
    if comp_type == TYPE_SNORM and expected == 0xBF800000 and 2 <= bits <= 24:
        # -2^(n-1) / (2^(n-1) - 1), the unclamped minimum, give or take a ULP
        m = float(1 << (bits - 1))
        if abs(_ordered(got) - _ordered(_f2u(-m / (m - 1.0)))) <= 1:
            return SNORM_MIN
    if comp_type in (TYPE_UNORM, TYPE_SNORM) and not _is_nan(expected) and not _is_nan(got):
        if abs(_ordered(expected) - _ordered(got)) == 1:
            return ULP
    return MISMATCH


def parse_accept(kinds):
    """A comma list or sequence of kind names ('d3d' = nan) as a set."""
    if isinstance(kinds, str):
        kinds = [k for k in kinds.split(",") if k]
    out = set()
    for k in kinds:
        if k == "d3d":
            out.add("nan")
        elif k in KINDS[1:]:
            out.add(k)
        else:
            raise ValueError("unknown difference kind '%s'" % k)
    return out


class KnownDeviation:
    def __init__(self, ident, kind, format_glob, slot_class, device_glob, reason):
        self.id, self.kind, self.format_glob = ident, kind, format_glob
        self.slot_class, self.device_glob, self.reason = slot_class, device_glob, reason
        self.count = 0

    def matches(self, kind, format_name, slot_class, device):
        if self.kind != kind and not (self.kind == "mismatch" and KINDS.index(kind) <= MISMATCH):
            return False
        return (fnmatch.fnmatchcase(format_name, self.format_glob)
                and (self.slot_class is None or self.slot_class == slot_class)
                and fnmatch.fnmatchcase(device, self.device_glob))


def load_known_deviations(path):
    """ID KIND FORMAT-GLOB CLASS DEVICE-GLOB REASON per line; # comments."""
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 5)
            if len(parts) < 6:
                raise ValueError("%s:%d: expected ID KIND FORMAT CLASS DEVICE REASON" % (path, n))
            ident, kind, fmt, cls, dev, reason = parts
            if kind not in KINDS[1:]:
                raise ValueError("%s:%d: unknown kind '%s'" % (path, n, kind))
            if cls not in ("vertex", "instance", "any"):
                raise ValueError("%s:%d: class must be vertex, instance or any" % (path, n))
            out.append(KnownDeviation(ident, kind, fmt, {"vertex": 0, "instance": 1}.get(cls),
                                      dev, reason))
    return out


class Difference:
    """.kind "oob-outside": an out-of-bounds word outside its set (compare
    with robustness=...), .reason and .set (the set in words) say which."""
    __slots__ = ("record", "register", "component", "expected", "got", "kind", "reason", "set")

    def __init__(self, record, register, component, expected, got, kind, reason=None,
                 allowed=None):
        self.record, self.register, self.component = record, register, component
        self.expected, self.got, self.kind = expected, got, kind
        self.reason, self.set = reason, allowed

    def __repr__(self):
        extra = " (%s), not in %s" % (self.reason, self.set) if self.set is not None else ""
        return "Difference(record %d, %s.%s: expected 0x%08x, got 0x%08x, %s%s)" % (
            self.record, self.register, "xyzw"[self.component] if self.component < 4 else "?",
            self.expected, self.got, self.kind, extra)


class Comparison:
    """Counts of every compared value by kind (.counts), by format name
    (.by_format[name][kind]), accepted / known / not accepted totals, and
    the first .max_shown differences not accepted. .ok: none not accepted."""

    def __init__(self, accept=(), known=None, device="", max_shown=10):
        self.counts = dict.fromkeys(KINDS, 0)
        self.by_format = {}
        self.accepted = self.known = self.not_accepted = self.compared = 0
        self.differences = []
        self._accept = parse_accept(accept)
        self._known = known or []
        self._device = device
        self.max_shown = max_shown
        self.robustness = None  # a RobustCheck with robustness=...
        self.vertices = 1

    @property
    def ok(self):
        return self.not_accepted == 0

    def count(self, kind, record, register, component, expected, got, fmt_name="", slot_class=0):
        self.counts[kind] += 1
        self.compared += 1
        if fmt_name:
            per = self.by_format.setdefault(fmt_name, dict.fromkeys(KINDS, 0))
            per[kind] += 1
        if kind == "exact":
            return
        if kind in self._accept:
            self.accepted += 1
            return
        for k in self._known:
            if k.matches(kind, fmt_name, slot_class, self._device):
                k.count += 1
                self.known += 1
                return
        self.not_accepted += 1
        if len(self.differences) < self.max_shown:
            self.differences.append(Difference(record, register, component, expected, got, kind))

    def __repr__(self):
        return "Comparison(%s; %d not accepted)" % (
            ", ".join("%s %d" % (k, n) for k, n in self.counts.items() if n), self.not_accepted)


def compare(case, captured, registers=None, stride=None, offset=0, accept=(),
            known_deviations=None, device="", max_shown=10, isa=None, robustness=None):
    """Compares what an implementation produced for `case` with vfetch.

    captured: a VFR raw file's bytes (as `vfetch run --output raw` writes
    them) or a path to one, or plain records (bytes, bytearray, memoryview,
    array.array or a NumPy array, read as the bytes in memory) laid out
    as `registers` says: register names (default: the data registers in
    record order, 16 bytes apart) or {name: byte offset in the record};
    `stride` bytes per record (default: 16 per register), `offset` bytes
    before the first record. Strip-cut positions are not in plain captures'
    comparison. accept: kinds to accept ('1ulp,nan' or a list);
    known_deviations: a file of known deviations, matched against `device`.
    robustness: None, or a mode ("d3d", "robustness2", "robust-buffer-access",
    "attribute-robustness"): each word vfetch reads out of bounds is held
    against the set the mode allows (D3D12 and Vulkan cases, the latter by
    location: docs/d3d-ia-rules.md 17.8); .robustness counts them
    exact / within / outside, and one outside is a Difference of kind
    "oob-outside" naming the set.
    An ExecuteIndirect case's capture holds the commands' records one after
    the other, compared as one instance of that many positions.
    """
    path = arg_path(captured)
    if path is not None:
        with open(path, "rb") as f:
            captured = f.read()
    data = arg_bytes("captured", captured)
    stride = None if stride is None else arg_uint("stride", stride)
    offset = arg_uint("offset", offset)
    known_path = arg_path(known_deviations)
    known = load_known_deviations(known_path) if known_path is not None else known_deviations
    case = as_case(case)
    ref = run(case, isa=isa)
    if isinstance(ref, list):
        if robustness is not None:
            raise ValueError("robustness: direct draws only, not ExecuteIndirect cases")
        # ExecuteIndirect: a capture of the whole call, commands in order.
        from ._indirect import flat_result
        ref = flat_result(ref)
    cmp = Comparison(accept, known, device, max_shown)
    keep = []
    if robustness is not None:
        if case.api == "Vulkan":  # by location (rules 17.8)
            from .vulkan import draw_desc as vk_draw_desc
            cmp.robustness = VulkanRobustCheck(ref.layout._input, vk_draw_desc(case, keep),
                                               robustness)
        elif case.api != "D3D12":
            raise ValueError("robustness: only D3D12 and Vulkan cases")
        else:
            cmp.robustness = RobustCheck(ref.layout._handle, draw_desc(case, keep), robustness)
        cmp.vertices = max(ref.vertices, 1)
    if case.api == "Vulkan":
        from .vulkan import register_slots
        slots = register_slots(case, ref)
    else:
        slots = _register_slots(ref)
    if data[:4] == struct.pack("<I", RAW_MAGIC):
        _compare_raw(cmp, ref, read_raw(data), slots)
    else:
        _compare_plain(cmp, ref, data, slots, registers, stride, offset)
    return cmp


def _register_slots(ref):
    """Per data register: (name, [(type, bits)] * 4, format name, slot class)
    or None for SV_VertexID / SV_InstanceID."""
    out = []
    for reg in ref.register_info[:-1]:
        if reg.element < 0:
            out.append((reg.name, None, "", 0))
            continue
        e = ref.layout.elements[reg.element]
        info = format_info(e.format)
        comps = []
        for c in range(4):
            sel = (e.component_mapping >> (3 * c)) & 7
            comps.append((info.types[sel], info.bits[sel]) if sel < 4 else (0, 0))
        out.append((reg.name, comps, info.name, e.input_slot_class))
    return out


def _compare_record(cmp, k, want, got_words, slots, regs):
    for r, off in regs:
        name, comps, fmt, cls = slots[r]
        for c in range(4):
            e, g = int(want[4 * r + c]), got_words(off + c)
            if comps is not None and cmp.robustness is not None and _robust(cmp, k, r, c, e, g,
                                                                             name):
                continue
            if comps is None:
                kind = "exact" if e == g else "sysval"
            else:
                kind = KINDS[_classify(e, g, comps[c][0], comps[c][1])]
            cmp.count(kind, k, name, c, e, g, fmt, cls)


def _robust(cmp, k, r, c, e, g, name):
    """An out-of-bounds word against its set; True when it was one."""
    res = cmp.robustness.check(k // cmp.vertices, k % cmp.vertices, r, c, e, g)
    if res is None:
        return False
    kind, reason, allowed = res
    if kind == "outside":
        cmp.not_accepted += 1
        if len(cmp.differences) < cmp.max_shown:
            cmp.differences.append(Difference(k, name, c, e, g, "oob-outside", reason, allowed))
    return True


def _compare_raw(cmp, ref, raw, slots):
    nregs = len(slots)
    if (raw.registers, raw.vertices, raw.instances) != (nregs, ref.vertices, ref.instances):
        raise ValueError("the capture has %d registers, %d vertices, %d instances; the case %d, %d, %d"
                         % (raw.registers, raw.vertices, raw.instances, nregs, ref.vertices,
                            ref.instances))
    regs = [(r, 4 * r) for r in range(nregs)]
    for k in range(len(ref)):
        want = ref.record_words_at(k)
        rec = raw.record(k)
        vid, iid, flags = ref.system(k)
        cut = flags & _lib.VF_FLAG_STRIP_CUT
        gcut = rec[4 * nregs + 2] & _lib.VF_FLAG_STRIP_CUT
        if cut != gcut:
            cmp.count("cut", k, "flags", 2, cut, gcut)
            continue
        if cut:
            continue
        _compare_record(cmp, k, want, lambda i: rec[i], slots, regs)
        for c, e in enumerate((vid, iid)):
            if rec[4 * nregs + c] != e:
                cmp.count("sysval", k, ("SV_VertexID", "SV_InstanceID")[c], c, e, rec[4 * nregs + c])


def _compare_plain(cmp, ref, data, slots, registers, stride, offset):
    names = [s[0] for s in slots]
    if registers is None:
        registers = {n: 16 * i for i, n in enumerate(names)}
    elif not isinstance(registers, dict):
        registers = {n: 16 * i for i, n in enumerate(registers)}
    regs = []
    for name, off in registers.items():
        if name not in names:
            raise ValueError("no register '%s' in the case (%s)" % (name, ", ".join(names)))
        if off % 4:
            raise ValueError("register '%s' at byte %d: not a multiple of 4" % (name, off))
        regs.append((names.index(name), off // 4))
    if stride is None:
        stride = 16 * len(slots)
    if stride % 4 or offset % 4:
        raise ValueError("stride and offset must be multiples of 4 bytes")
    need = offset + (len(ref) - 1) * stride + 16 + max([4 * o for _, o in regs] or [0]) if len(ref) else 0
    if len(data) < need:
        raise ValueError("the capture holds %d bytes; the case's %d records need %d"
                         % (len(data), len(ref), need))
    words = struct.unpack("<%dI" % (len(data) // 4), data[:len(data) // 4 * 4])
    for k in range(len(ref)):
        if ref.is_cut(k):
            continue
        base = (offset + k * stride) // 4
        _compare_record(cmp, k, ref.record_words_at(k), lambda i, b=base: words[b + i], slots, regs)
