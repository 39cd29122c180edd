#!/bin/sh
# vk-env.sh - what the Vulkan cross-checks share, sourced by
# run-vk-tests.sh and run-vk-primitives.sh after they set $vk (the
# vfetch-vk program): Mesa lavapipe as the driver when its ICD file is
# installed and no driver was chosen with VK_ICD_FILENAMES /
# VK_DRIVER_FILES, one lavapipe thread, vkf, fail and need_device.

lvp=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json
if [ -z "${VK_ICD_FILENAMES:-}" ] && [ -z "${VK_DRIVER_FILES:-}" ] && [ -f "$lvp" ]; then
    VK_ICD_FILENAMES=$lvp
    export VK_ICD_FILENAMES
fi
# lavapipe: one rasteriser thread is enough for these draws and keeps the
# test polite on small machines.
LP_NUM_THREADS=${LP_NUM_THREADS:-1}
export LP_NUM_THREADS

# vfetch-vk runs with no shader compiler reachable: PATH names no
# directory and VFETCH_GLSLC is unset (it compiles in-process).
vkf() {
    (unset VFETCH_GLSLC; PATH=/nonexistent; export PATH; exec "$vk" "$@")
}

fail() {
    echo "FAIL: $*"
    exit 1
}

# Exits 77 (skip) without a Vulkan loader or device, 1 if listing fails.
need_device() {
    vkf --list-devices >/dev/null 2>&1
    nd_rc=$?
    if [ "$nd_rc" -eq 77 ]; then
        echo "SKIP: no Vulkan device ($(vkf --list-devices 2>&1 | tail -n 1))"
        exit 77
    fi
    [ "$nd_rc" -eq 0 ] || fail "vfetch-vk --list-devices exited $nd_rc"
}
