/*
 * gen_llvm.c - the static mesh's record kernel built as LLVM IR with
 * vector types (<4 x i32>, <4 x float> a register, one 16-byte store each),
 * optimised with the new pass manager's default<O3> for the host CPU and
 * compiled by ORC LLJIT with a target machine for that CPU.
 *
 * The decodes are those of gen_gccjit.c: correctly rounded UNORM division,
 * SNORM16's minimum moved to -32767, half floats widened by integer
 * arithmetic (fpext from half would quiet NaN on F16C).
 */
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdio.h>
#include <stdlib.h>

#include "jitcmp.h"

struct lj {
    LLVMContextRef c;
    LLVMBuilderRef b;
    LLVMTypeRef i8, i16, i32, i64, f32, v4i32, v4f32;
    LLVMValueRef src; /* this vertex (i8 *) */
    LLVMValueRef out; /* this record (i8 *) */
};

static LLVMValueRef ci(struct lj *j, LLVMTypeRef t, unsigned long long v)
{
    (void)j; /* keeps the call sites alike */
    return LLVMConstInt(t, v, 0);
}

/* A <n x T> constant with the given lanes. */
static LLVMValueRef cvec(struct lj *j, LLVMTypeRef t, unsigned n, const unsigned *v)
{
    LLVMValueRef e[4];
    for (unsigned i = 0; i < n; i++)
        e[i] = ci(j, t, v[i]);
    return LLVMConstVector(e, n);
}

static LLVMValueRef fvec(float a, float b, float c, float d, struct lj *j)
{
    LLVMValueRef e[4] = { LLVMConstReal(j->f32, a), LLVMConstReal(j->f32, b),
                          LLVMConstReal(j->f32, c), LLVMConstReal(j->f32, d) };
    return LLVMConstVector(e, 4);
}

/* Loads a T at src + off (alignment 1: vertex data is packed). */
static LLVMValueRef load(struct lj *j, LLVMTypeRef t, unsigned off)
{
    LLVMValueRef idx = ci(j, j->i64, off);
    LLVMValueRef p = LLVMBuildGEP2(j->b, j->i8, j->src, &idx, 1, "");
    p = LLVMBuildBitCast(j->b, p, LLVMPointerType(t, 0), "");
    LLVMValueRef v = LLVMBuildLoad2(j->b, t, p, "");
    LLVMSetAlignment(v, 1);
    return v;
}

static void store(struct lj *j, unsigned reg, LLVMValueRef v)
{
    LLVMValueRef idx = ci(j, j->i64, 16u * reg);
    LLVMValueRef p = LLVMBuildGEP2(j->b, j->i8, j->out, &idx, 1, "");
    v = LLVMBuildBitCast(j->b, v, j->v4i32, "");
    p = LLVMBuildBitCast(j->b, p, LLVMPointerType(j->v4i32, 0), "");
    LLVMSetAlignment(LLVMBuildStore(j->b, v, p), 1);
}

/* Widens <n x i16 or i8> to <4 x i32> (zero or sign), lanes past n from fill. */
static LLVMValueRef widen(struct lj *j, LLVMValueRef v, unsigned n, int sign)
{
    v = sign ? LLVMBuildSExt(j->b, v, LLVMVectorType(j->i32, n), "")
             : LLVMBuildZExt(j->b, v, LLVMVectorType(j->i32, n), "");
    if (n == 4)
        return v;
    LLVMValueRef m[4] = { ci(j, j->i32, 0), ci(j, j->i32, 1), ci(j, j->i32, 2), ci(j, j->i32, 3) };
    return LLVMBuildShuffleVector(j->b, v, LLVMConstNull(LLVMTypeOf(v)), LLVMConstVector(m, 4), "");
}

