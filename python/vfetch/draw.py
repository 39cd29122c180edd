"""Layouts and draws over libvfetch, and the records they give."""
import array
import ctypes

from . import _lib
from ._coerce import arg_path, arg_type, arg_uint, is_array, is_int
from ._case_json import input_layout, signature as load_signature
from ._problems import collect
from .case import Case, load
from .d3d11 import draw_d3d11
from .errors import DrawError, LayoutError
from .formats import format_info

try:
    import numpy
except ImportError:  # bytes and array.array instead
    numpy = None

ALL_SYSTEM_VALUES = _lib.VF_SV_VERTEX_ID | _lib.VF_SV_INSTANCE_ID | _lib.VF_SV_FLAGS
MAX_OUTPUT_SIZE = 1 << 30


def _isa_value(isa):
    if isa is None:
        return 0
    if is_int(isa):
        return arg_uint("isa", isa)
    if not isinstance(isa, str):
        arg_type("isa", "an instruction set name, a number or None", isa)
    out = ctypes.c_uint32()
    if _lib.lib().vf_isa_from_name(isa.encode(), ctypes.byref(out)) != 0:
        raise ValueError("unknown instruction set '%s'" % isa)
    return out.value


class Register:
    """One 16-byte register of a record: its name (SEMANTIC + index,
    SV_VertexID, SV_InstanceID, or "system"), what the shader reads it as
    ('float', 'uint', 'int') and the element's format (None for IA values)."""

    __slots__ = ("name", "type", "format", "kind", "element")

    def __init__(self, name, type_, fmt, kind, element):
        self.name, self.type, self.format, self.kind, self.element = name, type_, fmt, kind, element

    def __repr__(self):
        return "Register(%s, %s)" % (self.name, self.type)


def generator_value(generator):
    """The options' generator field for generator=True or False."""
    if not isinstance(generator, bool):
        arg_type("generator", "True or False", generator)
    return _lib.VF_GENERATOR_AUTO if generator else _lib.VF_GENERATOR_OFF


def kernel_path(lib, handle):
    """Layout.kernel_path of an engine layout handle."""
    info = _lib.KernelPathInfo()
    lib.vf_layout_kernel_path(handle, ctypes.byref(info))
    out = {f: getattr(info, f) for f in ("slots", "generated_slots", "quad_slots",
                                         "line_slots", "soa_slots", "code_bytes",
                                         "generation_ns")}
    out["path"] = lib.vf_kernel_path_name(info.path).decode()
    out["reason"] = (info.reason or b"").decode("utf-8", "replace")
    return out


