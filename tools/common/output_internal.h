/*
 * output_internal.h - what the writers of output.c share with
 * output_regs.c: how a register's words are shown, the registers to print
 * and the out-of-bounds marker of a record.
 */
#ifndef VF_TOOLS_COMMON_OUTPUT_INTERNAL_H
#define VF_TOOLS_COMMON_OUTPUT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "output.h"

#define CELL_SIZE 48
/* Room for an out-of-bounds marker naming every register. */
#define OOB_TEXT_SIZE (VF_MAX_REGISTERS * 80 + 64)
/* Word i of the i / 4-th register of `regs` within a record. */
#define REG_WORD(regs, i) (4 * (regs)[(i) / 4].index + (i) % 4)

/* How the words of a register are shown. */
enum kind { KIND_FLOAT, KIND_UINT, KIND_SINT };

/* Name and kind of each data register (not the system register). */
struct reg_desc {
    char name[80];
    enum kind kind;
    uint32_t index; /* the register's number in the record */
};

/* The data registers to print (all, or those o->registers names) and what
 * the out-of-bounds marker needs: every register's name and the views. */
struct regs_view {
    struct reg_desc *all, *shown;
    uint32_t nall, nshown;
    const char *names[VF_MAX_REGISTERS];
    vf_draw_desc desc;
};

float vf_out_word_to_float(uint32_t w);

/* A float as the shortest text that reads back to the same float (%.9g);
 * NaN and infinities spelt out, since %g's spelling varies. */
void vf_out_format_float(char *buf, size_t size, uint32_t w);

/* A word as `kind` shows it, or as a 0x bit pattern with `hex`. */
void vf_out_format_word(char *buf, size_t size, uint32_t w, enum kind kind, int hex);

/* Integer formats hold integers in every component (IA vertex formats never
 * mix float and integer components); everything else holds float bits. */
enum kind vf_out_format_kind(vf_format format);

/* The registers of r, and those o->registers names; 0, or -1 out of memory. */
int vf_out_regs_view_init(struct regs_view *v, const struct vf_records *r,
                          const struct vf_output_options *o);
void vf_out_regs_view_free(struct regs_view *v);

/* The out-of-bounds reads of record (j, v) as text (oob.h); 0 when none. */
int vf_out_record_oob_text(const struct vf_records *r, const struct vf_output_options *o,
                           const struct regs_view *rv, uint32_t j, uint32_t v, char *buf,
                           size_t size);

/* The records to print: o->sel, or the whole draw. */
static inline struct vf_selection vf_out_selection(const struct vf_records *r,
                                               const struct vf_output_options *o)
{
    return vf_records_selection(r, o != NULL ? o->sel : NULL);
}

#define FOR_INSTANCES(s, j) for (uint32_t j = (s).first_instance; \
                                 j - (s).first_instance < (s).num_instances; j++)
#define FOR_POSITIONS(s, v) for (uint32_t v = (s).first_position; \
                                 v - (s).first_position < (s).num_positions; v++)

#endif