static LLVMValueRef half4(struct lj *j, LLVMValueRef h)
{
    static const unsigned k112[4] = { 112, 112, 112, 112 }, k31[4] = { 31, 31, 31, 31 };
    static const unsigned k10[4] = { 10, 10, 10, 10 }, k3ff[4] = { 0x3ff, 0x3ff, 0x3ff, 0x3ff };
    static const unsigned k13[4] = { 13, 13, 13, 13 }, k23[4] = { 23, 23, 23, 23 };
    static const unsigned k8000[4] = { 0x8000, 0x8000, 0x8000, 0x8000 }, k16[4] = { 16, 16, 16, 16 };
    LLVMBuilderRef b = j->b;
    LLVMValueRef sign = LLVMBuildShl(b, LLVMBuildAnd(b, h, cvec(j, j->i32, 4, k8000), ""),
                                     cvec(j, j->i32, 4, k16), "");
    LLVMValueRef e = LLVMBuildAnd(b, LLVMBuildLShr(b, h, cvec(j, j->i32, 4, k10), ""),
                                  cvec(j, j->i32, 4, k31), "");
    LLVMValueRef m = LLVMBuildAnd(b, h, cvec(j, j->i32, 4, k3ff), "");
    LLVMValueRef exp = LLVMBuildAdd(b, e, cvec(j, j->i32, 4, k112), "");
    LLVMValueRef inf = LLVMBuildICmp(b, LLVMIntEQ, e, cvec(j, j->i32, 4, k31), "");
    exp = LLVMBuildSelect(b, inf, LLVMBuildAdd(b, exp, cvec(j, j->i32, 4, k112), ""), exp, "");
    LLVMValueRef norm = LLVMBuildOr(b, LLVMBuildShl(b, exp, cvec(j, j->i32, 4, k23), ""),
                                    LLVMBuildShl(b, m, cvec(j, j->i32, 4, k13), ""), "");
    float s = 1.0f / 16777216.0f; /* exponent 0: m * 2^-24, exact */
    LLVMValueRef den = LLVMBuildBitCast(b, LLVMBuildFMul(b, LLVMBuildUIToFP(b, m, j->v4f32, ""),
                                                         fvec(s, s, s, s, j), ""), j->v4i32, "");
    LLVMValueRef zero = LLVMBuildICmp(b, LLVMIntEQ, e, LLVMConstNull(j->v4i32), "");
    return LLVMBuildOr(b, sign, LLVMBuildSelect(b, zero, den, norm, ""), "");
}

