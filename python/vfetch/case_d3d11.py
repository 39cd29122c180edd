"""The D3D11 form of the case format ("Api": "D3D11"), read as
tools/common/case_d3d11.c reads it: Buffers (D3D11_BUFFER_DESC fields and
one data source), IASetVertexBuffers, IASetIndexBuffer, PrimitiveTopology
and a D3D11 draw. The JSON is checked here; CreateBuffer's and the binding
rules are the library's (see d3d11.py)."""
from . import _indirect_d3d11, _lib
from ._coerce import is_array
from ._case_json import (MAX_INPUT_SLOTS, R16_UINT, R32_UINT, SOURCES, TOPOLOGIES, Buffer, Draw,
                         base_vertex_location, check_fields, draw_count, enum, fail, format_field,
                         join, load_data, missing, opt_enum, opt_uint, problem, require_array,
                         require_object, shader_inputs, uint)
from ._problems import attempt
# Names this module has always offered.
from ._case_json import MAX_ARRAY, input_layout, signature  # noqa: F401

FEATURE_LEVELS = {0x9100: "9_1", 0x9200: "9_2", 0x9300: "9_3", 0xA000: "10_0", 0xA100: "10_1",
                  0xB000: "11_0", 0xB100: "11_1", 0xC000: "12_0", 0xC100: "12_1",
                  0xC200: "12_2"}
USAGES = ("DEFAULT", "IMMUTABLE", "DYNAMIC", "STAGING")
BIND_FLAGS = {0x1: "VERTEX_BUFFER", 0x2: "INDEX_BUFFER", 0x4: "CONSTANT_BUFFER",
              0x8: "SHADER_RESOURCE", 0x10: "STREAM_OUTPUT", 0x20: "RENDER_TARGET",
              0x40: "DEPTH_STENCIL", 0x80: "UNORDERED_ACCESS", 0x200: "DECODER",
              0x400: "VIDEO_ENCODER"}
CPU_ACCESS = {0x10000: "WRITE", 0x20000: "READ"}
MISC_FLAGS = {0x2: "SHARED", 0x10: "DRAWINDIRECT_ARGS", 0x20: "BUFFER_ALLOW_RAW_VIEWS",
              0x40: "BUFFER_STRUCTURED", 0x40000: "TILED"}
FEATURE_LEVEL_11_0, FEATURE_LEVEL_10_1 = _lib.VF_FEATURE_LEVEL_11_0, _lib.VF_FEATURE_LEVEL_10_1
# "Draw" forms: (indexed, instanced).
DRAW_FORMS = {"Draw": (0, 0), "DrawIndexed": (1, 0), "DrawInstanced": (0, 1),
              "DrawIndexedInstanced": (1, 1)}
FIELDS = ("Api", "FeatureLevel", "Description", "InputLayout", "Signature", "Buffers",
          "IASetVertexBuffers", "IASetIndexBuffer", "PrimitiveTopology", "Draw")
D3D12_ONLY = (
    ("VertexBuffers", "create 'Buffers' and bind them with 'IASetVertexBuffers'"),
    ("IndexBuffer", "create 'Buffers' and bind one with 'IASetIndexBuffer'"),
    ("IBStripCutValue", "D3D11 always cuts at 0xFFFF (R16_UINT) or 0xFFFFFFFF (R32_UINT)"),
    ("MaxInputSlots", "the FeatureLevel sets the input slots (16 below 10_1, else 32)"),
)


class D3D11Buffer:
    def __init__(self):
        self.byte_width = 0
        self.usage = 0
        self.bind_flags = 0
        self.cpu_access_flags = 0
        self.misc_flags = 0
        self.structure_byte_stride = 0
        self.data = None
        self.file = None


class D3D11:
    """The D3D11 part of a Case: buffers, the IASet* calls, the draw form."""

    def __init__(self):
        self.feature_level = FEATURE_LEVEL_11_0
        self.buffers = []
        self.vb_calls = []          # (start_slot, [buffer or None], strides, offsets)
        self.vb_calls_array = False
        self.ib = None              # (buffer or None, format, offset)
        self.topology = None        # None: never set (undefined)
        self.draw_form = "Draw"


def _flags(path, v, what, prefix, names):
    if is_array(v):
        out = 0
        for i, e in enumerate(require_array(path, v)):
            out |= enum("%s[%d]" % (path, i), e, what, prefix, names)
        return out
    return enum(path, v, what, prefix, names)


def _buffer_ref(path, v):
    if v is None:
        return None
    n = uint(path, v)
    if n == 0xFFFFFFFF:
        fail(path, "%d is not a buffer number" % n)
    return n


def _check_ref(path, ref, count):
    if ref is not None and ref >= count:
        fail(path, "buffer %d; Buffers has %d (0..%d)" % (ref, count, max(count - 1, 0)))


