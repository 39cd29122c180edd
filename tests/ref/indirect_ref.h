/*
 * indirect_ref.h - ExecuteIndirect walked the plain way, from
 * d3d/IndirectDrawing.md of DirectX-Specs (not from lib/indirect*.c): the
 * signature's validation list, the count (min of the count buffer's word
 * and MaxCommandCount), each command's arguments packed in signature order
 * at ArgumentBufferOffset + n * ByteStride, and its views resolved through
 * the address ranges. Free of Check: shared by the suite and the fuzz
 * target.
 */
#ifndef VF_TESTS_REF_INDIRECT_REF_H
#define VF_TESTS_REF_INDIRECT_REF_H

#include <stddef.h>
#include <stdint.h>

/* One D3D12_INDIRECT_ARGUMENT_DESC as four words: Type, then the union's
 * three words (Slot / RootParameterIndex, DestOffsetIn32BitValues,
 * Num32BitValuesToSet). */
typedef struct iref_arg { uint32_t w[4]; } iref_arg;

typedef struct iref_range { uint64_t base, size; const uint8_t *host; } iref_range;

enum { IREF_OK = 0, IREF_NULL_ADDRESS, IREF_NOT_MAPPED, IREF_BAD_STRIDE, IREF_BAD_FORMAT };

typedef struct iref_view {
    int set;                /* the command's signature set this view */
    const uint8_t *host;    /* NULL: unbound */
    uint32_t size, third;   /* SizeInBytes, StrideInBytes or Format */
} iref_view;

typedef struct iref_command {
    int error;              /* IREF_*: the first bad view */
    int indexed;
    uint32_t args[5];       /* the draw's UINTs as the buffer holds them */
    iref_view vb[32];
    iref_view ib;
} iref_command;

/* 1 when the signature passes every rule of the spec's Validation list
 * that needs no root signature, 0 otherwise. */
int iref_signature_valid(const iref_arg *args, uint32_t n, uint32_t byte_stride);

/* The commands an ExecuteIndirect runs (the signature must be valid and
 * the buffers large enough): writes at most `cap` into out[] and returns
 * how many run. count may be NULL (no count buffer). */
uint32_t iref_walk(const iref_arg *args, uint32_t n, uint32_t byte_stride, const uint8_t *buffer,
                   uint64_t offset, const uint32_t *count, uint32_t max_count,
                   const iref_range *ranges, uint32_t nranges, iref_command *out, uint32_t cap);

#endif
