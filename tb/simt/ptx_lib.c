/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx_lib.c -- the library functions a kernel may call without defining
 * them: a PTX module that only declares a function (`.extern .func expf`,
 * what clang emits for `extern "C" __device__ float expf(float);`, for
 * libdevice's `__nv_expf`, for device printf and for assert) calls one of
 * these.  The semantics live here once, for the scalar reference and the
 * SM model (OP_LIB, executed through ptx_exec.c's general path); the call
 * site is lowered here too (ptx_call.c hands over the call parameters).
 *
 * The functions (each name also with libdevice's `__nv_` prefix; the float
 * form with the `f` suffix, the double form without):
 *  - C99 math: exp exp2 exp10 expm1 log log2 log10 log1p sqrt cbrt sin
 *    cos tan asin acos atan sinh cosh tanh asinh acosh atanh erf erfc
 *    tgamma lgamma fabs floor ceil trunc round rint nearbyint logb j0 j1
 *    y0 y1, jn yn (an int order first), pow hypot atan2 fmod remainder
 *    fmin fmax fdim copysign nextafter, fma, ldexp and scalbn (an int exponent), ilogb (an int),
 *    lrint lround llrint llround (64-bit integers), frexp, modf and remquo
 *    (the second result stored through the pointer argument), sincos (both
 *    results stored), isnan isinf isfinite signbit (an int; glibc's
 *    finite/__isnanf/... and libdevice's __nv_isnand/__nv_finitef/...
 *    names too), and CUDA's rsqrt, rcbrt and __nv_powi(f) (pow with an int
 *    exponent).  The result is the host C library's (glibc's), as the
 *    .approx instructions are: correctly rounded where the C library is
 *    (sqrt, fma, fabs, floor, ...), within its documented error bounds
 *    elsewhere, bit-identical to a host reference compiled against the same
 *    library, not to a GPU's libdevice.
 *  - libdevice's integer functions and fast float forms, by their __nv_
 *    names only: __nv_popc popcll clz clzll ffs ffsll brev brevll mulhi
 *    umulhi mul64hi umul64hi mul24 umul24 sad usad byte_perm min max umin
 *    umax llmin llmax ullmin ullmax abs llabs hadd rhadd uhadd urhadd (the
 *    CUDA intrinsics' results, one ALU instruction each) and
 *    __nv_fast_expf exp10f logf log2f log10f sinf cosf tanf powf fdividef,
 *    __nv_fdividef, __nv_saturatef (the project header's formulas on the C
 *    library, as its __expf etc.: exp2f(x * log2 e), ...; one SFU
 *    instruction each).
 *  - vprintf(format, args): device printf (clang passes the format's
 *    generic address and a buffer of the arguments, each at an offset
 *    aligned to its size: 4-byte ints and chars, 8-byte longs, doubles and
 *    pointers).  The format is interpreted as C's printf does: flags, width
 *    and precision (`*` too), the lengths hh h l ll j z t, and the
 *    conversions d i u x X o c s f F e E g G a A p and %%; %s reads the
 *    string from device memory (global, shared, local).  The reference
 *    writes the text to the run's output (ptx_set_output: build/simt's
 *    stdout), once, in its thread order; the SM model computes the same
 *    return value and writes nothing.  The return value is CUDA's: the
 *    number of arguments the format consumed.
 *  - __assertfail(message, file, line, function, char size): what assert
 *    compiles to; the run stops with one line naming the assertion, its
 *    source file and line, and the thread.
 *
 * Lowering: each call becomes one OP_LIB instruction reading the call's
 * argument registers and writing its result register; frexp, modf and
 * remquo become two (the stored part, then the result) with a generic
 * store through the pointer between them, sincos two with two stores.
 *
 * Timing: a math function is one SFU-class instruction (prog_insn.unit
 * PU_SFU, one issue), as the .approx instructions are, though libdevice
 * would run tens of instructions; vprintf and __assertfail are one ALU
 * instruction each (a GPU's printf writes its arguments to a buffer the
 * host prints after the kernel: not modelled).
 */
#define _GNU_SOURCE /* exp10, j0, y0 and their float forms */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_arith.h"
#include "ptx_int.h"

/* ---------------------------------------------------------------- the table */

