"""The package without NumPy: the core checks in a subprocess where
importing numpy fails."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

SCRIPT = r"""
import sys
sys.modules["numpy"] = None  # import numpy raises ImportError
sys.path[:0] = [%r, %r]
import array, glob, os, pytest
import vfetch, test_formats, test_run, test_compare, test_typed, test_assemble, test_inputs
assert vfetch.draw.numpy is None
test_formats.test_names_and_values()
test_formats.test_decode_element()
test_formats.test_decode_errors()
test_run.test_layout_from_tuples_and_records()
test_run.test_layout_error_carries_every_message()
test_typed.test_typed_arrays_give_the_hex_bytes()
# Without the CLI (a build without json-c) what compares with it skips.
def unless_skipped(fn, *args):
    try:
        fn(*args)
    except pytest.skip.Exception:
        pass
for p in test_run.cases():
    unless_skipped(test_run.test_run_matches_cli, p)
r = vfetch.run(test_run.cases()[0])
assert isinstance(r.words, array.array)
test_assemble.test_strip_with_cut_by_hand()
test_assemble.test_reuse_matches_per_position()
assert isinstance(vfetch.run_reuse(test_run.cases()[0]).words, array.array)
for name in dir(test_compare):
    if name.startswith("test_"):
        fn = getattr(test_compare, name)
        if fn.__code__.co_argcount == 0:
            unless_skipped(fn)
# Buffers and wrong types without NumPy; a register as lists of 4 values.
for name in dir(test_inputs):
    fn = getattr(test_inputs, name)
    if name.startswith("test_") and fn.__code__.co_argcount == 0:
        unless_skipped(fn)
for make in (bytes, bytearray, memoryview):
    test_inputs.test_bytes_as_hex_and_typed_data(make)
for call, message in test_inputs.WRONG_TYPES:
    test_inputs.test_wrong_argument_types_name_the_argument(call, message)
r = vfetch.run(test_inputs.case_with({"Float32": test_inputs.QUAD}))
q = test_inputs.QUAD
assert r.register("POSITION0") == [[x, y, 0.0, 1.0] for x, y in zip(q[::2], q[1::2])]
assert r.register(1) == [[k, 0, 0, 0] for k in range(3)]
assert r.array() == [[int(w) for w in r.words[k * 8:k * 8 + 8]] for k in range(3)]
print("ok")
""" % (HERE, os.path.join(HERE, "..", "..", "python"))


def test_core_without_numpy():
    p = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, cwd=HERE)
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.strip().endswith("ok")
