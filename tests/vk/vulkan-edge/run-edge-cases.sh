#!/bin/sh
# run-edge-cases.sh - the Vulkan edge cases (tests/vk/vulkan-edge/cases/)
# on the CPU, with every value checked exactly:
#  1. gen_edge_cases.py, rerun into the build directory, writes the
#     committed cases byte for byte;
#  2. `vfetch validate` accepts every case;
#  3. `vfetch run --output json` on every case agrees with the reference
#     model (tests/ref/vulkan_ref.c) word for word (check-vulkan-edge);
#  4. the check can fail: one word of one output changed is reported.
#
# Environment: top_srcdir and top_builddir (make check sets both), PYTHON
# (python3 when unset). Skips (77) without Python.
set -u
srcdir="${top_srcdir:-.}"
builddir="${top_builddir:-.}"
PYTHON="${PYTHON:-python3}"
VFETCH="$builddir/tools/vfetch/vfetch"
CHECK="$builddir/tests/check-vulkan-edge"
CASES="$srcdir/tests/vk/vulkan-edge/cases"
WORK="$builddir/tests/vk/vulkan-edge.out"
failed=0

command -v "$PYTHON" >/dev/null 2>&1 || { echo "SKIP: no $PYTHON"; exit 77; }
rm -rf "$WORK" && mkdir -p "$WORK/gen" "$WORK/out" || exit 1

"$PYTHON" "$srcdir/tests/vk/vulkan-edge/gen_edge_cases.py" \
    "$srcdir/lib/vulkan_formats.def" "$WORK/gen" || exit 1
if diff -r "$CASES" "$WORK/gen" >"$WORK/gen.diff"; then
    echo "PASS the generator writes the committed cases"
else
    echo "FAIL the committed cases differ from the generator's (see $WORK/gen.diff)"
    failed=1
fi

n=0
for c in "$CASES"/*.json; do
    name=$(basename "$c" .json)
    n=$((n + 1))
    if ! "$VFETCH" validate "$c" >"$WORK/out/$name.validate" 2>&1; then
        echo "FAIL vfetch validate $name:"; cat "$WORK/out/$name.validate"
        failed=1
        continue
    fi
    if ! "$VFETCH" run --output json "$c" >"$WORK/out/$name.json" 2>"$WORK/out/$name.err"; then
        echo "FAIL vfetch run $name:"; cat "$WORK/out/$name.err"
        failed=1
        continue
    fi
    "$CHECK" "$c" "$WORK/out/$name.json" || failed=1
done
echo "$n cases"

# One word of R8_UNORM's code 128 (0x3f008081 = 128/255) changed by one ULP
# must be caught.
sed 's/1056997505/1056997506/' "$WORK/out/fmt-R8_UNORM.json" >"$WORK/corrupt.json"
if cmp -s "$WORK/out/fmt-R8_UNORM.json" "$WORK/corrupt.json"; then
    echo "FAIL the corruption test found no word to change"; failed=1
elif "$CHECK" "$CASES/fmt-R8_UNORM.json" "$WORK/corrupt.json"; then
    echo "FAIL a one-ULP change went unnoticed"; failed=1
else
    echo "PASS a one-ULP change is reported"
fi
[ "$failed" = 0 ] && rm -rf "$WORK"
exit "$failed"