/* one argument, one result of the same type; two arguments */
#define LIB_MATH1(X)                                                                               \
    X(exp) X(exp2) X(exp10) X(expm1) X(log) X(log2) X(log10) X(log1p) X(sqrt) X(cbrt) X(sin) X(cos) \
    X(tan) X(asin) X(acos) X(atan) X(sinh) X(cosh) X(tanh) X(asinh) X(acosh) X(atanh) X(erf)      \
    X(erfc) X(tgamma) X(lgamma) X(fabs) X(floor) X(ceil) X(trunc) X(round) X(rint) X(nearbyint)   \
    X(logb) X(j0) X(j1) X(y0) X(y1)
#define LIB_MATH2(X) \
    X(pow) X(hypot) X(atan2) X(fmod) X(remainder) X(fmin) X(fmax) X(fdim) X(copysign) X(nextafter)
/* the rest, by signature */
#define LIB_OTHER(X)                                                                               \
    X(fma) X(ldexp) X(scalbn) X(powi) X(ilogb) X(lrint) X(lround) X(llrint) X(llround) X(frexp)   \
    X(modf) X(remquo) X(sincos) X(isnan) X(isinf) X(isfinite) X(signbit) X(rsqrt) X(rcbrt) X(jn)   \
    X(yn)

/* libdevice's integer functions and fast float forms, under their __nv_
 * names only (__nv_popc, __nv_fast_expf, ...): the results of the header's
 * intrinsics (tb/cuda/warphw_cuda.h), the fast forms by the header's
 * formulas (__expf(x) = exp2f(x * log2 e), ...), each one ALU-class
 * instruction */
#define LIB_INT(X)                                                                                 \
    X(popc) X(popcll) X(clz) X(clzll) X(ffs) X(ffsll) X(brev) X(brevll) X(mulhi) X(umulhi)        \
    X(mul64hi) X(umul64hi) X(mul24) X(umul24) X(sad) X(usad) X(byte_perm) X(min) X(max) X(umin)   \
    X(umax) X(llmin) X(llmax) X(ullmin) X(ullmax) X(abs) X(llabs) X(hadd) X(rhadd) X(uhadd)       \
    X(urhadd) X(fast_expf) X(fast_exp10f) X(fast_logf) X(fast_log2f) X(fast_log10f) X(fast_sinf)  \
    X(fast_cosf) X(fast_tanf) X(fast_powf) X(fast_fdividef) X(fdividef) X(saturatef)

#define LIB_ENUM(n) L_##n,
enum { LIB_MATH1(LIB_ENUM) LIB_MATH2(LIB_ENUM) LIB_OTHER(LIB_ENUM) L_vprintf, L_assertfail,
       LIB_INT(LIB_ENUM) L_N };
#undef LIB_ENUM
#define LIB_NAME(n) #n,
static const char *const lib_base[L_N] = {LIB_MATH1(LIB_NAME) LIB_MATH2(LIB_NAME) LIB_OTHER(LIB_NAME) "vprintf",
                                          "__assertfail", LIB_INT(LIB_NAME)};
#undef LIB_NAME

/* a parameter's or the result's kind: R the function's float type */
enum { K_V, K_R, K_I, K_L, K_P };

