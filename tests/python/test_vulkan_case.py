"""Vulkan cases from Python: provokingVertexMode and patchControlPoints
read as the CLI reads them, the provoking vertex of each primitive, the
pipeline statistics, vertex reuse, and every problem of a malformed case.
Expected values are worked by hand from Vulkan-Docs ("Primitive
Topologies", queries.adoc; docs/d3d-ia-rules.md 18.5-18.7), not asked of
the library."""
import copy
import json

import pytest

import vfetch
from conftest import run_cli

R16 = 0xFFFF


def case(topology, count, indices=None, index_type="UINT16", restart=False, **more):
    """A case of one R32_SFLOAT attribute whose element k is k."""
    c = {"Api": "Vulkan",
         "VertexBindings": [{"binding": 0, "stride": 4}],
         "VertexAttributes": [{"location": 0, "binding": 0, "format": "R32_SFLOAT"}],
         "Buffers": [{"Float32": list(range(32))}],
         "vkCmdBindVertexBuffers": {"buffers": [0]},
         "topology": topology,
         "Draw": {"vkCmdDraw": {"vertexCount": count}}}
    if indices is not None:
        typed = {"UINT8": "Uint8", "UINT16": "Uint16", "UINT32": "Uint32"}[index_type]
        c["Buffers"].append({typed: indices})
        c["vkCmdBindIndexBuffer"] = {"buffer": 1, "indexType": index_type}
        c["Draw"] = {"vkCmdDrawIndexed": {"indexCount": count}}
        c["primitiveRestartEnable"] = restart
    c.update(more)
    return c


def problems(c):
    with pytest.raises(vfetch.CaseError) as e:
        vfetch.Case(c)
    return e.value.problems


def cli_lines(c):
    p = run_cli("run", "-", input=json.dumps(c).encode())
    assert p.returncode == 2
    return [line[len("vfetch: -: "):] for line in p.stderr.decode().strip().split("\n")]


# ---------------------------------------------------------------------------
# provokingVertexMode and patchControlPoints

def test_last_vertex_marks_the_provoking_vertex():
    # Strip triangle i is (v_i, v_i+1+i%2, v_i+2-i%2); under LAST_VERTEX
    # v_i+2 provokes it (VK_EXT_provoking_vertex), the order is unchanged.
    p = vfetch.primitives(case("TRIANGLE_STRIP", 6, provokingVertexMode="LAST_VERTEX"))
    assert p.list == [(0, 1, 2), (1, 3, 2), (2, 3, 4), (3, 5, 4)]
    assert p.provoking == [2, 3, 4, 5]
    # FIRST_VERTEX, the default: the leading vertex provokes, as for D3D.
    assert vfetch.primitives(case("TRIANGLE_STRIP", 6)).provoking is None
    first = vfetch.primitives(case("TRIANGLE_STRIP", 6, provokingVertexMode="FIRST_VERTEX"))
    assert first.list == p.list and first.provoking is None


def test_last_vertex_of_a_fan_in_pieces():
    # Fan triangle i is (v_i+1, v_i+2, v_0); the last vertex is v_i+2.
    c = case("TRIANGLE_FAN", 6, provokingVertexMode="VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT")
    pieces = list(vfetch.iter_primitives(c, chunk=3))
    assert [(q.first, q.list, q.provoking) for q in pieces] == [
        (0, [(1, 2, 0), (2, 3, 0), (3, 4, 0)], [2, 3, 4]), (3, [(4, 5, 0)], [5])]


def test_provoking_as_the_cli_json():
    c = case("TRIANGLE_STRIP", 5, provokingVertexMode="LAST_VERTEX")
    p = run_cli("run", "--primitives", "--output", "json", "-", input=json.dumps(c).encode())
    assert p.returncode == 0, p.stderr
    want = [pr["provoking"] for pr in json.loads(p.stdout)["primitives"]]
    assert vfetch.primitives(c).provoking == want == [2, 3, 4]


def test_patch_control_points():
    # 8 vertices in patches of 3: two patches, v6 v7 left over.
    c = case("PATCH_LIST", 8, patchControlPoints=3)
    p = vfetch.primitives(c)
    assert (p.vertices_per_primitive, p.list) == (3, [(0, 1, 2), (3, 4, 5)])
    assert vfetch.Case(c).primitive_topology == 33 + 2  # 3_CONTROL_POINT_PATCHLIST
    last = vfetch.primitives(dict(c, provokingVertexMode="LAST_VERTEX"))
    assert last.provoking == [None, None]  # patches have no provoking vertex
    # Absent: one control point a patch.
    assert vfetch.primitives(case("PATCH_LIST", 2)).list == [(0,), (1,)]


