"""The rest of the input assembler over libvfetch: the primitives a draw
hands to the next stage (vf_primitive_count / vf_draw_primitives, or the
D3D11 calls for a D3D11 case) and vertex reuse (vf_draw_reuse)."""
import ctypes

from . import _lib
from .d3d11 import prepared_views, with_state
from .draw import Result, aligned_words, as_case, case_layout, draw_desc, output_size, words_of
from .errors import DrawError


def _check(rc, what):
    if rc != 0:
        raise DrawError(rc, "%s: %s [code %d]" % (what, _lib.result_string(rc), rc))


class Primitives:
    """One instance's primitive list (every instance has the same one).
    .vertices_per_primitive; .list: one tuple of position numbers (record
    numbers of per-position output) per primitive, leading vertex first,
    the k-th having SV_PrimitiveID k; .instances: the draw's instances."""

    def __init__(self, vertices_per_primitive, words, instances):
        n = vertices_per_primitive
        self.vertices_per_primitive = n
        self.list = [tuple(words[i:i + n]) for i in range(0, len(words), n)]
        self.instances = instances

    def __len__(self):
        return len(self.list)

    def remapped(self, remap):
        """The list in reuse record numbers (remap from run_reuse)."""
        return [tuple(remap[p] for p in prim) for prim in self.list]


def _read_list(count_fn, list_fn):
    """Counts, then lists into a buffer of exactly that size."""
    count, vpp = ctypes.c_uint32(), ctypes.c_uint32()
    _check(count_fn(ctypes.byref(count), ctypes.byref(vpp)), "primitive count")
    words = count.value * vpp.value
    out = (ctypes.c_uint32 * max(words, 1))()
    written = ctypes.c_uint32()
    _check(list_fn(out, words, ctypes.byref(written)), "primitive list")
    if written.value != count.value:
        raise DrawError(1, "primitive list: %d of %d written" % (written.value, count.value))
    return vpp.value, list(out)[:words]


def primitives(case, base_dir=None):
    """The primitives of a case (a dict in the JSON case format, a Case, or
    a path), as `vfetch run --primitives` lists them: a Primitives."""
    case = as_case(case, base_dir)
    lib = _lib.lib()
    a = case.draw
    if case.api == "D3D11":
        indexed = 1 if case.d3d11.draw_form in ("DrawIndexed", "DrawIndexedInstanced") else 0
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


class ReuseResult(Result):
    """A vertex-reuse draw: .words hold .unique records per instance
    (instance-major, each distinct vertex once, in the order positions
    first use it); .remap[p] is the record of position p within its
    instance, -1 for a strip cut. Per-position record i * N + p equals
    reuse record i * unique + remap[p]."""

    def __init__(self, layout, words, unique, instances, remap):
        super().__init__(layout, words, unique, instances)
        self.unique = unique
        self.remap = remap

    def position_record(self, instance, position):
        """The reuse record index of a position, or None for a cut."""
        r = self.remap[position]
        return None if r < 0 else instance * self.unique + r


def _reuse(lib, layout, desc, d):
    size = output_size(layout, d)  # per-position size: enough for any reuse draw
    scratch_size = ctypes.c_size_t()
    _check(lib.vf_draw_reuse_scratch_size(layout._handle, desc, ctypes.byref(scratch_size)),
           "invalid draw")
    scratch = (ctypes.c_uint32 * max(scratch_size.value // 4, 1))()
    n = d.vertex_count_per_instance
    remap = (ctypes.c_uint32 * max(n, 1))()
    unique = ctypes.c_uint32()
    raw, skip, out = aligned_words(size // 4)
    _check(lib.vf_draw_reuse(layout._handle, desc, scratch, scratch_size.value, out, size, remap,
                             n, ctypes.byref(unique)), "invalid draw")
    words = words_of(raw, skip, unique.value * d.instance_count * layout.record_words)
    rm = [-1 if r == _lib.VF_REUSE_CUT else r for r in list(remap)[:n]]
    return ReuseResult(layout, words, unique.value, d.instance_count, rm)


def run_reuse(case, isa=None, base_dir=None):
    """Runs a case as `vfetch run --reuse` does: a ReuseResult."""
    case = as_case(case, base_dir)
    lib = _lib.lib()
    layout = case_layout(case, isa)
    if case.api == "D3D11":

        def use(lib, state, diag):
            views = prepared_views(lib, case, state, diag)
            return _reuse(lib, layout, ctypes.byref(views.desc), case.draw)
        return with_state(case, layout, use)
    keep = []
    return _reuse(lib, layout, ctypes.byref(draw_desc(case, keep)), case.draw)