def _buffer(path, obj, d, index, base_dir):
    require_object(path, obj)
    check_fields(path, obj, ("ByteWidth", "Usage", "BindFlags", "CPUAccessFlags", "MiscFlags",
                              "StructureByteStride") + SOURCES + ("Indices",))
    b = D3D11Buffer()
    for name, attr, what, prefix, names in (
            ("Usage", "usage", "usage", "D3D11_USAGE_", USAGES),
            ("BindFlags", "bind_flags", "bind flag", "D3D11_BIND_", BIND_FLAGS),
            ("CPUAccessFlags", "cpu_access_flags", "CPU access flag", "D3D11_CPU_ACCESS_",
             CPU_ACCESS),
            ("MiscFlags", "misc_flags", "misc flag", "D3D11_RESOURCE_MISC_", MISC_FLAGS)):
        if name in obj:
            setattr(b, attr, attempt(_flags, join(path, name), obj[name], what, prefix, names,
                                     default=0))
    b.structure_byte_stride = attempt(opt_uint, path, obj, "StructureByteStride", 0, default=0)
    sources = [s for s in SOURCES + ("Indices",) if s in obj]
    if len(sources) > 1:
        fail(path, "give one data source, not both '%s' and '%s'" % (sources[0], sources[1]))
    if not sources:
        if "ByteWidth" not in obj:
            missing(path, obj, "ByteWidth")
        b.byte_width = uint(join(path, "ByteWidth"), obj["ByteWidth"])
        return b
    src = sources[0]
    fmt = d.ib[1] if d.ib else 0
    if src == "Indices" and (d.ib is None or d.ib[0] != index):
        fail(join(path, "Indices"), "Indices are written in the Format of IASetIndexBuffer, "
                                      "which does not bind this buffer")
    if src == "Indices" and fmt not in (R16_UINT, R32_UINT):
        fail(join(path, "Indices"), "Indices need IASetIndexBuffer.Format R16_UINT or R32_UINT")
    data, b.file = load_data(path, obj, src, fmt, base_dir)
    b.byte_width = len(data)
    if "ByteWidth" in obj:
        b.byte_width = uint(join(path, "ByteWidth"), obj["ByteWidth"])
        if b.byte_width > len(data):
            fail(join(path, "ByteWidth"), "%d bytes, but the data holds only %d"
                  % (b.byte_width, len(data)))
    b.data = data[:b.byte_width]
    return b


def _uint_array(path, v, n, refs):
    v = require_array(path, v)
    if len(v) != n:
        fail(path, "%d entries; Buffers has %d" % (len(v), n))
    return [(_buffer_ref if refs else uint)("%s[%d]" % (path, i), e) for i, e in enumerate(v)]


def _vb_call(path, obj, nbuffers):
    require_object(path, obj)
    check_fields(path, obj, ("StartSlot", "Buffers", "Strides", "Offsets"))
    start = attempt(opt_uint, path, obj, "StartSlot", 0, default=0)
    if "Buffers" not in obj:
        missing(path, obj, "Buffers")
    p = join(path, "Buffers")
    n = len(require_array(p, obj["Buffers"], "buffers"))
    # Each array, so that a problem in one does not hide the others'.
    bufs = attempt(_uint_array, p, obj["Buffers"], n, True)
    strides = None
    if "Strides" not in obj:
        attempt(missing, path, obj, "Strides")
    else:
        strides = attempt(_uint_array, join(path, "Strides"), obj["Strides"], n, False)
    offsets = [0] * n
    if "Offsets" in obj:
        offsets = attempt(_uint_array, join(path, "Offsets"), obj["Offsets"], n, False)
    if None in (bufs, strides, offsets):
        return start, [], [], []  # noted
    for k, ref in enumerate(bufs):
        _check_ref("%s[%d]" % (p, k), ref, nbuffers)
    return start, bufs, strides, offsets


def _ib_call(v):
    path = "IASetIndexBuffer"
    require_object(path, v)
    check_fields(path, v, ("Buffer", "Format", "Offset"))
    # Every field, so that each malformed one is reported.
    ref = None
    if "Buffer" not in v:
        attempt(missing, path, v, "Buffer", "a number in Buffers, or null")
    else:
        ref = attempt(_buffer_ref, "IASetIndexBuffer.Buffer", v["Buffer"])
    fmt = 0
    if "Format" in v:
        fmt = attempt(format_field, "IASetIndexBuffer.Format", v["Format"], default=0)
    elif ref is not None:
        attempt(missing, path, v, "Format", "R16_UINT or R32_UINT")
    return ref, fmt, attempt(opt_uint, path, v, "Offset", 0, default=0)


def _topology(v):
    prefix = "D3D11_PRIMITIVE_TOPOLOGY_"
    if isinstance(v, str) and v.startswith(prefix) and v[len(prefix):] in TOPOLOGIES.values():
        v = v[len(prefix):]
    return enum("PrimitiveTopology", v, "primitive topology", "D3D_PRIMITIVE_TOPOLOGY_",
                 TOPOLOGIES)


