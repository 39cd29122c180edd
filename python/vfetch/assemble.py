"""The rest of the input assembler over libvfetch: the primitives a draw
hands to the next stage (vf_primitive_count / vf_draw_primitives, or the
D3D11 calls for a D3D11 case) and vertex reuse (vf_draw_reuse)."""
import ctypes

from . import _lib
from ._coerce import arg_uint, numpy
from .d3d11 import iter_with_state, prepared_views, with_state
from .draw import (MAX_OUTPUT_SIZE, Result, aligned_words, as_case, case_layout, draw_desc,
                   output_size, words_of)
from .errors import DrawError
from .vulkan import draw_desc as vulkan_draw_desc


def _check(rc, what):
    if rc != 0:
        raise DrawError(rc, "%s: %s [code %d]" % (what, _lib.result_string(rc), rc))


class Primitives:
    """One instance's primitive list (every instance has the same one), or
    a piece of it (iter_primitives). .vertices_per_primitive; .list: one
    tuple of position numbers (record numbers of per-position output) per
    primitive, leading vertex first, the k-th having SV_PrimitiveID
    .first + k; .first: 0 for a whole list; .instances: the draw's
    instances. .provoking: for a Vulkan case in provokingVertexMode
    LAST_VERTEX, each primitive's provoking vertex (a position, as the
    CLI's JSON "provoking"; None for a patch), else None: the leading
    vertex provokes.
    .array(): the list as a NumPy uint32 array of shape
    (primitives, vertices_per_primitive), or a list of lists without NumPy."""

    def __init__(self, vertices_per_primitive, words, instances, first=0, provoking=None):
        n = vertices_per_primitive
        self.vertices_per_primitive = n
        self.list = [tuple(words[i:i + n]) for i in range(0, len(words), n)]
        self.instances = instances
        self.first = first
        self.provoking = provoking

    def __len__(self):
        return len(self.list)

    def array(self):
        if numpy is None:
            return [list(p) for p in self.list]
        return numpy.array(self.list, dtype=numpy.uint32).reshape(-1, self.vertices_per_primitive)

    def remapped(self, remap):
        """The list in reuse record numbers (remap from run_reuse)."""
        return [tuple(remap[p] for p in prim) for prim in self.list]


def _capped_words(count, vpp):
    """Words of a list of `count` primitives; DrawError past the output cap
    (vfetch.run's), before anything is allocated."""
    words = count * vpp
    if 4 * words > MAX_OUTPUT_SIZE:
        raise DrawError(_lib.VF_ERROR_OVERFLOW,
                        "Draw: %d primitives of %d vertices is more than 1 GiB; "
                        "vfetch.iter_primitives reads them in pieces" % (count, vpp))
    return words


def _read_list(count_fn, list_fn):
    """Counts, then lists into a buffer of exactly that size."""
    count, vpp = ctypes.c_uint32(), ctypes.c_uint32()
    _check(count_fn(ctypes.byref(count), ctypes.byref(vpp)), "primitive count")
    words = _capped_words(count.value, vpp.value)
    out = (ctypes.c_uint32 * max(words, 1))()
    written = ctypes.c_uint32()
    _check(list_fn(out, words, ctypes.byref(written)), "primitive list")
    if written.value != count.value:
        raise DrawError(1, "primitive list: %d of %d written" % (written.value, count.value))
    return vpp.value, list(out)[:words]


def _d3d11_indexed(case):
    return 1 if case.draw.indexed else 0


def primitives(case, base_dir=None):
    """The primitives of a case (a dict in the JSON case format, a Case, or
    a path), as `vfetch run --primitives` lists them: a Primitives.
    DrawError when the list would take more than 1 GiB of words (as
    vfetch.run refuses such a draw); iter_primitives reads any list."""
    case = as_case(case, base_dir)
    if case.indirect is not None:
        # ExecuteIndirect: a list of IndirectCommand, .result per command.
        from . import _indirect
        return _indirect.each(case, lambda c: primitives(c))
    lib = _lib.lib()
    a = case.draw
    if case.api == "Vulkan":
        # Vulkan's own assembly (fans, restart in lists): vulkan_prim.py.
        from .vulkan_prim import primitives as vulkan_primitives
        vpp, words, prov = vulkan_primitives(case, case_layout(case))
        return Primitives(vpp, words, a.instance_count, 0, _last_vertex(case, prov))
    if case.api == "D3D11":
        indexed = _d3d11_indexed(case)
        n, start = a.vertex_count_per_instance, a.start_location

        def use(lib, state, diag):
            s = ctypes.byref(state)
            return _read_list(
                lambda c, v: lib.vf_d3d11_primitive_count(s, indexed, n, start, c, v),
                lambda o, w, r: lib.vf_d3d11_draw_primitives(s, indexed, n, start, 0, o, w, r))
        vpp, words = with_state(case, case_layout(case), use)
    else:
        keep = []
        desc = ctypes.byref(draw_desc(case, keep))
        vpp, words = _read_list(lambda c, v: lib.vf_primitive_count(desc, c, v, None),
                                lambda o, w, r: lib.vf_draw_primitives(desc, 0, o, w, r))
    return Primitives(vpp, words, a.instance_count)