static void emit_record(struct lj *j)
{
    static const unsigned nsh[4] = { 0, 10, 20, 30 }, nmask[4] = { 1023, 1023, 1023, 3 };
    static const unsigned smin[4] = { 0x8000, 0x8000, 0x8000, 0x8000 };
    LLVMBuilderRef b = j->b;
    /* <x, y, z> and <1.0f, 0, 0> shuffled to x, y, z, 1.0f */
    LLVMValueRef one[3] = { ci(j, j->i32, 0x3f800000), ci(j, j->i32, 0), ci(j, j->i32, 0) };
    LLVMValueRef pm[4] = { ci(j, j->i32, 0), ci(j, j->i32, 1), ci(j, j->i32, 2), ci(j, j->i32, 3) };
    LLVMValueRef pos = LLVMBuildShuffleVector(b, load(j, LLVMVectorType(j->i32, 3), 0),
                                              LLVMConstVector(one, 3), LLVMConstVector(pm, 4), "");
    store(j, 0, pos);
    LLVMValueRef n = load(j, j->i32, 12);
    LLVMValueRef nv = LLVMBuildInsertElement(b, LLVMGetUndef(j->v4i32), n, ci(j, j->i32, 0), "");
    nv = LLVMBuildShuffleVector(b, nv, LLVMGetUndef(j->v4i32), LLVMConstNull(j->v4i32), "");
    nv = LLVMBuildAnd(b, LLVMBuildLShr(b, nv, cvec(j, j->i32, 4, nsh), ""), cvec(j, j->i32, 4, nmask), "");
    store(j, 1, LLVMBuildFDiv(b, LLVMBuildUIToFP(b, nv, j->v4f32, ""),
                              fvec(1023.0f, 1023.0f, 1023.0f, 3.0f, j), ""));
    LLVMValueRef t = widen(j, load(j, LLVMVectorType(j->i16, 4), 16), 4, 1);
    LLVMValueRef tmin = LLVMBuildICmp(b, LLVMIntEQ, t, LLVMConstNeg(cvec(j, j->i32, 4, smin)), "");
    t = LLVMBuildSub(b, t, LLVMBuildSExt(b, tmin, j->v4i32, ""), ""); /* -32768 -> -32767 */
    float k = 32767.0f;
    store(j, 2, LLVMBuildFDiv(b, LLVMBuildSIToFP(b, t, j->v4f32, ""), fvec(k, k, k, k, j), ""));
    LLVMValueRef uv = half4(j, widen(j, load(j, LLVMVectorType(j->i16, 2), 24), 2, 0));
    static const unsigned uvfix[4] = { 0, 1, 4, 7 };
    LLVMValueRef tl[4] = { ci(j, j->i32, 0), ci(j, j->i32, 0), ci(j, j->i32, 0),
                           ci(j, j->i32, 0x3f800000) };
    LLVMValueRef tail = LLVMConstVector(tl, 4);
    LLVMValueRef uvm[4];
    for (unsigned i = 0; i < 4; i++)
        uvm[i] = ci(j, j->i32, uvfix[i]);
    store(j, 3, LLVMBuildShuffleVector(b, uv, tail, LLVMConstVector(uvm, 4), ""));
    LLVMValueRef col = widen(j, load(j, LLVMVectorType(j->i8, 4), 28), 4, 0);
    k = 255.0f;
    store(j, 4, LLVMBuildFDiv(b, LLVMBuildUIToFP(b, col, j->v4f32, ""), fvec(k, k, k, k, j), ""));
}

/* define void @k(i8* src, i32 stride, i32 count, i8* out): for i < count. */
static LLVMModuleRef build_module(struct lj *j)
{
    LLVMModuleRef m = LLVMModuleCreateWithNameInContext("jitcmp", j->c);
    LLVMTypeRef p8 = LLVMPointerType(j->i8, 0);
    LLVMTypeRef ps[4] = { p8, j->i32, j->i32, p8 };
    LLVMValueRef f = LLVMAddFunction(m, "k", LLVMFunctionType(LLVMVoidTypeInContext(j->c), ps, 4, 0));
    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(j->c, f, "entry");
    LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(j->c, f, "loop");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->c, f, "done");
    LLVMBuilderRef b = j->b;
    LLVMPositionBuilderAtEnd(b, entry);
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, LLVMGetParam(f, 2), ci(j, j->i32, 0), ""),
                    done, loop);
    LLVMPositionBuilderAtEnd(b, loop);
    LLVMValueRef i = LLVMBuildPhi(b, j->i64, "i");
    LLVMValueRef soff = LLVMBuildMul(b, i, LLVMBuildZExt(b, LLVMGetParam(f, 1), j->i64, ""), "");
    j->src = LLVMBuildGEP2(b, j->i8, LLVMGetParam(f, 0), &soff, 1, "");
    LLVMValueRef ooff = LLVMBuildMul(b, i, ci(j, j->i64, JC_RECORD_BYTES), "");
    j->out = LLVMBuildGEP2(b, j->i8, LLVMGetParam(f, 3), &ooff, 1, "");
    emit_record(j);
    LLVMValueRef next = LLVMBuildAdd(b, i, ci(j, j->i64, 1), "");
    LLVMValueRef zero = ci(j, j->i64, 0);
    LLVMBasicBlockRef from[2] = { entry, loop };
    LLVMValueRef vals[2] = { zero, next };
    LLVMAddIncoming(i, vals, from, 2);
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, next,
                                     LLVMBuildZExt(b, LLVMGetParam(f, 2), j->i64, ""), ""),
                    loop, done);
    LLVMPositionBuilderAtEnd(b, done);
    LLVMBuildRetVoid(b);
    return m;
}