/* the result's kind and the parameters' (a string of K_* + '0') */
static void lib_sig(unsigned id, int *ret, const char **args)
{
    static const char r1[] = {'0' + K_R, 0}, r2[] = {'0' + K_R, '0' + K_R, 0},
                      r3[] = {'0' + K_R, '0' + K_R, '0' + K_R, 0}, ri[] = {'0' + K_R, '0' + K_I, 0},
                      rp[] = {'0' + K_R, '0' + K_P, 0}, rrp[] = {'0' + K_R, '0' + K_R, '0' + K_P, 0},
                      rpp[] = {'0' + K_R, '0' + K_P, '0' + K_P, 0}, pp[] = {'0' + K_P, '0' + K_P, 0},
                      ir[] = {'0' + K_I, '0' + K_R, 0},
                      asrt[] = {'0' + K_P, '0' + K_P, '0' + K_I, '0' + K_P, '0' + K_L, 0};
    *ret = K_R;
    *args = r1;
    if (id < L_fma) {
        if (id >= L_pow) *args = r2;
        return;
    }
    switch (id) {
    case L_fma: *args = r3; break;
    case L_ldexp: case L_scalbn: case L_powi: *args = ri; break;
    case L_jn: case L_yn: *args = ir; break; /* jn(int n, x) */
    case L_ilogb: case L_isnan: case L_isinf: case L_isfinite: case L_signbit: *ret = K_I; break;
    case L_lrint: case L_lround: case L_llrint: case L_llround: *ret = K_L; break;
    case L_frexp: case L_modf: *args = rp; break;
    case L_remquo: *args = rrp; break;
    case L_sincos: *ret = K_V; *args = rpp; break;
    case L_vprintf: *ret = K_I; *args = pp; break;
    case L_assertfail: *ret = K_V; *args = asrt; break;
    }
    if (id > L_assertfail) { /* LIB_INT: I int, L 64-bit, R float */
        static const char *const sig[] = {
            [L_popc] = "II", [L_popcll] = "IL", [L_clz] = "II", [L_clzll] = "IL", [L_ffs] = "II",
            [L_ffsll] = "IL", [L_brev] = "II", [L_brevll] = "LL", [L_mulhi] = "III",
            [L_umulhi] = "III", [L_mul64hi] = "LLL", [L_umul64hi] = "LLL", [L_mul24] = "III",
            [L_umul24] = "III", [L_sad] = "IIII", [L_usad] = "IIII", [L_byte_perm] = "IIII",
            [L_min] = "III", [L_max] = "III", [L_umin] = "III", [L_umax] = "III", [L_llmin] = "LLL",
            [L_llmax] = "LLL", [L_ullmin] = "LLL", [L_ullmax] = "LLL", [L_abs] = "II",
            [L_llabs] = "LL", [L_hadd] = "III", [L_rhadd] = "III", [L_uhadd] = "III",
            [L_urhadd] = "III", [L_fast_powf] = "RRR", [L_fast_fdividef] = "RRR",
            [L_fdividef] = "RRR"};
        static char buf[8];
        const char *g = id < sizeof sig / sizeof sig[0] && sig[id] ? sig[id] : "RR";
        size_t k = 0;
        for (; g[k] && k + 1 < sizeof buf; k++) buf[k] = (char)('0' + (g[k] == 'I' ? K_I : g[k] == 'L' ? K_L : K_R));
        buf[k] = 0;
        *ret = buf[0] - '0';
        *args = buf + 1;
    }
}

/* The function a name means: id and 1 for the double form; -1 unknown. */
static int lib_find(const char *name, unsigned *id, unsigned *dbl)
{
    char n[64];
    if (!strcmp(name, "vprintf") || !strcmp(name, "__assertfail")) {
        *id = name[0] == 'v' ? L_vprintf : L_assertfail;
        *dbl = 0;
        return 0;
    }
    /* libdevice's __nv_, glibc's __ (__isnanf, __finite, __signbit) */
    if (!strncmp(name, "__nv_", 5)) {
        for (unsigned i = L_assertfail + 1; i < L_N; i++)
            if (!strcmp(name + 5, lib_base[i])) { *id = i; *dbl = 0; return 0; }
        name += 5;
    }
    else if (!strncmp(name, "__", 2)) name += 2;
    if (strlen(name) >= sizeof n) return -1; /* no library name is that long */
    snprintf(n, sizeof n, "%s", name);
    size_t L = strlen(n);
    /* the classification functions' other spellings: finite(f),
     * libdevice's isnand/isinfd/isfinited/signbitd */
    if (!strcmp(n, "finite") || !strcmp(n, "finitef")) {
        memmove(n + 2, n, L + 1);
        memcpy(n, "is", 2);
        L += 2;
    }
    if (L > 1 && n[L - 1] == 'd' &&
        (!strcmp(n, "isnand") || !strcmp(n, "isinfd") || !strcmp(n, "isfinited") || !strcmp(n, "signbitd")))
        n[--L] = 0;
    for (unsigned i = 0; i < L_vprintf; i++) {
        size_t b = strlen(lib_base[i]);
        if (!strcmp(n, lib_base[i])) { *id = i; *dbl = 1; return 0; }
        if (L == b + 1 && !strncmp(n, lib_base[i], b) && n[b] == 'f') { *id = i; *dbl = 0; return 0; }
    }
    return -1;
}

/* ---------------------------------------------------------------- lowering */

/* appends OP_LIB for function lib (id * 2 + dbl), part `part`: result in
 * register dreg (-1 none) of type dty, sources src[0..nsrc-1] */