def _pieces(count_fn, init_fn, next_fn, chunk, instances):
    """Primitives pieces of at most `chunk` primitives through a cursor:
    each call of next_fn reads on from where the last one stopped."""
    count, vpp = ctypes.c_uint32(), ctypes.c_uint32()
    _check(count_fn(ctypes.byref(count), ctypes.byref(vpp)), "primitive count")
    cursor = _lib.PrimitiveCursor()
    _check(init_fn(ctypes.byref(cursor)), "primitive cursor")
    n = vpp.value
    out = (ctypes.c_uint32 * max(chunk * n, 1))()
    written = ctypes.c_uint32()
    while True:
        first = cursor.next_primitive
        _check(next_fn(ctypes.byref(cursor), out, chunk * n, ctypes.byref(written)),
               "primitive list")
        if written.value == 0:
            return
        yield Primitives(n, out[:written.value * n], instances, first)


def iter_primitives(case, chunk=65536, base_dir=None):
    """The primitives of a case in pieces of at most `chunk` primitives (a
    positive integer): an iterator of Primitives, in order, each .first
    the SV_PrimitiveID of its first primitive. A list of any length is read
    with the library's cursor (vf_draw_primitives_next): every index once,
    at most `chunk` primitives held at a time. The case and the arguments
    are checked at the call; the library's errors (DrawError, StateError)
    come from the first step. The draw's buffers (a D3D11 case's state)
    live until the iterator ends or is closed."""
    case = as_case(case, base_dir)
    chunk = arg_uint("chunk", chunk)
    most = MAX_OUTPUT_SIZE // (4 * 32)  # 32 vertices: the largest patch
    if not 0 < chunk <= most:
        raise ValueError("chunk: %d; expected 1 .. %d primitives" % (chunk, most))
    if case.api == "D3D11":
        return iter_with_state(case, case_layout(case), _d3d11_pieces(case, chunk))
    if case.api == "Vulkan":
        return _vulkan_pieces(case, chunk)
    return _d3d12_pieces(case, chunk)


def _vulkan_pieces(case, chunk):
    from .vulkan_prim import pieces
    for first, vpp, words, prov in pieces(case, case_layout(case), chunk):
        yield Primitives(vpp, words, case.draw.instance_count, first, _last_vertex(case, prov))


def _last_vertex(case, provoking):
    """The provoking positions where they are not the leading vertex: a
    Vulkan case in LAST_VERTEX mode (the CLI's "provoking"), else None."""
    from .vulkan_prim import LAST_VERTEX
    if case.vulkan.provoking_mode != LAST_VERTEX:
        return None
    return [None if p == 0xFFFFFFFF else p for p in provoking]  # patches have none


def _d3d11_pieces(case, chunk):
    a = case.draw
    ind, n, start = _d3d11_indexed(case), a.vertex_count_per_instance, a.start_location

    def use(lib, state, diag):
        s = ctypes.byref(state)
        yield from _pieces(
            lambda c, v: lib.vf_d3d11_primitive_count(s, ind, n, start, c, v),
            lambda cur: lib.vf_d3d11_primitive_cursor_init(s, ind, n, start, cur),
            lambda cur, o, w, r: lib.vf_d3d11_draw_primitives_next(s, ind, n, start, cur, o, w,
                                                                    r),
            chunk, a.instance_count)
    return use


def _d3d12_pieces(case, chunk):
    lib = _lib.lib()
    keep = []  # the buffers desc points at, alive as long as the generator
    desc = ctypes.byref(draw_desc(case, keep))
    yield from _pieces(lambda c, v: lib.vf_primitive_count(desc, c, v, None),
                       lambda cur: lib.vf_primitive_cursor_init(desc, cur),
                       lambda cur, o, w, r: lib.vf_draw_primitives_next(desc, cur, o, w, r),
                       chunk, case.draw.instance_count)


class ReuseResult(Result):
    """A vertex-reuse draw: .words hold .unique records per instance
    (instance-major, each distinct vertex once, in the order positions
    first use it); .remap[p] is the record of position p within its
    instance, -1 for a strip cut. Per-position record i * N + p equals
    reuse record i * unique + remap[p]. .indices lists the distinct raw
    indices in record order (vf_reuse_map), None for a draw without
    indices, whose records are its positions."""

    def __init__(self, layout, words, unique, instances, remap, indices=None):
        super().__init__(layout, words, unique, instances)
        self.unique = unique
        self.remap = remap
        self.indices = indices

    def position_record(self, instance, position):
        """The reuse record index of a position, or None for a cut."""
        r = self.remap[position]
        return None if r < 0 else instance * self.unique + r