@pytest.mark.parametrize("more,want", [
    ({"provokingVertexMode": "LAST_VERTX"},
     "provokingVertexMode: unknown provoking vertex mode 'LAST_VERTX' (did you mean "
     "'LAST_VERTEX'?)"),
    ({"provokingVertexMode": True},
     "provokingVertexMode: expected a provoking vertex mode name or a number, got a boolean"),
    ({"patchControlPoints": 3},
     "patchControlPoints: only for \"topology\": \"PATCH_LIST\" (the tessellation state is not "
     "used with TRIANGLE_LIST)"),
    ({"topology": "PATCH_LIST", "patchControlPoints": 33},
     "patchControlPoints: expected 1..32 "
     "(VUID-VkPipelineTessellationStateCreateInfo-patchControlPoints-01214), got 33"),
    ({"topology": "PATCH_LIST", "patchControlPoints": 0},
     "patchControlPoints: expected 1..32 "
     "(VUID-VkPipelineTessellationStateCreateInfo-patchControlPoints-01214), got 0"),
    ({"topology": "PATCH_LIST", "patchControlPoints": -1},
     "patchControlPoints: -1 is negative; expected an unsigned 32-bit integer"),
])
def test_ia_fields_refused_as_the_cli(more, want):
    c = dict(case("TRIANGLE_LIST", 3), **more)
    assert problems(c) == [want]
    assert cli_lines(c) == [want]


def test_provoking_mode_number_is_the_librarys_to_judge():
    c = case("TRIANGLE_LIST", 3, provokingVertexMode=7)
    with pytest.raises(vfetch.DrawError) as e:
        vfetch.primitives(c)
    assert e.value.code == 529  # VF_ERROR_VK_INVALID_PROVOKING_VERTEX_MODE


# ---------------------------------------------------------------------------
# Statistics: (min, max) worked by hand per topology

def stats(c):
    s = vfetch.statistics(c)
    return ((s.ia_vertices_min, s.ia_vertices), (s.ia_primitives, s.ia_primitives_max),
            s.vs_invocations)


def test_statistics_strip_with_restart():
    # 7 8 9 | 10 11 12 13 9 | 5, two instances. Per instance: complete
    # triangles use 3 + 5 positions of 11; 1 + 3 triangles, and the last
    # piece ends unfinished (+1 at most); 7 distinct indices in triangles
    # (9 twice), 9 positions not restart.
    c = case("TRIANGLE_STRIP", 11, [7, 8, 9, R16, 10, 11, 12, 13, 9, R16, 5], restart=True)
    c["Draw"]["vkCmdDrawIndexed"]["instanceCount"] = 2
    assert stats(c) == ((16, 22), (8, 10), (14, 18))
    assert vfetch.statistics(c).as_json() == {"IAVertices": 22, "IAPrimitives": 8,
                                              "VSInvocations": [14, 18],
                                              "IAVerticesRange": [16, 22],
                                              "IAPrimitivesRange": [8, 10]}


def test_statistics_fan_with_restart():
    # 0 1 2 3 | 4 5: two triangles from the first piece, the second too
    # short (one more primitive at most); 4 distinct, 6 not restart.
    c = case("TRIANGLE_FAN", 7, [0, 1, 2, 3, R16, 4, 5], restart=True)
    assert stats(c) == ((4, 7), (2, 3), (4, 6))


def test_statistics_list_restart():
    # 1 2 | 3 4 5 6 7 | 8 9 10 11: triangles (3 4 5) and (8 9 10); every
    # piece ends with an unfinished one (+3 at most).
    c = case("TRIANGLE_LIST", 13, [1, 2, R16, 3, 4, 5, 6, 7, R16, 8, 9, 10, 11], restart=True)
    assert stats(c) == ((6, 13), (2, 5), (6, 11))


def test_statistics_patch_list():
    # Patches of 3 over 8 vertices: two, and v6 v7 unfinished.
    assert stats(case("PATCH_LIST", 8, patchControlPoints=3)) == ((6, 8), (2, 3), (6, 8))


# ---------------------------------------------------------------------------
# Vertex reuse

def assert_reuse_matches_positions(c):
    r, full = vfetch.run_reuse(c), vfetch.run(c)
    n = full.vertices
    for j in range(full.instances):
        for p, m in enumerate(r.remap):
            if m < 0:
                assert full.is_cut(j * n + p)
                continue
            assert list(full.record_words_at(j * n + p)) == \
                list(r.record_words_at(j * r.unique + m)), (j, p)
    return r


@pytest.mark.parametrize("index_type,cut", [("UINT8", 0xFF), ("UINT16", R16),
                                            ("UINT32", 0xFFFFFFFF)])
def test_reuse_distinct_indices_by_hand(index_type, cut):
    c = case("TRIANGLE_STRIP", 9, [4, 5, 6, cut, 5, 4, 7, 2, 4], index_type, True)
    c["Draw"]["vkCmdDrawIndexed"].update(vertexOffset=3, firstInstance=1, instanceCount=2)
    r = assert_reuse_matches_positions(c)
    assert r.indices == [4, 5, 6, 7, 2]
    assert r.remap == [0, 1, 2, -1, 1, 0, 3, 4, 0]
    assert r.unique == 5 and len(r) == 10
    # gl_VertexIndex = index + vertexOffset; element index + 3 read.
    assert [r.system(k)[0] for k in range(5)] == [7, 8, 9, 10, 5]
    assert [float(r.records(k)["location0"][0]) for k in range(5)] == [7, 8, 9, 10, 5]