static int lib_emit(ptx_ps *s, unsigned lib, unsigned part, int dreg, uint8_t dty, const int *src,
                    unsigned nsrc, const char *name)
{
    if (ptx_insn_room(s)) return -1;
    ptx_ins *in = &s->ins[s->n];
    prog_insn *pi = &s->pins[s->n];
    unsigned id = lib >> 1;
    in->op = OP_LIB;
    in->lib = (uint16_t)lib;
    in->cmp = (uint8_t)part;
    in->type = dreg >= 0 ? dty : T_NONE;
    in->type2 = T_NONE;
    in->vec = 1;
    if (dreg >= 0) {
        in->d[0].kind = O_REG;
        in->d[0].reg = dreg;
        in->nd = 1;
        pi->dst[pi->ndst++] = (uint16_t)dreg;
    }
    for (unsigned i = 0; i < nsrc; i++) {
        in->a[i].kind = O_REG;
        in->a[i].reg = src[i];
        pi->src[pi->nsrc++] = (uint16_t)src[i];
    }
    in->na = (uint8_t)nsrc;
    pi->unit = id >= L_vprintf && id < L_fast_expf ? PU_ALU : PU_SFU; /* vprintf, assert, integers */
    pi->space = PS_NONE;
    pi->guard = -1;
    pi->target = -1;
    pi->rpc = -1;
    pi->line = s->sline;
    pi->varying = id == L_vprintf; /* reads memory */
    snprintf(pi->text, sizeof pi->text, "call %.26s%s", name,
             (id == L_frexp || id == L_modf || id == L_remquo) && part ? " (stored part)"
             : id == L_sincos ? (part ? " (cos)" : " (sin)") : "");
    s->n++;
    return 0;
}

/* a register of `bytes` for a result stored through a pointer */
static int lib_temp(ptx_ps *s, unsigned bytes)
{
    char decl[64], name[24];
    snprintf(name, sizeof name, "%%__lb%u", s->n);
    snprintf(decl, sizeof decl, ".reg .b%u %s", 8 * bytes, name);
    if (ptx_declare_regs(s, decl)) return -1;
    return ptx_find_reg(s, name);
}

/* st.bN [pointer], temp */
static int lib_store(ptx_ps *s, const ptx_cparam *ptr, int temp, unsigned bytes)
{
    char st[96];
    snprintf(st, sizeof st, "st.b%u [%s], %s", 8 * bytes, ptr->sub, s->regname[temp]);
    return ptx_instruction(s, st);
}

int ptx_lib_call(ptx_ps *s, const char *name, const ptx_cparam *ret, const ptx_cparam *const *args,
                 unsigned nargs)
{
    unsigned id, dbl;
    if (lib_find(name, &id, &dbl))
        return UNSUP(s, "call of '%s', which the module declares but does not define (extern), and "
                        "which is not a library function this simulator provides (docs/ptx.md)", name);
    int rk;
    const char *ak;
    lib_sig(id, &rk, &ak);
    unsigned rb = dbl ? 8 : 4; /* the float type's bytes */
    unsigned kb[5] = {0, rb, 4, 8, 8};
    const char *kn[5] = {"void", dbl ? "double" : "float", "int", "long", "pointer"};
    unsigned want = (unsigned)strlen(ak);
    if (nargs != want)
        return UNSUP(s, "call of '%s' with %u arguments; the library function takes %u", name, nargs, want);
    for (unsigned i = 0; i < nargs; i++) {
        int k = ak[i] - '0';
        if (!args[i]->reg || args[i]->bytes != kb[k])
            return UNSUP(s, "call of '%s': argument %u is %u bytes; the library function takes a %s (%u bytes)",
                         name, i + 1, args[i]->bytes, kn[k], kb[k]);
    }
    if (ret && (rk == K_V || !ret->reg || ret->bytes != kb[rk]))
        return UNSUP(s, "call of '%s' with a %u-byte result; the library function returns %s", name,
                     ret->bytes, rk == K_V ? "nothing" : kn[rk]);
    int dreg = ret ? ptx_find_reg(s, ret->sub) : -1;
    uint8_t dty = rk == K_R ? (dbl ? T_F64 : T_F32) : rk == K_I ? T_S32 : T_S64;
    int src[5];
    for (unsigned i = 0; i < nargs; i++) src[i] = ptx_find_reg(s, args[i]->sub);
    unsigned lib = id * 2 + dbl;
    if (id == L_frexp || id == L_modf || id == L_remquo) {
        /* the part stored through the pointer (the last argument), then the result */
        unsigned sb = id == L_modf ? rb : 4, nv = nargs - 1;
        int tmp = lib_temp(s, sb);
        if (tmp < 0 || lib_emit(s, lib, 1, tmp, id == L_modf ? dty : T_S32, src, nv, name) ||
            lib_store(s, args[nv], tmp, sb))
            return -1;
        return lib_emit(s, lib, 0, dreg, dty, src, nv, name);
    }
    if (id == L_sincos) {
        for (unsigned part = 0; part < 2; part++) {
            int tmp = lib_temp(s, rb);
            if (tmp < 0 || lib_emit(s, lib, part, tmp, dty, src, 1, name) || lib_store(s, args[1 + part], tmp, rb))
                return -1;
        }
        return 0;
    }
    return lib_emit(s, lib, 0, dreg, dty, src, nargs, name);
}

