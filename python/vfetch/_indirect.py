"""ExecuteIndirect cases (a top-level "ExecuteIndirect" and the case's
"GpuVirtualAddresses", as vfetch(1) describes them): the loader, and the
library's walk of the commands (vf_execute_indirect_begin/next through
ctypes), each command handed on as the D3D12 Case of the direct draw it
stands for, so run, primitives and statistics treat it as any draw.
"""
import copy
import ctypes

from . import _lib
from ._case_json import (MAX_INPUT_SLOTS, SOURCES, Buffer, Draw, check_fields, fail, join,
                         load_data, missing, opt_uint, require_array, require_object, string,
                         suggest_name, type_name, uint)
from ._case_json import each as each_entry
from ._problems import attempt, did_you_mean
from .errors import DrawError

TYPES = ("DRAW", "DRAW_INDEXED", "DISPATCH", "VERTEX_BUFFER_VIEW", "INDEX_BUFFER_VIEW",
         "CONSTANT", "CONSTANT_BUFFER_VIEW", "SHADER_RESOURCE_VIEW", "UNORDERED_ACCESS_VIEW",
         "DISPATCH_RAYS", "DISPATCH_MESH", "INCREMENTING_CONSTANT")
PREFIX = "D3D12_INDIRECT_ARGUMENT_TYPE_"
DRAW_INDEXED, VERTEX_BUFFER_VIEW, CONSTANT, INCREMENTING_CONSTANT = 1, 3, 5, 11
# The fields of each type besides Type, in the order of the union's words.
TYPE_FIELDS = {VERTEX_BUFFER_VIEW: ("Slot",),
               CONSTANT: ("RootParameterIndex", "DestOffsetIn32BitValues", "Num32BitValuesToSet"),
               6: ("RootParameterIndex",), 7: ("RootParameterIndex",), 8: ("RootParameterIndex",),
               INCREMENTING_CONSTANT: ("RootParameterIndex", "DestOffsetIn32BitValues")}
ZERO_COMMANDS = 408  # VF_WARNING_INDIRECT_ZERO_COMMANDS: no command runs
REQUIRED = {VERTEX_BUFFER_VIEW: "Slot", CONSTANT: "Num32BitValuesToSet"}

u32, u64, c_ptr = ctypes.c_uint32, ctypes.c_uint64, ctypes.c_void_p


class ArgumentDesc(ctypes.Structure):        # == vf_indirect_argument_desc
    _fields_ = [("type", u32), ("u", u32 * 3)]


class SignatureDesc(ctypes.Structure):       # == vf_command_signature_desc
    _fields_ = [("byte_stride", u32), ("num_argument_descs", u32),
                ("argument_descs", ctypes.POINTER(ArgumentDesc)), ("node_mask", u32)]


class AddressRange(ctypes.Structure):        # == vf_gpu_address_range
    _fields_ = [("base", u64), ("size", u64), ("host", c_ptr)]


class ExecuteIndirectDesc(ctypes.Structure):  # == vf_execute_indirect_desc
    _fields_ = [("struct_size", ctypes.c_size_t), ("signature", ctypes.POINTER(SignatureDesc)),
                ("max_command_count", u32), ("argument_buffer", c_ptr),
                ("argument_buffer_size", u64), ("argument_buffer_offset", u64),
                ("count_buffer", c_ptr), ("count_buffer_size", u64), ("count_buffer_offset", u64),
                ("ranges", ctypes.POINTER(AddressRange)), ("range_count", u32),
                ("vertex_buffers", ctypes.POINTER(_lib.VertexBufferView)),
                ("num_vertex_buffers", u32), ("index_buffer", ctypes.POINTER(_lib.IndexBufferView)),
                ("strip_cut_value", u32), ("primitive_topology", u32), ("pool", c_ptr)]


class Walk(ctypes.Structure):                # == vf_indirect_walk
    _fields_ = [("command_count", u32), ("next_command", u32), ("desc_", c_ptr),
                ("info_", u32 * 6), ("slot_end_", u32)]


class Command(ctypes.Structure):             # == vf_indirect_command
    _fields_ = [("command", u32), ("result", ctypes.c_int), ("argument_offset", u64),
                ("incrementing_constant", u32), ("draw", _lib.DrawDesc),
                ("vertex_buffers", _lib.VertexBufferView * MAX_INPUT_SLOTS),
                ("index_buffer", _lib.IndexBufferView)]


