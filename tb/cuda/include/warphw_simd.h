/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warphw_simd.h -- the CUDA Math API's SIMD intrinsics (__vadd2, __vabsdiff4,
 * __vcmpgtu2, __vsads4, ...), included by tb/cuda/warphw_cuda.h after its
 * WARPHW_DEV prefix is defined.  Each word holds two 16-bit halfwords (the
 * ...2 forms) or four bytes (the ...4 forms), the lowest at bit 0; every
 * element is computed on its own, written from the Math API's one-line
 * definitions:
 *   __vadd, __vsub            a + b, a - b, wrapping
 *   __vaddss, __vsubss        signed, saturated to the element's range
 *   __vaddus, __vsubus        unsigned, saturated (a - b below 0 gives 0)
 *   __vavgs                   signed average rounded half away from zero:
 *                             s = a + b, (s + (s >= 0)) >> 1 (>> is floor)
 *   __vavgu                   unsigned (a + b + 1) >> 1
 *   __vhaddu                  unsigned (a + b) >> 1
 *   __vabsdiffs, __vabsdiffu  |a - b| of the signed / unsigned values, kept
 *                             to the element's bits (|127 - -128| = 0xff)
 *   __vmaxs __vmaxu __vmins __vminu
 *   __vabs, __vneg            |a|, -a, wrapping (|-128| = 0x80)
 *   __vabsss, __vnegss        saturated (|-128| = 127, -(-128) = 127)
 *   __vcmpOP                  all ones in the element where a OP b, else 0
 *   __vsetOP                  1 in the element where a OP b, else 0
 *                             (OP: eq, ne, and ges gts les lts signed,
 *                             geu gtu leu ltu unsigned)
 *   __vsads, __vsadu          the sum of the elements' |a - b| as one
 *                             unsigned number (signed / unsigned elements)
 * The same source is the device's code (clang turns it into ordinary
 * integer PTX: no video instruction) and the host reference's, so the two
 * agree bit for bit.  Not provided: the DPX functions of CUDA 12
 * (__vimax3_s32, __viaddmax_s16x2, ...).
 */
#ifndef WARPHW_SIMD_H
#define WARPHW_SIMD_H

enum {
    WARPHW_V_ADD, WARPHW_V_SUB, WARPHW_V_ADDSS, WARPHW_V_SUBSS, WARPHW_V_ADDUS, WARPHW_V_SUBUS,
    WARPHW_V_AVGS, WARPHW_V_AVGU, WARPHW_V_HADDU, WARPHW_V_ABSDIFFS, WARPHW_V_ABSDIFFU,
    WARPHW_V_MAXS, WARPHW_V_MAXU, WARPHW_V_MINS, WARPHW_V_MINU, WARPHW_V_ABS, WARPHW_V_ABSSS,
    WARPHW_V_NEG, WARPHW_V_NEGSS,
    /* comparisons: cmp (all ones) and set (1) */
    WARPHW_V_EQ, WARPHW_V_NE, WARPHW_V_GES, WARPHW_V_GEU, WARPHW_V_GTS, WARPHW_V_GTU,
    WARPHW_V_LES, WARPHW_V_LEU, WARPHW_V_LTS, WARPHW_V_LTU
};

/* element k of w bits (8 or 16) of x, signed or unsigned, as an int.  The
 * signed element is moved to the top and shifted back arithmetically: clang
 * 14's NVPTX back end turns an arithmetic shift of a masked word whose mask
 * holds the sign bit, ((int)(x & 0xffff0000) >> 16), into bfe.u32, which
 * zero-extends (fixed in LLVM 21, pull request 130862), so that form would
 * give the device another value than the host for the top element */
WARPHW_DEV int warphw_vel(unsigned x, unsigned w, unsigned k, int sgn)
{
    if (sgn) return (int)(x << (32 - w * (k + 1))) >> (32 - w);
    return (int)((x >> (w * k)) & ((1u << w) - 1u));
}

/* one element's result of operation op (WARPHW_V_*), before it is cut to
 * w bits; one: the value a true comparison writes */
WARPHW_DEV int warphw_vone(int op, int sa, int sb, int ua, int ub, int lo, int hi, int umax, int one)
{
    int s;
    switch (op) {
    case WARPHW_V_ADD: return ua + ub;
    case WARPHW_V_SUB: return ua - ub;
    case WARPHW_V_ADDSS: s = sa + sb; return s < lo ? lo : s > hi ? hi : s;
    case WARPHW_V_SUBSS: s = sa - sb; return s < lo ? lo : s > hi ? hi : s;
    case WARPHW_V_ADDUS: s = ua + ub; return s > umax ? umax : s;
    case WARPHW_V_SUBUS: s = ua - ub; return s < 0 ? 0 : s;
    case WARPHW_V_AVGS: s = sa + sb; return (s + (s >= 0)) >> 1;
    case WARPHW_V_AVGU: return (ua + ub + 1) >> 1;
    case WARPHW_V_HADDU: return (ua + ub) >> 1;
    case WARPHW_V_ABSDIFFS: return sa > sb ? sa - sb : sb - sa;
    case WARPHW_V_ABSDIFFU: return ua > ub ? ua - ub : ub - ua;
    case WARPHW_V_MAXS: return sa > sb ? sa : sb;
    case WARPHW_V_MAXU: return ua > ub ? ua : ub;
    case WARPHW_V_MINS: return sa < sb ? sa : sb;
    case WARPHW_V_MINU: return ua < ub ? ua : ub;
    case WARPHW_V_ABS: return sa < 0 ? -sa : sa;
    case WARPHW_V_ABSSS: return sa < 0 ? (-sa > hi ? hi : -sa) : sa;
    case WARPHW_V_NEG: return -sa;
    case WARPHW_V_NEGSS: return -sa > hi ? hi : -sa;
    case WARPHW_V_EQ: return ua == ub ? one : 0;
    case WARPHW_V_NE: return ua != ub ? one : 0;
    case WARPHW_V_GES: return sa >= sb ? one : 0;
    case WARPHW_V_GEU: return ua >= ub ? one : 0;
    case WARPHW_V_GTS: return sa > sb ? one : 0;
    case WARPHW_V_GTU: return ua > ub ? one : 0;
    case WARPHW_V_LES: return sa <= sb ? one : 0;
    case WARPHW_V_LEU: return ua <= ub ? one : 0;
    case WARPHW_V_LTS: return sa < sb ? one : 0;
    default: return ua < ub ? one : 0;
    }
}