def test_reuse_without_restart_keeps_all_ones():
    # Restart off: 0xFFFF is a vertex (it reads past the buffer: zeros).
    c = case("TRIANGLE_LIST", 6, [1, R16, 2, 1, R16, 3])
    r = assert_reuse_matches_positions(c)
    assert (r.indices, r.remap) == ([1, R16, 2, 3], [0, 1, 2, 0, 1, 3])


def test_reuse_first_index_and_past_the_end():
    # firstIndex 2 of 5 indices, 5 positions: the last two read index 0.
    c = case("POINT_LIST", 5, [9, 9, 3, 3, 1])
    c["Draw"]["vkCmdDrawIndexed"]["firstIndex"] = 2
    r = assert_reuse_matches_positions(c)
    assert (r.indices, r.remap) == ([3, 1, 0], [0, 0, 1, 2, 2])


def test_reuse_of_vk_cmd_draw_is_the_positions():
    c = case("TRIANGLE_LIST", 3)
    c["Draw"]["vkCmdDraw"].update(firstVertex=2, instanceCount=2)
    r = assert_reuse_matches_positions(c)
    assert (r.indices, r.remap, r.unique) == (None, [0, 1, 2], 3)


def test_reuse_refuses_what_the_draw_refuses():
    c = case("TRIANGLE_LIST", 3, [0, 1, 2])
    c["vkCmdBindIndexBuffer"]["buffer"] = None
    with pytest.raises(vfetch.DrawError) as run_error:
        vfetch.run(c)
    with pytest.raises(vfetch.DrawError) as reuse_error:
        vfetch.run_reuse(c)
    assert "07312" in str(reuse_error.value)
    assert reuse_error.value.code == run_error.value.code


# ---------------------------------------------------------------------------
# Every problem of a part, as the CLI reports them

BROKEN = case("TRIANGLE_LIST", 3, [0, 1, 2])
BROKEN["VertexBindings"] = [{"binding": -1, "stride": "x", "inputRate": "INSTANSE"}]
BROKEN["VertexAttributes"] = [{"binding": 0, "format": "R32_SFLOT", "offset": -4}]
BROKEN["vkCmdBindIndexBuffer"] = {"buffer": -2, "indexType": "UINT9", "ofset": 0}
BROKEN_PROBLEMS = [
    "VertexBindings[0].binding: -1 is negative; expected an unsigned 32-bit integer",
    "VertexBindings[0].stride: expected a non-negative integer, got a string",
    "VertexBindings[0].inputRate: unknown input rate 'INSTANSE' (did you mean 'INSTANCE'?)",
    "VertexAttributes[0]: missing field 'location'",
    "VertexAttributes[0].offset: -4 is negative; expected an unsigned 32-bit integer",
    "VertexAttributes[0].format: unknown vertex format 'R32_SFLOT' (did you mean 'R32_SFLOAT'?)",
    "vkCmdBindIndexBuffer: unknown field 'ofset' (did you mean 'offset'?)",
    "vkCmdBindIndexBuffer.buffer: -2 is negative; expected an unsigned 32-bit integer",
    "vkCmdBindIndexBuffer.indexType: unknown index type 'UINT9' (did you mean 'UINT8'?)",
]


def test_every_field_of_a_part_as_the_cli():
    assert problems(copy.deepcopy(BROKEN)) == BROKEN_PROBLEMS
    assert cli_lines(BROKEN) == BROKEN_PROBLEMS


def test_index_type_aliases():
    for name in ("UINT8", "UINT8_EXT", "VK_INDEX_TYPE_UINT8_KHR"):
        c = case("POINT_LIST", 3, [2, 0, 1], "UINT8")
        c["vkCmdBindIndexBuffer"]["indexType"] = name
        assert vfetch.Case(c).vulkan.index_buffer[2] == 1000265000, name


def test_more_than_twenty_as_the_cli():
    c = case("POINT_LIST", 1)
    c["VertexAttributes"] = [{"location": i, "binding": 0, "format": "R32_SFLOT"}
                             for i in range(23)]
    with pytest.raises(vfetch.CaseError) as e:
        vfetch.Case(c)
    err = e.value
    assert (len(err.problems), err.problem_count) == (20, 23)
    assert str(err).split("\n") == cli_lines(c)
    assert str(err).endswith("\n... and 3 more problems not shown")


def test_wrong_types_named_as_the_cli():
    c = case("POINT_LIST", 3, [0, 1, 2], primitiveRestartEnable="yes")
    c["VertexAttributes"][0]["format"] = {}
    want = ["VertexAttributes[0].format: expected a VkFormat name or a number, got an object",
            "primitiveRestartEnable: expected true or false, got a string"]
    assert problems(c) == want
    assert cli_lines(c) == want