/* ---------------------------------------------------------------- math */

#define LIB_CAT(a, b) LIB_CAT_(a, b)
#define LIB_CAT_(a, b) a##b
/* The math functions of one float type T (suffix LIB_SUF: f or nothing),
 * from bits through FROM, to bits through TO: the result's bits (a 32-bit
 * int sign-extended by the register write; part 1: the stored part). */
#define LIB_ONE1(n) case L_##n: return TO(LIB_CAT(n, LIB_SUF)(x));
#define LIB_ONE2(n) case L_##n: return TO(LIB_CAT(n, LIB_SUF)(x, y));
#define LIB_MATH_BODY                                                                              \
    T x = FROM(ra), y = FROM(rb), z = FROM(rc);                                                    \
    int n = (int)(int32_t)rb;                                                                      \
    switch (id) {                                                                                  \
        LIB_MATH1(LIB_ONE1)                                                                        \
        LIB_MATH2(LIB_ONE2)                                                                        \
    case L_fma: return TO(LIB_CAT(fma, LIB_SUF)(x, y, z));                                         \
    case L_ldexp: return TO(LIB_CAT(ldexp, LIB_SUF)(x, n));                                        \
    case L_scalbn: return TO(LIB_CAT(scalbn, LIB_SUF)(x, n));                                      \
    case L_powi: return TO(LIB_CAT(pow, LIB_SUF)(x, (T)n));                                        \
    case L_ilogb: return (uint32_t)LIB_CAT(ilogb, LIB_SUF)(x);                                     \
    case L_lrint: return (uint64_t)LIB_CAT(lrint, LIB_SUF)(x);                                     \
    case L_lround: return (uint64_t)LIB_CAT(lround, LIB_SUF)(x);                                   \
    case L_llrint: return (uint64_t)LIB_CAT(llrint, LIB_SUF)(x);                                   \
    case L_llround: return (uint64_t)LIB_CAT(llround, LIB_SUF)(x);                                 \
    case L_frexp: {                                                                                \
        int e = 0; /* the C library leaves it for NaN and inf, remquo's q for NaN, inf x, y = 0 */ \
        T r = LIB_CAT(frexp, LIB_SUF)(x, &e);                                                      \
        return part ? (uint32_t)e : TO(r);                                                         \
    }                                                                                              \
    case L_modf: {                                                                                 \
        T ip;                                                                                      \
        T r = LIB_CAT(modf, LIB_SUF)(x, &ip);                                                      \
        return part ? TO(ip) : TO(r);                                                              \
    }                                                                                              \
    case L_remquo: {                                                                               \
        int q = 0;                                                                                 \
        T r = LIB_CAT(remquo, LIB_SUF)(x, y, &q);                                                  \
        return part ? (uint32_t)q : TO(r);                                                         \
    }                                                                                              \
    case L_sincos: return part ? TO(LIB_CAT(cos, LIB_SUF)(x)) : TO(LIB_CAT(sin, LIB_SUF)(x));      \
    case L_isnan: return isnan(x) != 0;                                                            \
    case L_isinf: return isinf(x) != 0;                                                            \
    case L_isfinite: return isfinite(x) != 0;                                                      \
    case L_signbit: return signbit(x) != 0;                                                        \
    case L_rsqrt: return TO((T)1 / LIB_CAT(sqrt, LIB_SUF)(x));                                     \
    case L_rcbrt: return TO((T)1 / LIB_CAT(cbrt, LIB_SUF)(x));                                     \
    case L_jn: return TO(LIB_CAT(jn, LIB_SUF)((int)(int32_t)ra, y));                               \
    case L_yn: return TO(LIB_CAT(yn, LIB_SUF)((int)(int32_t)ra, y));                               \
    }                                                                                              \
    return 0;

