/*
 * svg_picture.h - a draw's primitives drawn as SVG (`vfetch run --picture`):
 * one panel per instance, every primitive from a position register, x and
 * y as given or divided by w, fitted to the panel with one scale for all
 * panels (y up). Each primitive is a <g class="prim"> with data-id (its
 * SV_PrimitiveID) and data-vertices (its positions, leading vertex first);
 * the leading vertex carries a <circle class="leading"> (with a list's
 * provoking vertices, Vulkan's LAST_VERTEX mode: the provoking vertex, class
 * "leading provoking", and the group has data-provoking), adjacent vertices
 * a <rect class="adjacent">, every strip cut a <g class="cut">, and every
 * position a <g class="vertex"> (data-positions: the positions drawn at one
 * point; data-oob-positions: those that read out of bounds, oob.h).
 * Numbers have two decimals: the same records give the same bytes.
 */
#ifndef VF_TOOLS_COMMON_SVG_PICTURE_H
#define VF_TOOLS_COMMON_SVG_PICTURE_H

#include <stdint.h>
#include <stdio.h>

#include "output.h"

/* The most vertices plus primitives one picture draws, over all panels. */
#define VF_PICTURE_MAX_ITEMS 1000000u

struct vf_picture_options {
    const char *title;          /* shown at the top, e.g. the case file's name */
    uint32_t position_register; /* the data register with x, y (z), w */
    int divide_by_w;            /* 1: x/w, y/w (w <= 0 is not drawn); 0: x, y */
};

/* The position register of `r`'s layout: SV_Position0, else POSITION0
 * (case-insensitive); 0, or -1 when it has neither. */
int vf_picture_default_register(const struct vf_records *r, uint32_t *index_ret);

/* Draws the primitives `pl` (every instance has the same list; positions
 * per instance) of the instances `sel` selects (NULL: all), those whose
 * vertices all lie in its positions. Returns 0; -1 when writing failed
 * (errno set by stdio) or memory ran out; -2 when the picture would hold
 * more than VF_PICTURE_MAX_ITEMS (nothing written). */
int vf_picture_write(FILE *f, const struct vf_records *r, const struct vf_primitive_list *pl,
                     const struct vf_selection *sel, const struct vf_picture_options *po);

#endif /* VF_TOOLS_COMMON_SVG_PICTURE_H */
