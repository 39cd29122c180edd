/*
 * svg_internal.h - what the two files of the SVG picture share: points on
 * the page in hundredths of a unit, and the writers of numbers, text and
 * one primitive. Private to svg_picture.c and svg_shapes.c.
 */
#ifndef VF_TOOLS_COMMON_SVG_INTERNAL_H
#define VF_TOOLS_COMMON_SVG_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

/* A point on the page, in hundredths: integers, so that printing it is
 * exact and the same everywhere. ok: the position could be drawn. */
struct svg_pt {
    long long x, y;
    int ok;
};

/* What a primitive's shape is, from the topology (rules §13.1). */
enum svg_shape { SHAPE_POINT, SHAPE_LINE, SHAPE_TRIANGLE, SHAPE_LINE_ADJ, SHAPE_TRIANGLE_ADJ,
                 SHAPE_PATCH };

enum svg_shape svg_shape_of(uint32_t topology, uint32_t vertices);

/* "12.34" for 1234 hundredths. */
void svg_num(FILE *f, long long hundredths);

/* `s` as XML character data: markup escaped, control and non-ASCII bytes
 * as '?', so that any case name gives well-formed XML. */
void svg_text(FILE *f, const char *s);

/* One primitive, <g class="prim" data-id data-vertices>: its shape, its
 * leading vertex, its adjacent vertices and its ID. `pts` is indexed by
 * position; a primitive with a vertex that cannot be drawn keeps its group
 * and its data but has no shape. `provoking`: UINT32_MAX, or the position
 * of the provoking vertex (Vulkan's LAST_VERTEX mode), which then gets the
 * dot (class "leading provoking") and the group data-provoking. */
void svg_primitive(FILE *f, const struct svg_pt *pts, const uint32_t *v, uint32_t n,
                   enum svg_shape shape, uint32_t id, uint32_t provoking);

#endif /* VF_TOOLS_COMMON_SVG_INTERNAL_H */