class Call:
    """What a case holds of its ExecuteIndirect call."""

    def __init__(self):
        self.args = []              # (type, [3 words])
        self.byte_stride = 0
        self.node_mask = 0
        self.max_command_count = 0
        self.argument = (b"", 0)    # (whole data, ArgumentBufferOffset)
        self.count = None           # None, or (whole data, CountBufferOffset)
        self.ranges = []            # (address, data)


def _type(path, v):
    if isinstance(v, int) and not isinstance(v, bool):
        return uint(path, v)
    s = string(path, v)
    bare = s[len(PREFIX):] if s.startswith(PREFIX) else s
    if bare in TYPES:
        return TYPES.index(bare)
    fail(path, "unknown argument type '%s'%s" % (s[:40], did_you_mean(suggest_name(s, PREFIX,
                                                                                TYPES))))


def _argument(path, obj):
    require_object(path, obj)
    if "Type" not in obj:
        check_fields(path, obj, ("Type",) + tuple(f for fs in TYPE_FIELDS.values() for f in fs))
        missing(path, obj, "Type")
    t = _type(join(path, "Type"), obj["Type"])
    fields = TYPE_FIELDS.get(t, ())
    check_fields(path, obj, ("Type",) + fields)
    if t in REQUIRED and REQUIRED[t] not in obj:
        attempt(missing, path, obj, REQUIRED[t])
    words = [attempt(opt_uint, path, obj, f, 0, default=0) for f in fields] + [0] * (3 - len(fields))
    return t, words


def _data(path, obj, allowed, base_dir):
    require_object(path, obj)
    check_fields(path, obj, allowed)
    sources = [s for s in SOURCES if s in obj]
    if len(sources) > 1:
        fail(path, "give one data source, not both '%s' and '%s'" % (sources[0], sources[1]))
    if not sources:
        fail(path, "no data: give 'File', 'Hex' or a typed array such as 'Uint32'")
    return load_data(path, obj, sources[0], _lib.VF_FORMAT_R32_UINT, base_dir)[0]


def _buffer(path, obj, base_dir):
    data = _data(path, obj, SOURCES + ("Offset",), base_dir)
    return data, opt_uint(path, obj, "Offset", 0)


def _address(path, v):
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1 << 63:
        return v
    if isinstance(v, str) and v[:1].isdigit():
        try:
            a = int(v, 0)
        except ValueError:
            a = -1
        if 0 <= a < 1 << 64:
            return a
        fail(path, "'%s' is not an address below 2^64" % v[:40])
    if isinstance(v, str):
        fail(path, "'%s' is not an address" % v[:40])
    fail(path, "expected an address (a number or a \"0x...\" string), got %s" % type_name(v))


def _ranges(v, base_dir):
    out = []
    for i, obj in enumerate(require_array("GpuVirtualAddresses", v, "address ranges")):
        out.append(attempt(_range, "GpuVirtualAddresses[%d]" % i, obj, base_dir,
                           default=(0, b"")))
    return out


def _range(p, obj, base_dir):
    """(address, bytes) of one GpuVirtualAddresses entry (_data checks its
    fields first)."""
    require_object(p, obj)
    data = attempt(_data, p, obj, ("Address",) + SOURCES, base_dir, default=b"")
    if "Address" not in obj:
        missing(p, obj, "Address")
    return _address(join(p, "Address"), obj["Address"]), data


def _signature(p, sig, e):
    """CommandSignature into Call e."""
    require_object(p, sig)
    check_fields(p, sig, ("ByteStride", "ArgumentDescs", "NodeMask"))
    for name in ("ByteStride", "ArgumentDescs"):
        if name not in sig:
            attempt(missing, p, sig, name)
    if "ByteStride" in sig:
        e.byte_stride = attempt(uint, join(p, "ByteStride"), sig["ByteStride"], default=0)
    e.node_mask = attempt(opt_uint, p, sig, "NodeMask", 0, default=0)
    if "ArgumentDescs" in sig:
        e.args = each_entry(join(p, "ArgumentDescs"), sig["ArgumentDescs"], "argument descs", _argument)