static LLVMTargetMachineRef host_machine(void)
{
    char *triple = LLVMGetDefaultTargetTriple(), *err = NULL;
    char *cpu = LLVMGetHostCPUName(), *feat = LLVMGetHostCPUFeatures();
    LLVMTargetRef t;
    LLVMTargetMachineRef tm = NULL;
    if (LLVMGetTargetFromTriple(triple, &t, &err) == 0)
        tm = LLVMCreateTargetMachine(t, triple, cpu, feat, LLVMCodeGenLevelAggressive,
                                     LLVMRelocDefault, LLVMCodeModelJITDefault);
    else
        fprintf(stderr, "jitcmp: LLVM: %s\n", err);
    LLVMDisposeMessage(err);
    LLVMDisposeMessage(triple);
    LLVMDisposeMessage(cpu);
    LLVMDisposeMessage(feat);
    return tm;
}

static int fail(LLVMErrorRef e)
{
    char *msg = LLVMGetErrorMessage(e);
    fprintf(stderr, "jitcmp: LLVM: %s\n", msg);
    LLVMDisposeErrorMessage(msg);
    return -1;
}

/* Runs default<O3> on the module for the host CPU. */
static int optimise(LLVMModuleRef m)
{
    LLVMTargetMachineRef tm = host_machine();
    if (!tm)
        return -1;
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(m, "default<O3>", tm, o);
    LLVMDisposePassBuilderOptions(o);
    LLVMDisposeTargetMachine(tm);
    return e ? fail(e) : 0;
}

int jc_llvm_build(struct jc_gen *g)
{
    LLVMInitializeNativeTarget();
    LLVMInitializeNativeAsmPrinter();
    LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
    struct lj j;
    j.c = LLVMOrcThreadSafeContextGetContext(tsc);
    j.b = LLVMCreateBuilderInContext(j.c);
    j.i8 = LLVMInt8TypeInContext(j.c);
    j.i16 = LLVMInt16TypeInContext(j.c);
    j.i32 = LLVMInt32TypeInContext(j.c);
    j.i64 = LLVMInt64TypeInContext(j.c);
    j.f32 = LLVMFloatTypeInContext(j.c);
    j.v4i32 = LLVMVectorType(j.i32, 4);
    j.v4f32 = LLVMVectorType(j.f32, 4);
    LLVMModuleRef m = build_module(&j);
    LLVMDisposeBuilder(j.b);
    if (optimise(m) != 0) {
        LLVMDisposeModule(m);
        LLVMOrcDisposeThreadSafeContext(tsc);
        return -1;
    }
    LLVMTargetMachineRef tm = host_machine();
    LLVMOrcLLJITBuilderRef jb = LLVMOrcCreateLLJITBuilder();
    LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(
        jb, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(tm));
    LLVMOrcLLJITRef jit;
    LLVMErrorRef e = LLVMOrcCreateLLJIT(&jit, jb);
    if (e) {
        LLVMDisposeModule(m);
        LLVMOrcDisposeThreadSafeContext(tsc);
        return fail(e);
    }
    LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(m, tsc);
    LLVMOrcDisposeThreadSafeContext(tsc); /* the module keeps it alive */
    e = LLVMOrcLLJITAddLLVMIRModule(jit, LLVMOrcLLJITGetMainJITDylib(jit), tsm);
    LLVMOrcExecutorAddress addr = 0;
    if (!e)
        e = LLVMOrcLLJITLookup(jit, &addr, "k");
    if (e) {
        LLVMOrcDisposeLLJIT(jit);
        return fail(e);
    }
    g->fn = (jc_kernel)(uintptr_t)addr;
    g->code_bytes = 0;
    g->owner = jit;
    return 0;
}

void jc_llvm_free(struct jc_gen *g)
{
    if (g->owner)
        LLVMOrcDisposeLLJIT((LLVMOrcLLJITRef)g->owner);
    g->owner = NULL;
    g->fn = NULL;
}