class Layout:
    """A compiled input layout (vf_layout_create). `elements`: dicts with
    D3D12 field names or D3D12_INPUT_ELEMENT_DESC-shaped tuples (a dict may
    carry ComponentMapping). Raises LayoutError with every diagnostic; the
    warnings of a valid layout are in .warnings. generator=False keeps the
    layout on the per-element kernels (the same records); .kernel_path says
    which kernels it runs."""

    def __init__(self, elements, signature=None, max_input_slots=0,
                 system_values=ALL_SYSTEM_VALUES, isa=None, generator=True):
        lib = _lib.lib()
        max_input_slots = arg_uint("max_input_slots", max_input_slots)
        system_values = arg_uint("system_values", system_values)
        if not is_array(elements):
            arg_type("elements", "an array of input elements", elements)
        if signature is not None and not is_array(signature):
            arg_type("signature", "an array of signature entries or None", signature)
        # Every problem of the elements (or the signature) in one CaseError.
        self.elements = collect(input_layout, elements) if not _loaded(elements) \
            else list(elements)
        sig = signature
        if sig is not None and not _loaded(sig):
            sig = collect(load_signature, sig)
        n = len(self.elements)
        self._names = [None if e.semantic_name is None else e.semantic_name.encode()
                       for e in self.elements]
        descs = (_lib.InputElementDesc * max(n, 1))()
        maps = (ctypes.c_uint32 * max(n, 1))()
        for i, e in enumerate(self.elements):
            descs[i] = _lib.InputElementDesc(self._names[i], e.semantic_index, e.format, e.input_slot,
                                             e.aligned_byte_offset, e.input_slot_class,
                                             e.instance_data_step_rate)
            maps[i] = e.component_mapping
        opts = _lib.LayoutOptions()
        lib.vf_layout_options_init(ctypes.byref(opts))
        opts.component_mappings = maps if n else None
        if max_input_slots:
            opts.max_input_slots = max_input_slots
        if sig:
            sigs = (_lib.SignatureElement * len(sig))()
            names = [None if s.semantic_name is None else s.semantic_name.encode() for s in sig]
            for i, s in enumerate(sig):
                sigs[i] = _lib.SignatureElement(names[i], s.semantic_index, s.register, s.mask,
                                                s.component_type)
            opts.signature = sigs
            opts.signature_count = len(sig)
        opts.system_values = system_values
        opts.isa = _isa_value(isa)
        opts.generator = generator_value(generator)
        diag = _lib.Diagnostics()
        handle = ctypes.c_void_p()
        rc = lib.vf_layout_create(descs, n, ctypes.byref(opts), ctypes.byref(handle),
                                  ctypes.byref(diag))
        entries = [(d.code, d.severity, d.element_index, d.signature_index,
                    d.message.decode("utf-8", "replace")) for d in diag.entries[:diag.count]]
        if rc != 0:
            msgs = ["%s: %s [%s, code %d]" % ("error" if s == 0 else "warning", m,
                                              _lib.result_string(c), c)
                    for c, s, _, _, m in entries]
            if diag.num_dropped:
                msgs.append("... and %d more not shown" % diag.num_dropped)
            raise LayoutError(rc, "invalid input layout: %s [code %d]" % (_lib.result_string(rc), rc),
                              msgs, entries)
        self.warnings = [m for c, s, _, _, m in entries if s != 0]
        self._handle = handle
        self._lib = lib
        self.registers = self._describe()
        self.record_words = lib.vf_layout_record_size(handle) // 4

    def __del__(self):
        h = getattr(self, "_handle", None)
        if h:
            self._lib.vf_layout_destroy(h)
            self._handle = None

    @property
    def kernel_path(self):
        """vf_layout_kernel_path as a dict: path ("generated", "per-element"
        or "mixed"), reason ("" or why a slot runs its elements' kernels),
        slots, generated_slots, quad_slots, line_slots, soa_slots,
        code_bytes, generation_ns."""
        return kernel_path(self._lib, self._handle)

    def _describe(self):
        lib, h = self._lib, self._handle
        regs = []
        for r in range(lib.vf_layout_register_count(h)):
            ri = _lib.LayoutRegisterInfo()
            lib.vf_layout_register(h, r, ctypes.byref(ri))
            if ri.kind == _lib.VF_REGISTER_ELEMENT:
                ei = _lib.LayoutElementInfo()
                lib.vf_layout_element(h, ri.element_index, ctypes.byref(ei))
                name = (ei.semantic_name or b"(null)").decode("utf-8", "replace")
                regs.append(Register("%s%d" % (name, ei.semantic_index),
                                     format_info(ei.format).register_type, ei.format, ri.kind,
                                     ri.element_index))
            elif ri.kind == _lib.VF_REGISTER_VERTEX_ID:
                regs.append(Register("SV_VertexID", "uint", None, ri.kind, -1))
            elif ri.kind == _lib.VF_REGISTER_INSTANCE_ID:
                regs.append(Register("SV_InstanceID", "uint", None, ri.kind, -1))
            else:
                regs.append(Register("system", "uint", None, ri.kind, -1))
        return regs

    def element_offsets(self):
        """Resolved AlignedByteOffset of every element."""
        out = []
        for i in range(self._lib.vf_layout_element_count(self._handle)):
            ei = _lib.LayoutElementInfo()
            self._lib.vf_layout_element(self._handle, i, ctypes.byref(ei))
            out.append(ei.byte_offset)
        return out


def _loaded(items):
    return all(not isinstance(e, (dict, list, tuple)) for e in items)