#define T float
#define LIB_SUF f
#define FROM ptx_f32
#define TO ptx_bf32
static uint64_t lib_math_f(unsigned id, unsigned part, uint64_t ra, uint64_t rb, uint64_t rc)
{
    LIB_MATH_BODY
}
#undef T
#undef LIB_SUF
#undef FROM
#undef TO
#define T double
#define LIB_SUF
#define FROM ptx_f64
#define TO ptx_bf64
static uint64_t lib_math_d(unsigned id, unsigned part, uint64_t ra, uint64_t rb, uint64_t rc)
{
    LIB_MATH_BODY
}
#undef T
#undef LIB_SUF
#undef FROM
#undef TO

/* LIB_INT's functions on the argument registers' bits (ints in the low 32) */
static uint64_t lib_int(unsigned id, uint64_t ra, uint64_t rb, uint64_t rc)
{
    uint32_t a = (uint32_t)ra, b = (uint32_t)rb, c = (uint32_t)rc;
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    int64_t la = (int64_t)ra, lb = (int64_t)rb;
    float x = ptx_f32(ra), y = ptx_f32(rb);
    switch (id) {
    case L_popc: return bits_popcount(a);
    case L_popcll: return bits_popcount(ra);
    case L_clz: return ptx_clz(a, 32);
    case L_clzll: return ptx_clz(ra, 64);
    case L_ffs: return (uint32_t)__builtin_ffs(sa);
    case L_ffsll: return (uint32_t)__builtin_ffsll(la);
    case L_brev: return bits_reverse(a, 32);
    case L_brevll: return bits_reverse(ra, 64);
    case L_mulhi: return ptx_mulhi(a, b, 1, 4);
    case L_umulhi: return ptx_mulhi(a, b, 0, 4);
    case L_mul64hi: return ptx_mulhi(ra, rb, 1, 8);
    case L_umul64hi: return ptx_mulhi(ra, rb, 0, 8);
    case L_mul24: return (uint32_t)((uint32_t)((int32_t)(a << 8) >> 8) * (uint32_t)((int32_t)(b << 8) >> 8));
    case L_umul24: return (a & 0xffffffu) * (b & 0xffffffu);
    case L_sad: return (sa > sb ? a - b : b - a) + c;
    case L_usad: return (a > b ? a - b : b - a) + c;
    case L_byte_perm: { /* CUDA's: the selectors' low 3 bits */
        uint64_t v = (uint64_t)b << 32 | a;
        uint32_t r = 0;
        for (unsigned n = 0; n < 4; n++) r |= (uint32_t)(v >> 8 * (c >> 4 * n & 7) & 0xff) << 8 * n;
        return r;
    }
    case L_min: return (uint32_t)(sa < sb ? sa : sb);
    case L_max: return (uint32_t)(sa > sb ? sa : sb);
    case L_umin: return a < b ? a : b;
    case L_umax: return a > b ? a : b;
    case L_llmin: return (uint64_t)(la < lb ? la : lb);
    case L_llmax: return (uint64_t)(la > lb ? la : lb);
    case L_ullmin: return ra < rb ? ra : rb;
    case L_ullmax: return ra > rb ? ra : rb;
    case L_abs: return sa < 0 ? 0u - a : a;
    case L_llabs: return la < 0 ? 0u - ra : ra;
    case L_hadd: return (uint32_t)(int32_t)(((int64_t)sa + sb) >> 1);
    case L_rhadd: return (uint32_t)(int32_t)(((int64_t)sa + sb + 1) >> 1);
    case L_uhadd: return (uint32_t)(((uint64_t)a + b) >> 1);
    case L_urhadd: return (uint32_t)(((uint64_t)a + b + 1) >> 1);
    /* the fast forms: the header's formulas on .approx's C library */
    case L_fast_expf: return ptx_bf32(exp2f(x * 1.44269504f));
    case L_fast_exp10f: return ptx_bf32(exp2f(x * 3.32192809f));
    case L_fast_logf: return ptx_bf32(log2f(x) * 0.693147181f);
    case L_fast_log2f: return ptx_bf32(log2f(x));
    case L_fast_log10f: return ptx_bf32(log2f(x) * 0.301029996f);
    case L_fast_sinf: return ptx_bf32(sinf(x));
    case L_fast_cosf: return ptx_bf32(cosf(x));
    case L_fast_tanf: return ptx_bf32(sinf(x) / cosf(x));
    case L_fast_powf: return ptx_bf32(exp2f(y * log2f(x)));
    case L_fast_fdividef: case L_fdividef: return ptx_bf32(x / y);
    case L_saturatef: return ptx_bf32(ptx_sat01f(x));
    }
    return 0;
}