def load(c, case, base_dir):
    """Fills c.indirect from the case's ExecuteIndirect and GpuVirtualAddresses;
    c.draw is what the commands share (indexed per the signature)."""
    path = "ExecuteIndirect"
    ei = case[path]
    require_object(path, ei)
    check_fields(path, ei, ("CommandSignature", "MaxCommandCount", "ArgumentBuffer", "CountBuffer"))
    for name in ("CommandSignature", "MaxCommandCount", "ArgumentBuffer"):
        if name not in ei:
            attempt(missing, path, ei, name)
    e = Call()
    if "CommandSignature" in ei:
        attempt(_signature, join(path, "CommandSignature"), ei["CommandSignature"], e)
    if "MaxCommandCount" in ei:
        e.max_command_count = attempt(uint, join(path, "MaxCommandCount"), ei["MaxCommandCount"],
                                      default=0)
    if "ArgumentBuffer" in ei:
        e.argument = attempt(_buffer, join(path, "ArgumentBuffer"), ei["ArgumentBuffer"],
                             base_dir, default=e.argument)
    if "CountBuffer" in ei:
        e.count = attempt(_buffer, join(path, "CountBuffer"), ei["CountBuffer"], base_dir)
    if "GpuVirtualAddresses" in case:
        e.ranges = attempt(_ranges, case["GpuVirtualAddresses"], base_dir, default=[])
    c.indirect = e
    c.draw = Draw()
    c.draw.indexed = 1 if any(t == DRAW_INDEXED for t, _ in e.args) else 0
    c.draw.instance_count = 0


def _declare(lib):
    lib.vf_execute_indirect_desc_init.argtypes = [ctypes.POINTER(ExecuteIndirectDesc)]
    lib.vf_execute_indirect_desc_init.restype = None
    lib.vf_execute_indirect_begin.argtypes = [ctypes.POINTER(ExecuteIndirectDesc),
                                              ctypes.POINTER(Walk), ctypes.POINTER(_lib.Diagnostics)]
    lib.vf_execute_indirect_next.argtypes = [ctypes.POINTER(Walk), ctypes.POINTER(Command),
                                             ctypes.POINTER(_lib.Diagnostics)]
    lib.vf_execute_indirect_begin.restype = lib.vf_execute_indirect_next.restype = ctypes.c_int


def _desc(case, keep):
    """The call as a vf_execute_indirect_desc; what it points at goes to keep."""
    from .draw import draw_desc
    e = case.indirect
    lib = _lib.lib()
    _declare(lib)
    d = ExecuteIndirectDesc()
    lib.vf_execute_indirect_desc_init(ctypes.byref(d))
    args = (ArgumentDesc * max(len(e.args), 1))(*[ArgumentDesc(t, (u32 * 3)(*w)) for t, w in e.args])
    sig = SignatureDesc(e.byte_stride, len(e.args), args, e.node_mask)
    mem = [ctypes.create_string_buffer(data, max(len(data), 1)) for _, data in e.ranges]
    ranges = (AddressRange * max(len(e.ranges), 1))(
        *[AddressRange(a, len(data), ctypes.cast(m, c_ptr)) for (a, data), m in zip(e.ranges, mem)])
    abuf = ctypes.create_string_buffer(e.argument[0], max(len(e.argument[0]), 1))
    keep += [args, sig, mem, ranges, abuf]
    d.signature = ctypes.pointer(sig)
    d.max_command_count = e.max_command_count
    d.argument_buffer, d.argument_buffer_size = ctypes.cast(abuf, c_ptr), len(e.argument[0])
    d.argument_buffer_offset = e.argument[1]
    if e.count is not None:
        cbuf = ctypes.create_string_buffer(e.count[0], max(len(e.count[0]), 1))
        keep.append(cbuf)
        d.count_buffer, d.count_buffer_size = ctypes.cast(cbuf, c_ptr), len(e.count[0])
        d.count_buffer_offset = e.count[1]
    d.ranges, d.range_count = ranges, len(e.ranges)
    base = draw_desc(case, keep)
    d.vertex_buffers, d.num_vertex_buffers = base.vertex_buffers, base.num_vertex_buffers
    d.index_buffer = base.index_buffer
    d.strip_cut_value, d.primitive_topology = base.strip_cut_value, base.primitive_topology
    return d


