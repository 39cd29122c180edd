// peer.vert - the lavapipe peer's vertex shader: writes every input register
// of a vertex, as raw 32-bit words, to a storage buffer (the rasterizer is
// discarded). One SPIR-V module per bench layout is built from this source:
//   INPUTS     number of inputs, 1..8 (locations 0..INPUTS-1)
//   UINT_MASK  bit i set: input i is an integer format (uvec4)
// Record of (instance, vertex): slot instance * vertices + vertex, words
// [(slot - base) * INPUTS + i], like a vfetch AoS record of the vertex.
// A draw split because its records exceed the device's storage buffer
// range writes a window of `window` slots from `base`: the check's draws
// skip slots outside it (wrap 0), the timed parts of the draw fold them
// into it (wrap 1) so every vertex still stores its record.
#version 450

#ifndef UINT_MASK
#define UINT_MASK 0
#endif

layout(push_constant) uniform Params { uint vertices; uint base; uint window; uint wrap; } params;
layout(std430, set = 0, binding = 0) writeonly buffer Records { uvec4 rec[]; };


#if (UINT_MASK & 1) != 0
layout(location = 0) in uvec4 a0;
#define W0 a0
#else
layout(location = 0) in vec4 a0;
#define W0 floatBitsToUint(a0)
#endif
#if INPUTS > 1
#if (UINT_MASK & 2) != 0
layout(location = 1) in uvec4 a1;
#define W1 a1
#else
layout(location = 1) in vec4 a1;
#define W1 floatBitsToUint(a1)
#endif
#endif
#if INPUTS > 2
#if (UINT_MASK & 4) != 0
layout(location = 2) in uvec4 a2;
#define W2 a2
#else
layout(location = 2) in vec4 a2;
#define W2 floatBitsToUint(a2)
#endif
#endif
#if INPUTS > 3
#if (UINT_MASK & 8) != 0
layout(location = 3) in uvec4 a3;
#define W3 a3
#else
layout(location = 3) in vec4 a3;
#define W3 floatBitsToUint(a3)
#endif
#endif
#if INPUTS > 4
#if (UINT_MASK & 16) != 0
layout(location = 4) in uvec4 a4;
#define W4 a4
#else
layout(location = 4) in vec4 a4;
#define W4 floatBitsToUint(a4)
#endif
#endif
#if INPUTS > 5
#if (UINT_MASK & 32) != 0
layout(location = 5) in uvec4 a5;
#define W5 a5
#else
layout(location = 5) in vec4 a5;
#define W5 floatBitsToUint(a5)
#endif
#endif
#if INPUTS > 6
#if (UINT_MASK & 64) != 0
layout(location = 6) in uvec4 a6;
#define W6 a6
#else
layout(location = 6) in vec4 a6;
#define W6 floatBitsToUint(a6)
#endif
#endif
#if INPUTS > 7
#if (UINT_MASK & 128) != 0
layout(location = 7) in uvec4 a7;
#define W7 a7
#else
layout(location = 7) in vec4 a7;
#define W7 floatBitsToUint(a7)
#endif
#endif

void main()
{
    uint slot = uint(gl_InstanceIndex) * params.vertices + uint(gl_VertexIndex) - params.base;
    if (slot >= params.window) {
        if (params.wrap == 0u)
            return;
        slot %= params.window;
    }
    uint base = slot * INPUTS;
    rec[base] = W0;
#if INPUTS > 1
    rec[base + 1] = W1;
#endif
#if INPUTS > 2
    rec[base + 2] = W2;
#endif
#if INPUTS > 3
    rec[base + 3] = W3;
#endif
#if INPUTS > 4
    rec[base + 4] = W4;
#endif
#if INPUTS > 5
    rec[base + 5] = W5;
#endif
#if INPUTS > 6
    rec[base + 6] = W6;
#endif
#if INPUTS > 7
    rec[base + 7] = W7;
#endif
}