class Result:
    """The records of a draw. .words: every 32-bit word in the library's AoS
    layout (instance-major, .record_words per record; a NumPy uint32 array,
    or array.array('I') without NumPy). .registers: the register names;
    .records(i): record i as {name: 4 values} typed float/uint/int;
    .register(name): that register of every record, an (N, 4) NumPy array
    of the register's dtype (lists without NumPy); .array(): .words as
    (records, record_words).
    .diagnostics: the draw's warnings, as dicts with severity, code,
    MessageID, D3D12MessageID (for a D3D11 case D3D11MessageID), element
    (the layout element's index, -1 for none) and message, like the
    "diagnostics" of `vfetch run --output json`; a D3D11
    case's include its bindings' and start with the call, e.g.
    "Draw.Draw: slot 0: ..."."""

    def __init__(self, layout, words, vertices, instances):
        self.layout = layout
        self.words = words
        self.vertices = vertices
        self.instances = instances
        self.record_words = layout.record_words
        self.register_info = layout.registers
        self.registers = [r.name for r in layout.registers]
        self.diagnostics = []

    def __len__(self):
        return self.vertices * self.instances

    def record_words_at(self, i):
        n = self.record_words
        return self.words[i * n:(i + 1) * n]

    def system(self, i):
        """(SV_VertexID, SV_InstanceID, flags) of record i."""
        w = self.record_words_at(i)
        return int(w[-4]), int(w[-3]), int(w[-2])

    def is_cut(self, i):
        return bool(self.system(i)[2] & _lib.VF_FLAG_STRIP_CUT)

    def records(self, i):
        """Record i (instance * vertices + position) per register."""
        w = self.record_words_at(i)
        out = {}
        for r, reg in enumerate(self.register_info):
            out[reg.name] = typed_view(w[4 * r:4 * r + 4], reg.type)
        return out

    def array(self):
        """Every record's words, one row a record: with NumPy a uint32 view
        of .words shaped (records, record_words); without, a list of lists."""
        n = self.record_words
        if numpy is not None and isinstance(self.words, numpy.ndarray):
            return self.words.reshape(-1, n)
        return [list(self.words[k * n:(k + 1) * n]) for k in range(len(self.words) // n)]

    def register(self, name):
        """One register of every record, by name ("POSITION0",
        "SV_VertexID", "system") or register number: with NumPy an (N, 4)
        view of .words typed float32, uint32 or int32 as the shader reads
        the register (N = len(self)); without, N lists of 4 such values.
        KeyError for a name the layout has not."""
        r = self._register_index(name)
        kind = self.register_info[r].type
        if numpy is not None and isinstance(self.words, numpy.ndarray):
            cols = self.words.reshape(-1, self.record_words)[:, 4 * r:4 * r + 4]
            return cols.view(NUMPY_TYPES[kind])
        n = self.record_words
        return [typed_view(self.words[k * n + 4 * r:k * n + 4 * r + 4], kind)
                for k in range(len(self.words) // n)]

    def _register_index(self, name):
        if is_int(name) and 0 <= int(name) < len(self.registers):
            return int(name)
        if isinstance(name, str) and name in self.registers:
            return self.registers.index(name)
        raise KeyError("no register %r; the layout's registers are %s"
                       % (name, ", ".join(self.registers)))


NUMPY_TYPES = {"float": "<f4", "uint": "<u4", "int": "<i4"}


def typed_view(words, kind):
    """Four words as 'float', 'uint' or 'int' values: a NumPy view, or a list."""
    if numpy is not None and isinstance(words, numpy.ndarray):
        return words.view(NUMPY_TYPES[kind])
    b = array.array("I", words).tobytes()
    return list(array.array({"float": "f", "uint": "I", "int": "i"}[kind], b))


def _check_view_offsets(case, layout):
    """D3D12 aligns each view start like its elements (rules §3.2) and the
    index view to the index size (§5.1); the case's Offset stands for it."""
    align = [0] * _lib.VF_MAX_INPUT_SLOTS
    for e, off in zip(layout.elements, layout.element_offsets()):
        info = _lib.lib().vf_format_info(e.format)
        if info and info.contents.bytes and e.input_slot < _lib.VF_MAX_INPUT_SLOTS:
            align[e.input_slot] = max(align[e.input_slot], min(info.contents.bytes, 4))
    for s, b in enumerate(case.vb):
        if b.bound and align[s] > 1 and b.offset % align[s]:
            raise DrawError(1, "slot %d: view Offset %d is not a multiple of %d, the alignment of "
                               "the slot's elements" % (s, b.offset, align[s]))
    if case.draw.indexed and case.ib.bound:
        a = 4 if case.ib.format == _lib.VF_FORMAT_R32_UINT else 2
        if case.ib.offset % a:
            raise DrawError(1, "IndexBuffer: view Offset %d is not a multiple of the index size %d"
                               % (case.ib.offset, a))


def as_case(case, base_dir=None):
    """A Case from a dict in the JSON case format, a Case, or a path (str
    or os.PathLike); ArgumentTypeError naming `case` for anything else."""
    path = arg_path(case)
    if path is not None:
        return load(path)
    if isinstance(case, Case):
        return case
    if not isinstance(case, dict):
        arg_type("case", "a dict in the JSON case format, a Case or a path", case)
    if base_dir is not None and arg_path(base_dir) is None:
        arg_type("base_dir", "a directory path or None", base_dir)
    return Case(case, None if base_dir is None else arg_path(base_dir))


def output_size(layout, d):
    """Bytes of the per-position output of draw arguments d; DrawError
    past MAX_OUTPUT_SIZE."""
    size = ctypes.c_size_t()
    rc = _lib.lib().vf_draw_output_size(layout._handle, d.vertex_count_per_instance,
                                        d.instance_count, ctypes.byref(size))
    if rc != 0 or size.value > MAX_OUTPUT_SIZE:
        raise DrawError(rc or 4, "Draw: %d x %d records is more than 1 GiB"
                        % (d.vertex_count_per_instance, d.instance_count))
    return size.value


def draw_desc(case, keep):
    """The case's D3D12 draw as a vf_draw_desc; the buffers it points at are
    appended to keep, which must outlive the desc."""
    vbs = (_lib.VertexBufferView * _lib.VF_MAX_INPUT_SLOTS)()
    keep.append(vbs)
    for s, b in enumerate(case.vb):
        if b.bound:
            buf = ctypes.create_string_buffer(b.data, max(len(b.data), 1))
            keep.append(buf)
            vbs[s] = _lib.VertexBufferView(ctypes.cast(buf, ctypes.c_void_p), b.size_in_bytes,
                                           b.stride_in_bytes)
        else:
            vbs[s] = _lib.VertexBufferView(None, 0, b.stride_in_bytes)
    ib = _lib.IndexBufferView(None, 0, case.ib.format)
    if case.ib.bound:
        buf = ctypes.create_string_buffer(case.ib.data, max(len(case.ib.data), 1))
        keep.append(buf)
        ib = _lib.IndexBufferView(ctypes.cast(buf, ctypes.c_void_p), case.ib.size_in_bytes,
                                  case.ib.format)
    keep.append(ib)
    d = case.draw
    desc = _lib.DrawDesc()
    _lib.lib().vf_draw_desc_init(ctypes.byref(desc))
    desc.vertex_buffers = vbs if case.num_vertex_buffers else None
    desc.num_vertex_buffers = case.num_vertex_buffers
    # A null or empty IndexBuffer is no index buffer, as if omitted.
    desc.index_buffer = ctypes.pointer(ib) if case.ib.bound else None
    desc.indexed = d.indexed
    desc.strip_cut_value = case.strip_cut_value
    desc.primitive_topology = case.primitive_topology
    desc.vertex_count_per_instance = d.vertex_count_per_instance
    desc.instance_count = d.instance_count
    desc.start_location = d.start_location
    desc.base_vertex_location = d.base_vertex_location
    desc.start_instance_location = d.start_instance_location
    return desc


def aligned_words(nwords):
    """(array, pointer): room for nwords 32-bit words, the pointer 16-byte
    aligned, as the draws require."""
    raw = (ctypes.c_uint32 * (nwords + 4))()
    skip = (-ctypes.addressof(raw) % 16) // 4
    return raw, skip, ctypes.c_void_p(ctypes.addressof(raw) + 4 * skip)


def words_of(raw, skip, nwords):
    """The nwords words from an aligned_words array, NumPy or array.array."""
    data = bytes(memoryview(raw).cast("B")[4 * skip:4 * (skip + nwords)])
    if numpy is not None:
        return numpy.frombuffer(data, dtype="<u4").copy()
    return array.array("I", data)


def case_layout(case, isa=None, generator=True):
    """The case's layout (every system value), its D3D12 views checked; a
    Vulkan case's vertex input state (vulkan.py)."""
    if case.api == "Vulkan":
        from .vulkan import VulkanLayout
        return VulkanLayout(case, ALL_SYSTEM_VALUES, isa, generator)
    layout = Layout(case.elements, case.signature, case.max_input_slots, ALL_SYSTEM_VALUES, isa,
                    generator)
    if case.api == "D3D12":
        _check_view_offsets(case, layout)
    return layout


def run(case, isa=None, base_dir=None, generator=True):
    """Runs a case (a dict in the JSON case format, a Case, or a path to a
    case file) as `vfetch run` does; returns a Result. generator=False
    runs the per-element kernels (the same records, Layout). For an
    ExecuteIndirect case: a list of IndirectCommand, one per command run,
    each .result the Result of its direct draw (None with .error)."""
    case = as_case(case, base_dir)
    if case.indirect is not None:
        # A list of IndirectCommand, each .result its draw's Result.
        from . import _indirect
        return _indirect.each(case, lambda c: run(c, isa, generator=generator))
    layout = case_layout(case, isa, generator)
    d = case.draw
    size = output_size(layout, d)
    nwords = size // 4
    raw, skip, out = aligned_words(nwords)
    if case.api == "D3D11":
        entries = draw_d3d11(case, layout, out, size)
    elif case.api == "Vulkan":
        from .vulkan import draw as draw_vulkan
        entries = draw_vulkan(case, layout, out, size)
    else:
        keep = []
        desc = draw_desc(case, keep)
        diag = _lib.Diagnostics()
        rc = _lib.lib().vf_draw_ex(layout._handle, ctypes.byref(desc), out, size,
                                   ctypes.byref(diag))
        if rc != 0:
            raise DrawError(rc, "invalid draw: %s [code %d]" % (_lib.result_string(rc), rc))
        entries = [(e.code, e.severity, e.element_index, e.message.decode("utf-8", "replace"))
                   for e in diag.entries[:diag.count]]
    result = Result(layout, words_of(raw, skip, nwords), d.vertex_count_per_instance,
                    d.instance_count)
    result.diagnostics = _lib.diagnostic_dicts(entries, case.api == "D3D11")
    return result