class IndirectCommand:
    """One command of an ExecuteIndirect call: .command (its number),
    .argument_offset (bytes into the argument buffer), .case (the Case of
    the direct draw it stands for; None when its views are bad), .error
    (None, or (code, message) of the bad view), and .result (what the
    function that walked the call made of .case: a Result, Primitives or
    Statistics; None with .error)."""

    def __init__(self, command, argument_offset, case, error):
        self.command = command
        self.argument_offset = argument_offset
        self.case = case
        self.error = error
        self.result = None

    def __repr__(self):
        return "IndirectCommand(%d, error=%r, result=%r)" % (self.command, self.error, self.result)


def _view_buffer(data, size, stride_or_format, is_index):
    b = Buffer()
    b.present = True
    if is_index:
        b.format = stride_or_format
    else:
        b.stride_in_bytes = stride_or_format
    if data:
        b.data = ctypes.string_at(data, size)
        b.size_in_bytes = size
        b.bound = True
    return b


def _command_case(case, cmd):
    """The D3D12 Case of command `cmd`'s direct draw (shares what `case` owns)."""
    c = copy.copy(case)
    c.indirect = None
    dd = cmd.draw
    c.vb = [Buffer() for _ in range(MAX_INPUT_SLOTS)]
    for s in range(dd.num_vertex_buffers):
        v = cmd.vertex_buffers[s]
        c.vb[s] = _view_buffer(v.data, v.size_in_bytes, v.stride_in_bytes, False)
    c.num_vertex_buffers = dd.num_vertex_buffers
    c.ib = Buffer()
    if dd.index_buffer:
        ib = cmd.index_buffer
        # A NULL view (address 0) is no index buffer, as in the library.
        c.ib = _view_buffer(ib.data, ib.size_in_bytes, ib.format, True)
    c.strip_cut_value, c.primitive_topology = dd.strip_cut_value, dd.primitive_topology
    c.draw = Draw()
    for f in ("indexed", "vertex_count_per_instance", "instance_count", "start_location",
              "base_vertex_location", "start_instance_location"):
        setattr(c.draw, f, getattr(dd, f))
    return c


def _messages(diag):
    return [e.message.decode("utf-8", "replace") for e in diag.entries[:diag.count]]


def commands(case):
    """Walks the call with the library: an IndirectCommand per command run.
    DrawError when the call itself is invalid (signature, offsets, sizes)."""
    keep = []
    d = _desc(case, keep)
    lib = _lib.lib()
    walk, cmd, diag = Walk(), Command(), _lib.Diagnostics()
    rc = lib.vf_execute_indirect_begin(ctypes.byref(d), ctypes.byref(walk), ctypes.byref(diag))
    if rc and rc != ZERO_COMMANDS:
        raise DrawError(rc, "invalid ExecuteIndirect: %s [code %d]" % (_lib.result_string(rc), rc),
                        _messages(diag))
    out = []
    while True:
        diag = _lib.Diagnostics()
        if lib.vf_execute_indirect_next(ctypes.byref(walk), ctypes.byref(cmd),
                                        ctypes.byref(diag)) != 0:
            return out
        if cmd.result:
            msgs = _messages(diag)
            out.append(IndirectCommand(cmd.command, cmd.argument_offset, None,
                                       (cmd.result, msgs[0] if msgs else
                                        _lib.result_string(cmd.result))))
        else:
            out.append(IndirectCommand(cmd.command, cmd.argument_offset,
                                       _command_case(case, cmd), None))


def each(case, fn):
    """commands(case), each valid command's .result = fn(its Case)."""
    out = commands(case)
    for c in out:
        if c.case is not None:
            c.result = fn(c.case)
    return out


def flat_result(cmds):
    """The Results of commands run one after the other, as the one instance
    of a draw of that many positions: how compare reads a capture of the
    whole call (vfetch(1), EXECUTEINDIRECT CASES). DrawError for a command
    that could not be drawn."""
    from .draw import Result
    bad = [c for c in cmds if c.result is None]
    if bad:
        raise DrawError(bad[0].error[0], "command %d: %s" % (bad[0].command, bad[0].error[1]))
    if not cmds:
        raise DrawError(None, "ExecuteIndirect: no command runs")
    first = cmds[0].result
    words = first.words[:0]
    for c in cmds:
        words = _concat(words, c.result.words)
    return Result(first.layout, words, sum(len(c.result) for c in cmds), 1)


def _concat(a, b):
    if hasattr(a, "dtype"):  # NumPy
        import numpy
        return numpy.concatenate((a, b))
    return a + b  # array.array