/* op on every element of w bits of a and b; set: a true comparison writes
 * 1, else all ones */
WARPHW_DEV unsigned warphw_vop(unsigned a, unsigned b, unsigned w, int op, int set)
{
    unsigned m = (1u << w) - 1u, r = 0;
    int hi = (int)(m >> 1), lo = -hi - 1;
    for (unsigned k = 0; k < 32 / w; k++) {
        int v = warphw_vone(op, warphw_vel(a, w, k, 1), warphw_vel(b, w, k, 1), warphw_vel(a, w, k, 0),
                            warphw_vel(b, w, k, 0), lo, hi, (int)m, set ? 1 : (int)m);
        r |= ((unsigned)v & m) << (w * k);
    }
    return r;
}

/* the sum of the elements' |a - b| */
WARPHW_DEV unsigned warphw_vsad(unsigned a, unsigned b, unsigned w, int sgn)
{
    unsigned r = 0;
    for (unsigned k = 0; k < 32 / w; k++) {
        int x = warphw_vel(a, w, k, sgn), y = warphw_vel(b, w, k, sgn);
        r += (unsigned)(x > y ? x - y : y - x);
    }
    return r;
}

#define WARPHW_V2(name, op, set)                                                                   \
    WARPHW_DEV unsigned name##2(unsigned a, unsigned b) { return warphw_vop(a, b, 16, op, set); } \
    WARPHW_DEV unsigned name##4(unsigned a, unsigned b) { return warphw_vop(a, b, 8, op, set); }
#define WARPHW_V1(name, op)                                                                   \
    WARPHW_DEV unsigned name##2(unsigned a) { return warphw_vop(a, 0, 16, op, 0); }          \
    WARPHW_DEV unsigned name##4(unsigned a) { return warphw_vop(a, 0, 8, op, 0); }
WARPHW_V2(__vadd, WARPHW_V_ADD, 0)
WARPHW_V2(__vsub, WARPHW_V_SUB, 0)
WARPHW_V2(__vaddss, WARPHW_V_ADDSS, 0)
WARPHW_V2(__vsubss, WARPHW_V_SUBSS, 0)
WARPHW_V2(__vaddus, WARPHW_V_ADDUS, 0)
WARPHW_V2(__vsubus, WARPHW_V_SUBUS, 0)
WARPHW_V2(__vavgs, WARPHW_V_AVGS, 0)
WARPHW_V2(__vavgu, WARPHW_V_AVGU, 0)
WARPHW_V2(__vhaddu, WARPHW_V_HADDU, 0)
WARPHW_V2(__vabsdiffs, WARPHW_V_ABSDIFFS, 0)
WARPHW_V2(__vabsdiffu, WARPHW_V_ABSDIFFU, 0)
WARPHW_V2(__vmaxs, WARPHW_V_MAXS, 0)
WARPHW_V2(__vmaxu, WARPHW_V_MAXU, 0)
WARPHW_V2(__vmins, WARPHW_V_MINS, 0)
WARPHW_V2(__vminu, WARPHW_V_MINU, 0)
WARPHW_V1(__vabs, WARPHW_V_ABS)
WARPHW_V1(__vabsss, WARPHW_V_ABSSS)
WARPHW_V1(__vneg, WARPHW_V_NEG)
WARPHW_V1(__vnegss, WARPHW_V_NEGSS)
#define WARPHW_VCMP(op, code)                     \
    WARPHW_V2(__vcmp##op, WARPHW_V_##code, 0)     \
    WARPHW_V2(__vset##op, WARPHW_V_##code, 1)
WARPHW_VCMP(eq, EQ)
WARPHW_VCMP(ne, NE)
WARPHW_VCMP(ges, GES)
WARPHW_VCMP(geu, GEU)
WARPHW_VCMP(gts, GTS)
WARPHW_VCMP(gtu, GTU)
WARPHW_VCMP(les, LES)
WARPHW_VCMP(leu, LEU)
WARPHW_VCMP(lts, LTS)
WARPHW_VCMP(ltu, LTU)
WARPHW_DEV unsigned __vsads2(unsigned a, unsigned b) { return warphw_vsad(a, b, 16, 1); }
WARPHW_DEV unsigned __vsads4(unsigned a, unsigned b) { return warphw_vsad(a, b, 8, 1); }
WARPHW_DEV unsigned __vsadu2(unsigned a, unsigned b) { return warphw_vsad(a, b, 16, 0); }
WARPHW_DEV unsigned __vsadu4(unsigned a, unsigned b) { return warphw_vsad(a, b, 8, 0); }
#undef WARPHW_VCMP
#undef WARPHW_V1
#undef WARPHW_V2

#endif