/* ---------------------------------------------------------------- memory */

/* `bytes` at a generic address, read without recording an access (the
 * instruction is not a load) */
static int lib_read(const prog *p, int pc, prog_thread *t, const prog_mem *m, uint64_t addr,
                    unsigned bytes, uint64_t *v, char *err, size_t errlen)
{
    prog_effect scratch;
    scratch.nacc = 0;
    const uint8_t *q = ptx_access(p, pc, t, m, &scratch, PS_NONE, addr, bytes, 1, 0, err, errlen);
    if (!q) return -1;
    *v = ptx_load_le(q, bytes);
    return 0;
}

/* the string at addr, at most cap - 1 bytes (cut there), NUL-terminated in buf */
static int lib_string(const prog *p, int pc, prog_thread *t, const prog_mem *m, uint64_t addr,
                      char *buf, size_t cap, char *err, size_t errlen)
{
    size_t i;
    for (i = 0; i + 1 < cap; i++) {
        uint64_t c;
        if (lib_read(p, pc, t, m, addr + i, 1, &c, err, errlen)) return -1;
        buf[i] = (char)c;
        if (!c) return 0;
    }
    buf[i] = 0;
    return 0;
}

/* ---------------------------------------------------------------- vprintf */

#define LIB_STR_MAX 4096 /* the longest format or %s string read */

/* The format at fmt with the arguments at args: written to out (NULL: only
 * counted); the number of arguments consumed, or -1 with err. */
static int lib_printf(const prog *p, int pc, prog_thread *t, const prog_mem *m, FILE *out,
                      uint64_t fmt, uint64_t args, char *err, size_t errlen)
{
    char *f = malloc(LIB_STR_MAX), *str = NULL;
    if (!f) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int count = 0, rc = 0;
    uint64_t off = 0;
    if (lib_string(p, pc, t, m, fmt, f, LIB_STR_MAX, err, errlen)) { free(f); return -1; }
    /* the next argument of `bytes` (4 or 8), at an offset aligned to its size */
#define NEXT_ARG(bytes, v)                                                                         \
    do {                                                                                           \
        off = (off + (bytes) - 1) / (bytes) * (bytes);                                             \
        if (lib_read(p, pc, t, m, args + off, (bytes), &(v), err, errlen)) { rc = -1; goto done; } \
        off += (bytes);                                                                            \
        count++;                                                                                   \
    } while (0)
    for (const char *c = f; *c;) {
        if (*c != '%') {
            const char *e = strchr(c, '%');
            size_t k = e ? (size_t)(e - c) : strlen(c);
            if (out) fwrite(c, 1, k, out);
            c += k;
            continue;
        }
        if (c[1] == '%') {
            if (out) fputc('%', out);
            c += 2;
            continue;
        }
        /* %[flags][width][.precision][length]conversion */
        const char *start = c++;
        char spec[48];
        size_t k = 0;
        spec[k++] = '%';
        while (*c && strchr("-+ #0", *c)) {
            if (k < 8) spec[k++] = *c;
            c++;
        }
        int width = -1, prec = -1;
        if (*c == '*') {
            uint64_t v;
            NEXT_ARG(4, v);
            width = (int)(int32_t)v;
            c++;
        } else if (*c >= '1' && *c <= '9') width = (int)strtol(c, (char **)&c, 10);
        if (*c == '.') {
            c++;
            if (*c == '*') {
                uint64_t v;
                NEXT_ARG(4, v);
                prec = (int)(int32_t)v;
                c++;
            } else prec = (int)strtol(c, (char **)&c, 10);
            if (prec < 0) prec = -1;
        }
        if (width > LIB_STR_MAX) width = LIB_STR_MAX;
        if (width < -LIB_STR_MAX) width = -LIB_STR_MAX;
        if (prec > LIB_STR_MAX) prec = LIB_STR_MAX;
        int wide = 0; /* an 8-byte integer */
        char len[3] = "";
        if (c[0] == 'h') {
            len[0] = 'h';
            if (c[1] == 'h') { len[1] = 'h'; c++; }
            c++;
        } else if (c[0] == 'l' || c[0] == 'j' || c[0] == 'z' || c[0] == 't' || c[0] == 'q' || c[0] == 'L') {
            wide = c[0] != 'L';
            if (c[0] == 'l' && c[1] == 'l') c++;
            c++;
        }
        char conv = *c;
        if (!conv || !strchr("diuxXocsfFeEgGaAp", conv)) {
            /* not a conversion printf defines here (%n among them): the
             * text as written, no argument */
            size_t n = (size_t)(c - start) + (conv ? 1 : 0);
            if (out) fwrite(start, 1, n, out);
            c = start + n;
            continue;
        }
        c++;
        k += (size_t)snprintf(spec + k, sizeof spec - k, "*.*");
        uint64_t v = 0;
        if (strchr("di", conv)) {
            NEXT_ARG(wide ? 8u : 4u, v);
            long long x = wide ? (long long)v : (long long)(int32_t)v;
            if (len[0] == 'h') x = len[1] ? (long long)(signed char)x : (long long)(short)x;
            snprintf(spec + k, sizeof spec - k, "ll%c", conv);
            if (out) fprintf(out, spec, width, prec, x);
        } else if (strchr("uxXo", conv)) {
            NEXT_ARG(wide ? 8u : 4u, v);
            unsigned long long x = wide ? v : (uint32_t)v;
            if (len[0] == 'h') x = len[1] ? (unsigned char)x : (unsigned short)x;
            snprintf(spec + k, sizeof spec - k, "ll%c", conv);
            if (out) fprintf(out, spec, width, prec, x);
        } else if (conv == 'c') {
            NEXT_ARG(4, v);
            snprintf(spec + k - 3, sizeof spec - (k - 3), "*c");
            if (out) fprintf(out, spec, width, (int)v);
        } else if (conv == 'p') {
            NEXT_ARG(8, v);
            snprintf(spec + k - 3, sizeof spec - (k - 3), "*p");
            if (out) fprintf(out, spec, width, (void *)(uintptr_t)v);
        } else if (conv == 's') {
            NEXT_ARG(8, v);
            size_t cap = (prec >= 0 ? (size_t)prec : LIB_STR_MAX - 1) + 1;
            if (!str) str = malloc(LIB_STR_MAX + 1);
            if (!str) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
                goto done;
            }
            if (lib_string(p, pc, t, m, v, str, cap, err, errlen)) { rc = -1; goto done; }
            spec[k++] = 's';
            spec[k] = 0;
            if (out) fprintf(out, spec, width, prec, str);
        } else { /* a double (a float argument is promoted) */
            NEXT_ARG(8, v);
            spec[k++] = conv;
            spec[k] = 0;
            if (out) fprintf(out, spec, width, prec, ptx_f64(v));
        }
    }