def _reuse_map(lib, layout, desc, n, indexed):
    """vf_reuse_map: (remap array, distinct-index array, U)."""
    scratch_size = ctypes.c_size_t()
    _check(lib.vf_reuse_map_scratch_size(layout._handle, desc, ctypes.byref(scratch_size)),
           "invalid draw")
    scratch = (ctypes.c_uint32 * max(scratch_size.value // 4, 1))()
    remap = (ctypes.c_uint32 * max(n, 1))()
    distinct = (ctypes.c_uint32 * max(n, 1))()
    unique = ctypes.c_uint32()
    _check(lib.vf_reuse_map(layout._handle, desc, scratch, scratch_size.value, remap, n,
                            distinct, n if indexed else 0, ctypes.byref(unique)), "invalid draw")
    return remap, distinct, unique.value


def _reuse(lib, layout, desc, d):
    """The two calls: the map, then the ordinary indexed draw of the
    distinct indices into exactly U records an instance."""
    n, indexed = d.vertex_count_per_instance, bool(d.indexed)
    output_size(layout, d)  # the per-position limit, as `vfetch run --reuse`
    remap, distinct, u = _reuse_map(lib, layout, desc, n, indexed)
    ib, records = _lib.IndexBufferView(), _lib.DrawDesc()
    _check(lib.vf_reuse_records_desc(desc, distinct, u, ctypes.byref(ib), ctypes.byref(records)),
           "invalid draw")
    size = ctypes.c_size_t()
    _check(lib.vf_draw_output_size(layout._handle, u, d.instance_count, ctypes.byref(size)),
           "invalid draw")
    size = size.value
    raw, skip, out = aligned_words(size // 4)
    _check(lib.vf_draw(layout._handle, ctypes.byref(records), out, size), "invalid draw")
    words = words_of(raw, skip, u * d.instance_count * layout.record_words)
    rm = [-1 if r == _lib.VF_REUSE_CUT else r for r in list(remap)[:n]]
    return ReuseResult(layout, words, u, d.instance_count, rm,
                       list(distinct)[:u] if indexed else None)


def _vulkan_reuse(layout, case):
    """run_reuse of a Vulkan case: the map and distinct indices read here,
    the records drawn by vf_vk_draw (vulkan_reuse.py)."""
    from . import vulkan_reuse
    from .vulkan import draw_with
    d = case.draw
    output_size(layout, d)  # the per-position limit, as for D3D
    vulkan_reuse.check(case, layout)
    n = d.vertex_count_per_instance
    if d.indexed:
        remap, distinct = vulkan_reuse.reuse_map(*vulkan_reuse.indices(case))
    else:
        remap, distinct = list(range(n)), None
    keep = []
    desc = vulkan_reuse.records_desc(case, distinct, keep) if d.indexed else \
        vulkan_draw_desc(case, keep)
    u = len(distinct) if d.indexed else n
    size = ctypes.c_size_t()
    _check(_lib.lib().vf_draw_output_size(layout._handle, u, d.instance_count,
                                          ctypes.byref(size)), "invalid draw")
    raw, skip, out = aligned_words(size.value // 4)
    draw_with(layout, desc, out, size.value)
    words = words_of(raw, skip, u * d.instance_count * layout.record_words)
    return ReuseResult(layout, words, u, d.instance_count, remap, distinct)


def run_reuse(case, isa=None, base_dir=None):
    """Runs a case as `vfetch run --reuse` does: a ReuseResult (for an
    ExecuteIndirect case a list of IndirectCommand, .result per command).

    Two library calls: vf_reuse_map reads the indices once and gives the
    map (.remap) and the distinct raw indices (.indices, first-use order);
    the records are the ordinary indexed draw of those indices, sized for
    exactly .unique records an instance, so each holds what the
    per-position record of a position with that index holds (SV_VertexID
    is the raw index). isa forces a fetch path by name (None: the
    default); base_dir resolves a case file's relative paths. Raises
    DrawError on a draw the library refuses, with nothing returned.

    A Vulkan case (vulkan_reuse.py): the indices are read here as
    vf_vk_draw reads them (UINT8, UINT16 or UINT32; with
    primitiveRestartEnable the all-ones index of the type is a cut), and
    the records are vf_vk_draw's of a UINT32 index buffer of the distinct
    indices, with the case's vertexOffset and firstInstance: each record
    is the per-position record of a position with that index
    (gl_VertexIndex = index + vertexOffset). A vkCmdDraw's records are
    its positions."""
    case = as_case(case, base_dir)
    if case.indirect is not None:
        from . import _indirect
        return _indirect.each(case, lambda c: run_reuse(c, isa))
    lib = _lib.lib()
    layout = case_layout(case, isa)
    if case.api == "Vulkan":
        return _vulkan_reuse(layout, case)
    if case.api == "D3D11":

        def use(lib, state, diag):
            views = prepared_views(lib, case, state, diag)
            return _reuse(lib, layout, ctypes.byref(views.desc), case.draw)
        return with_state(case, layout, use)
    keep = []
    return _reuse(lib, layout, ctypes.byref(draw_desc(case, keep)), case.draw)
