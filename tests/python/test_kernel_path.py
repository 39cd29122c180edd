"""Layout(generator=...) and Layout.kernel_path: the generator switched off
per layout or by VFETCH_JIT, the path the library reports, and the same
records either way."""
import os

import pytest

import vfetch
from conftest import SRCDIR
from vfetch.draw import Layout

STATIC_MESH = [
    ("POSITION", 0, "R32G32B32_FLOAT", 0, 0, "PER_VERTEX_DATA", 0),
    ("NORMAL", 0, "R16G16B16A16_SNORM", 0, 12, "PER_VERTEX_DATA", 0),
    ("TEXCOORD", 0, "R16G16_FLOAT", 0, 20, "PER_VERTEX_DATA", 0),
]
KEYS = {"path", "reason", "slots", "generated_slots", "quad_slots", "line_slots",
        "soa_slots", "code_bytes", "generation_ns"}


def test_generator_off():
    info = Layout(STATIC_MESH, generator=False).kernel_path
    assert set(info) == KEYS
    assert info["path"] == "per-element"
    assert info["reason"] == "turned off by options.generator"
    assert (info["slots"], info["generated_slots"], info["code_bytes"]) == (1, 0, 0)
    assert info["soa_slots"] == 0


def test_generator_default():
    info = Layout(STATIC_MESH).kernel_path
    assert info["slots"] == 1
    if info["path"] == "generated":
        assert info["generated_slots"] == 1 and info["reason"] == ""
        assert info["code_bytes"] > 0 and info["quad_slots"] <= 1
        assert info["line_slots"] <= info["quad_slots"]
        assert info["soa_slots"] == 0  # records, not SoA batches
    else:
        # built without it, a level without AVX2, or slower on this core
        assert info["path"] == "per-element" and info["reason"]


def test_generator_env(monkeypatch):
    monkeypatch.setenv("VFETCH_JIT", "0")
    info = Layout(STATIC_MESH).kernel_path
    assert info["path"] == "per-element"
    assert info["reason"] == "turned off by VFETCH_JIT=0"


def test_generator_argument():
    with pytest.raises(TypeError):
        Layout(STATIC_MESH, generator="off")


@pytest.mark.parametrize("name", ["interleaved.json", "instancing.json",
                                  "component-mapping.json"])
def test_same_records(name, monkeypatch):
    path = os.path.join(SRCDIR, "examples", name)
    on = vfetch.run(path)
    monkeypatch.setenv("VFETCH_JIT", "0")
    off = vfetch.run(path)
    assert list(on.words) == list(off.words)


def test_run_generator_off():
    path = os.path.join(SRCDIR, "examples", "interleaved.json")
    assert list(vfetch.run(path).words) == list(vfetch.run(path, generator=False).words)
    with pytest.raises(TypeError):
        vfetch.run(path, generator=0)


@pytest.mark.parametrize("name", ["vulkan-formats.json", "vulkan-divisor.json"])
def test_vulkan_generator(name):
    from vfetch.draw import ALL_SYSTEM_VALUES, as_case
    from vfetch.vulkan import VulkanLayout

    path = os.path.join(SRCDIR, "examples", name)
    off = VulkanLayout(as_case(path), ALL_SYSTEM_VALUES, None, generator=False).kernel_path
    assert set(off) == KEYS
    assert off["path"] == "per-element"
    assert off["reason"] == "turned off by options.generator"
    on = VulkanLayout(as_case(path), ALL_SYSTEM_VALUES, None).kernel_path
    assert on["slots"] == off["slots"] and on["path"] in ("generated", "per-element", "mixed")
    assert list(vfetch.run(path).words) == list(vfetch.run(path, generator=False).words)