def _draw(v, d):
    path = "Draw"
    require_object(path, v)
    check_fields(path, v, tuple(DRAW_FORMS) + tuple(_indirect_d3d11.FORMS))
    forms = [f for f in tuple(DRAW_FORMS) + tuple(_indirect_d3d11.FORMS) if f in v]
    if len(forms) != 1:
        fail(path, "give exactly one of 'Draw', 'DrawIndexed', 'DrawInstanced', "
                    "'DrawIndexedInstanced', 'DrawInstancedIndirect', "
                    "'DrawIndexedInstancedIndirect' and 'DrawAuto'")
    d.draw_form = form = forms[0]
    if form in _indirect_d3d11.FORMS:
        return _indirect_d3d11.load(join(path, form), form, v[form], d)
    indexed, instanced = DRAW_FORMS[form]
    count = ("IndexCount" if indexed else "VertexCount") + ("PerInstance" if instanced else "")
    start = "StartIndexLocation" if indexed else "StartVertexLocation"
    p, args = join(path, form), v[form]
    require_object(p, args)
    check_fields(p, args, (count, start) + (("BaseVertexLocation",) if indexed else ())
                  + (("InstanceCount", "StartInstanceLocation") if instanced else ()))
    dr = Draw()
    dr.indexed = indexed
    draw_count(p, args, dr, count, start)
    dr.instance_count = attempt(opt_uint, p, args, "InstanceCount", 1, default=1)
    dr.start_instance_location = attempt(opt_uint, p, args, "StartInstanceLocation", 0, default=0)
    attempt(base_vertex_location, p, args, dr)
    return dr


def _buffers(d, v, base_dir):
    # A malformed buffer keeps its place, so later numbers still point right.
    d.buffers = [attempt(_buffer, "Buffers[%d]" % i, obj, d, i, base_dir, default=D3D11Buffer())
                 for i, obj in enumerate(require_array("Buffers", v, "buffers"))]


def _vb_calls(d, v):
    """IASetVertexBuffers: one call (an object) or an array of them."""
    d.vb_calls_array = is_array(v)
    calls = require_array("IASetVertexBuffers", v, "calls") if d.vb_calls_array else [v]
    d.vb_calls = [attempt(_vb_call, "IASetVertexBuffers[%d]" % i if d.vb_calls_array
                          else "IASetVertexBuffers", obj, len(d.buffers), default=(0, [], [], []))
                  for i, obj in enumerate(calls)]


def _shown_state(c, d):
    """What the output shows, as in the CLI: the state's topology and the
    cut an indexed draw makes; no D3D12 views."""
    c.primitive_topology = d.topology if d.topology is not None else _lib.VF_TOPOLOGY_UNDEFINED
    c.strip_cut_value = _lib.VF_STRIP_CUT_VALUE_DISABLED
    if c.draw.indexed and d.ib and d.ib[0] is not None:
        c.strip_cut_value = (_lib.VF_STRIP_CUT_VALUE_0xFFFFFFFF if d.ib[1] == R32_UINT
                             else _lib.VF_STRIP_CUT_VALUE_0xFFFF)
    c.vb = [Buffer() for _ in range(MAX_INPUT_SLOTS)]
    c.num_vertex_buffers = 0
    c.ib = Buffer()


def load_d3d11(c, case, base_dir):
    """Fills Case `c` from the D3D11 form `case`."""
    for name, instead in D3D12_ONLY:
        if name in case:
            problem(name, "a D3D12 field, not for \"Api\": \"D3D11\"; %s" % instead)
    check_fields("", case, FIELDS + tuple(n for n, _ in D3D12_ONLY))
    c.api = "D3D11"
    c.d3d11 = d = D3D11()
    d.feature_level = attempt(opt_enum, "", case, "FeatureLevel", FEATURE_LEVEL_11_0,
                              "feature level", "D3D_FEATURE_LEVEL_", FEATURE_LEVELS,
                              default=FEATURE_LEVEL_11_0)
    c.max_input_slots = (_lib.VF_D3D11_SLOTS_BELOW_10_1 if d.feature_level < FEATURE_LEVEL_10_1
                         else _lib.VF_D3D11_MAX_INPUT_SLOTS)
    shader_inputs(c, case)
    _ia_calls(d, case, base_dir)
    c.draw = Draw()
    if "Draw" not in case:
        missing("", case, "Draw")
    c.draw = _draw(case["Draw"], d)
    _shown_state(c, d)


def _ia_calls(d, case, base_dir):
    """The buffers and the IASet* calls, each part reported on its own."""
    if "IASetIndexBuffer" in case:
        d.ib = attempt(_ib_call, case["IASetIndexBuffer"])
    if "Buffers" in case:
        attempt(_buffers, d, case["Buffers"], base_dir)
    if d.ib:
        attempt(_check_ref, "IASetIndexBuffer.Buffer", d.ib[0], len(d.buffers))
    if "IASetVertexBuffers" in case:
        attempt(_vb_calls, d, case["IASetVertexBuffers"])
    if "PrimitiveTopology" in case:
        d.topology = attempt(_topology, case["PrimitiveTopology"])
