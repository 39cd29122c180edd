/*
 * gen_gccjit.c - the static mesh's record kernel built as libgccjit IR: a
 * counted loop over vertices, every component decoded with 32-bit integer
 * and float operations, compiled at -O3 for the host CPU (-march=native).
 *
 * The decodes follow d3d-ia-rules: UNORM is a correctly rounded division
 * (x / 1023.0f, never a reciprocal multiply), SNORM16's minimum becomes
 * -32767 before the division so it gives exactly -1.0, and half floats
 * widen by integer arithmetic so NaN keeps its payload without a forced
 * quiet bit (vcvtph2ps would set it).
 */
#include <dlfcn.h>
#include <libgccjit.h>
#include <link.h>
#include <stdio.h>
#include <string.h>

#include "jitcmp.h"

struct gj {
    gcc_jit_context *c;
    gcc_jit_type *u8, *u16, *i16, *u32, *i32, *f32, *b;
    gcc_jit_block *blk;
    gcc_jit_rvalue *src;  /* this vertex's first byte (const uint8_t *) */
    gcc_jit_rvalue *out;  /* this record's first word (uint32_t *) */
};

static gcc_jit_rvalue *u32c(struct gj *j, unsigned v)
{
    return gcc_jit_context_new_rvalue_from_long(j->c, j->u32, (long)v);
}

static gcc_jit_rvalue *bin(struct gj *j, enum gcc_jit_binary_op op, gcc_jit_type *t,
                           gcc_jit_rvalue *a, gcc_jit_rvalue *b)
{
    return gcc_jit_context_new_binary_op(j->c, NULL, op, t, a, b);
}

/* *(T *)(src + off), as an unsigned 32-bit value (sign-extended for i16). */
static gcc_jit_rvalue *load(struct gj *j, gcc_jit_type *t, unsigned off)
{
    gcc_jit_rvalue *idx = gcc_jit_context_new_rvalue_from_int(j->c, j->i32, (int)off);
    gcc_jit_lvalue *byte = gcc_jit_context_new_array_access(j->c, NULL, j->src, idx);
    gcc_jit_rvalue *p = gcc_jit_context_new_cast(
        j->c, NULL, gcc_jit_lvalue_get_address(byte, NULL),
        gcc_jit_type_get_pointer(gcc_jit_type_get_const(t)));
    gcc_jit_rvalue *v = gcc_jit_lvalue_as_rvalue(gcc_jit_rvalue_dereference(p, NULL));
    if (t == j->i16)
        v = gcc_jit_context_new_cast(j->c, NULL, v, j->i32);
    return gcc_jit_context_new_cast(j->c, NULL, v, j->u32);
}

static void store(struct gj *j, unsigned word, gcc_jit_rvalue *v)
{
    gcc_jit_lvalue *dst = gcc_jit_context_new_array_access(
        j->c, NULL, j->out, gcc_jit_context_new_rvalue_from_int(j->c, j->i32, (int)word));
    gcc_jit_block_add_assignment(j->blk, NULL, dst, v);
}

/* Float bits of x / d for an unsigned x, correctly rounded. */
static gcc_jit_rvalue *div_bits(struct gj *j, gcc_jit_rvalue *x, gcc_jit_type *xt, float d)
{
    gcc_jit_rvalue *f = gcc_jit_context_new_cast(j->c, NULL,
                                                 gcc_jit_context_new_cast(j->c, NULL, x, xt), j->f32);
    gcc_jit_rvalue *q = bin(j, GCC_JIT_BINARY_OP_DIVIDE, j->f32, f,
                            gcc_jit_context_new_rvalue_from_double(j->c, j->f32, d));
    return gcc_jit_context_new_bitcast(j->c, NULL, q, j->u32);
}