#undef NEXT_ARG
done:
    free(f);
    free(str);
    return rc ? -1 : count;
}

/* ---------------------------------------------------------------- exec */

int ptx_lib_exec(const prog *p, int pc, prog_thread *t, const prog_mem *m, char *err, size_t errlen)
{
    const ptx_impl *im = p->impl;
    const ptx_ins *in = &im->ins[pc];
    unsigned id = in->lib >> 1, dbl = in->lib & 1, part = in->cmp;
    uint64_t a = ptx_val(&in->a[0], t), b = ptx_val(&in->a[1], t), c = ptx_val(&in->a[2], t);
    uint64_t r;
    if (id == L_vprintf) {
        int n = lib_printf(p, pc, t, m, im->out, a, b, err, errlen);
        if (n < 0) return -1;
        r = (uint32_t)n;
    } else if (id == L_assertfail) {
        char msg[512], file[256], fn[256];
        if (lib_string(p, pc, t, m, a, msg, sizeof msg, err, errlen) ||
            lib_string(p, pc, t, m, b, file, sizeof file, err, errlen) ||
            lib_string(p, pc, t, m, ptx_val(&in->a[3], t), fn, sizeof fn, err, errlen))
            return -1;
        if (im->out) fflush(im->out); /* the kernel's output before the message */
        snprintf(err, errlen, "%s:%u: %s: assertion `%s' failed (thread %u of CTA (%u,%u,%u), pc %d, %s:%d)",
                 file, (unsigned)c, fn, msg, t->flat, t->ctaid[0], t->ctaid[1], t->ctaid[2], pc, p->file,
                 p->ins[pc].line);
        return -1;
    } else if (id > L_assertfail) r = lib_int(id, a, b, c);
    else r = dbl ? lib_math_d(id, part, a, b, c) : lib_math_f(id, part, a, b, c);
    if (in->nd) ptx_wr(im, t, &in->d[0], r, in->type);
    return 0;
}

void ptx_set_output(prog *p, void *file)
{
    if (p->ops == &ptx_ops && p->impl) ((ptx_impl *)p->impl)->out = file;
}