static gcc_jit_rvalue *field(struct gj *j, gcc_jit_rvalue *w, unsigned shift, unsigned mask)
{
    return bin(j, GCC_JIT_BINARY_OP_BITWISE_AND, j->u32,
               bin(j, GCC_JIT_BINARY_OP_RSHIFT, j->u32, w, u32c(j, shift)), u32c(j, mask));
}

/* (uint32_t)(a == b) */
static gcc_jit_rvalue *eq01(struct gj *j, gcc_jit_rvalue *a, gcc_jit_rvalue *b)
{
    gcc_jit_rvalue *c = gcc_jit_context_new_comparison(j->c, NULL, GCC_JIT_COMPARISON_EQ, a, b);
    return gcc_jit_context_new_cast(j->c, NULL, c, j->u32);
}

/* Float bits of the half h (low 16 bits): exponent 0 is m * 2^-24, exact in
 * float32; exponent 31 keeps the mantissa under an all-ones exponent. */
static gcc_jit_rvalue *half_bits(struct gj *j, gcc_jit_rvalue *h)
{
    gcc_jit_rvalue *sign = bin(j, GCC_JIT_BINARY_OP_LSHIFT, j->u32,
                               bin(j, GCC_JIT_BINARY_OP_BITWISE_AND, j->u32, h, u32c(j, 0x8000)),
                               u32c(j, 16));
    gcc_jit_rvalue *e = field(j, h, 10, 31), *m = field(j, h, 0, 0x3ff);
    gcc_jit_rvalue *exp = bin(j, GCC_JIT_BINARY_OP_PLUS, j->u32, bin(j, GCC_JIT_BINARY_OP_PLUS,
                              j->u32, e, u32c(j, 112)),
                              bin(j, GCC_JIT_BINARY_OP_MULT, j->u32, eq01(j, e, u32c(j, 31)),
                                  u32c(j, 112)));
    gcc_jit_rvalue *norm = bin(j, GCC_JIT_BINARY_OP_BITWISE_OR, j->u32,
                               bin(j, GCC_JIT_BINARY_OP_LSHIFT, j->u32, exp, u32c(j, 23)),
                               bin(j, GCC_JIT_BINARY_OP_LSHIFT, j->u32, m, u32c(j, 13)));
    gcc_jit_rvalue *den = gcc_jit_context_new_bitcast(j->c, NULL, bin(j, GCC_JIT_BINARY_OP_MULT,
        j->f32, gcc_jit_context_new_cast(j->c, NULL, m, j->f32),
        gcc_jit_context_new_rvalue_from_double(j->c, j->f32, 1.0 / 16777216.0)), j->u32);
    gcc_jit_rvalue *mask = bin(j, GCC_JIT_BINARY_OP_MINUS, j->u32, u32c(j, 0),
                               eq01(j, e, u32c(j, 0)));
    gcc_jit_rvalue *pick = bin(j, GCC_JIT_BINARY_OP_BITWISE_OR, j->u32,
        bin(j, GCC_JIT_BINARY_OP_BITWISE_AND, j->u32, den, mask),
        bin(j, GCC_JIT_BINARY_OP_BITWISE_AND, j->u32, norm,
            gcc_jit_context_new_unary_op(j->c, NULL, GCC_JIT_UNARY_OP_BITWISE_NEGATE, j->u32,
                                         mask)));
    return bin(j, GCC_JIT_BINARY_OP_BITWISE_OR, j->u32, sign, pick);
}

/* One vertex's record: the five registers in order. */
static void emit_record(struct gj *j)
{
    for (unsigned i = 0; i < 3; i++)
        store(j, i, load(j, j->u32, 4 * i));
    store(j, 3, u32c(j, 0x3f800000u));
    gcc_jit_rvalue *n = load(j, j->u32, 12);
    for (unsigned i = 0; i < 3; i++)
        store(j, 4 + i, div_bits(j, field(j, n, 10 * i, 1023), j->i32, 1023.0f));
    store(j, 7, div_bits(j, field(j, n, 30, 3), j->i32, 3.0f));
    for (unsigned i = 0; i < 4; i++) {
        gcc_jit_rvalue *s = gcc_jit_context_new_cast(j->c, NULL, load(j, j->i16, 16 + 2 * i), j->i32);
        /* -32768 + 1: the minimum is -1.0 exactly, as -32767 gives. */
        s = bin(j, GCC_JIT_BINARY_OP_PLUS, j->i32, s,
                gcc_jit_context_new_cast(j->c, NULL,
                    gcc_jit_context_new_comparison(j->c, NULL, GCC_JIT_COMPARISON_EQ, s,
                        gcc_jit_context_new_rvalue_from_int(j->c, j->i32, -32768)), j->i32));
        store(j, 8 + i, div_bits(j, s, j->i32, 32767.0f));
    }
    for (unsigned i = 0; i < 2; i++)
        store(j, 12 + i, half_bits(j, load(j, j->u16, 24 + 2 * i)));
    store(j, 14, u32c(j, 0));
    store(j, 15, u32c(j, 0x3f800000u));
    for (unsigned i = 0; i < 4; i++)
        store(j, 16 + i, div_bits(j, load(j, j->u8, 28 + i), j->i32, 255.0f));
}

/* void k(const uint8_t *src, uint32_t stride, uint32_t count, void *out) */
static void build_function(struct gj *j)
{
    gcc_jit_context *c = j->c;
    gcc_jit_type *cu8p = gcc_jit_type_get_pointer(gcc_jit_type_get_const(j->u8));
    gcc_jit_type *u32p = gcc_jit_type_get_pointer(j->u32);
    gcc_jit_param *ps[4] = {
        gcc_jit_context_new_param(c, NULL, cu8p, "src"),
        gcc_jit_context_new_param(c, NULL, j->u32, "stride"),
        gcc_jit_context_new_param(c, NULL, j->u32, "count"),
        gcc_jit_context_new_param(c, NULL, gcc_jit_context_get_type(c, GCC_JIT_TYPE_VOID_PTR),
                                  "out"),
    };
    gcc_jit_function *f = gcc_jit_context_new_function(
        c, NULL, GCC_JIT_FUNCTION_EXPORTED, gcc_jit_context_get_type(c, GCC_JIT_TYPE_VOID), "k",
        4, ps, 0);
    gcc_jit_lvalue *i = gcc_jit_function_new_local(f, NULL, j->u32, "i");
    gcc_jit_block *entry = gcc_jit_function_new_block(f, "entry");
    gcc_jit_block *cond = gcc_jit_function_new_block(f, "cond");
    gcc_jit_block *body = gcc_jit_function_new_block(f, "body");
    gcc_jit_block *done = gcc_jit_function_new_block(f, "done");
    gcc_jit_rvalue *iv = gcc_jit_lvalue_as_rvalue(i);
    gcc_jit_type *szt = gcc_jit_context_get_type(c, GCC_JIT_TYPE_SIZE_T);
    gcc_jit_block_add_assignment(entry, NULL, i, u32c(j, 0));
    gcc_jit_block_end_with_jump(entry, NULL, cond);
    gcc_jit_block_end_with_conditional(cond, NULL,
        gcc_jit_context_new_comparison(c, NULL, GCC_JIT_COMPARISON_LT, iv,
                                       gcc_jit_param_as_rvalue(ps[2])), body, done);
    gcc_jit_rvalue *off = bin(j, GCC_JIT_BINARY_OP_MULT, szt,
                              gcc_jit_context_new_cast(c, NULL, iv, szt),
                              gcc_jit_context_new_cast(c, NULL, gcc_jit_param_as_rvalue(ps[1]), szt));
    j->src = gcc_jit_lvalue_get_address(gcc_jit_context_new_array_access(
        c, NULL, gcc_jit_param_as_rvalue(ps[0]), off), NULL);
    gcc_jit_rvalue *words = bin(j, GCC_JIT_BINARY_OP_MULT, szt,
                                gcc_jit_context_new_cast(c, NULL, iv, szt),
                                gcc_jit_context_new_rvalue_from_int(c, szt, 20));
    j->out = gcc_jit_lvalue_get_address(gcc_jit_context_new_array_access(
        c, NULL, gcc_jit_context_new_cast(c, NULL, gcc_jit_param_as_rvalue(ps[3]), u32p), words),
        NULL);
    j->blk = body;
    emit_record(j);
    gcc_jit_block_add_assignment_op(body, NULL, i, GCC_JIT_BINARY_OP_PLUS, u32c(j, 1));
    gcc_jit_block_end_with_jump(body, NULL, cond);
    gcc_jit_block_end_with_void_return(done, NULL);
}

/* -march=native as the gcc driver expands it (libgccjit's cc1 does not take
 * "native"): the -m options of `gcc -march=native -v`'s cc1 line, read once
 * per process, outside the timed generation. */
static char native_opts[64][48];
static int native_count = -1;

static void read_native_options(void)
{
    char line[8192];
    FILE *f = popen("gcc -march=native -E -v -x c /dev/null -o /dev/null 2>&1", "r");
    native_count = 0;
    if (!f)
        return;
    while (fgets(line, sizeof line, f))
        if (strstr(line, "/cc1 ") && native_count == 0)
            for (char *t = strtok(line, " \n"); t && native_count < 64; t = strtok(NULL, " \n"))
                if (!strncmp(t, "-m", 2) && strlen(t) < sizeof native_opts[0])
                    strcpy(native_opts[native_count++], t);
    pclose(f);
}

int jc_gccjit_build(struct jc_gen *g)
{
    if (native_count < 0)
        read_native_options();
    struct gj j;
    j.c = gcc_jit_context_acquire();
    gcc_jit_context_set_int_option(j.c, GCC_JIT_INT_OPTION_OPTIMIZATION_LEVEL, 3);
    for (int i = 0; i < native_count; i++)
        gcc_jit_context_add_command_line_option(j.c, native_opts[i]);
    j.u8 = gcc_jit_context_get_type(j.c, GCC_JIT_TYPE_UINT8_T);
    j.u16 = gcc_jit_context_get_type(j.c, GCC_JIT_TYPE_UINT16_T);
    j.i16 = gcc_jit_context_get_type(j.c, GCC_JIT_TYPE_INT16_T);
    j.u32 = gcc_jit_context_get_type(j.c, GCC_JIT_TYPE_UINT32_T);
    j.i32 = gcc_jit_context_get_type(j.c, GCC_JIT_TYPE_INT32_T);
    j.f32 = gcc_jit_context_get_type(j.c, GCC_JIT_TYPE_FLOAT);
    j.b = gcc_jit_context_get_type(j.c, GCC_JIT_TYPE_BOOL);
    build_function(&j);
    gcc_jit_result *r = gcc_jit_context_compile(j.c);
    if (!r) {
        fprintf(stderr, "jitcmp: libgccjit: %s\n", gcc_jit_context_get_first_error(j.c));
        gcc_jit_context_release(j.c);
        return -1;
    }
    gcc_jit_context_release(j.c);
    g->fn = (jc_kernel)(uintptr_t)gcc_jit_result_get_code(r, "k");
    /* libgccjit loads what it built as a shared object: its symbol table
     * has the function's size. */
    Dl_info info;
    const ElfW(Sym) *sym = NULL;
    g->code_bytes = 0;
    if (g->fn && dladdr1((void *)(uintptr_t)g->fn, &info, (void **)&sym, RTLD_DL_SYMENT) && sym)
        g->code_bytes = sym->st_size;
    g->owner = r;
    return g->fn ? 0 : -1;
}

void jc_gccjit_free(struct jc_gen *g)
{
    if (g->owner)
        gcc_jit_result_release((gcc_jit_result *)g->owner);
    g->owner = NULL;
    g->fn = NULL;
}
