/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warphw_intrin.h -- part of tb/cuda/warphw_cuda.h (issue 25, section 2:
 * the integer ops and cvt as PTX defines them): CUDA's integer and
 * conversion intrinsics.  Included by warphw_cuda.h only.
 *
 * __popc, __popcll, __clz, __clzll, __ffs, __ffsll, __brev, __brevll,
 * __byte_perm, __funnelshift_l/_lc/_r/_rc, __hadd, __rhadd, __uhadd,
 * __urhadd, __sad, __usad, __umulhi, __mulhi, __umul64hi, __mul64hi,
 * __saturatef, __float2int_rn/_rz/_rd/_ru, __float2uint_rn/_rz,
 * __int2float_rn, __uint2float_rn, __double2int_rn/_rz, __fadd_rn,
 * __fsub_rn, __fmul_rn, __fdiv_rn, __frcp_rn, __fsqrt_rn, __dadd_rn,
 * __dmul_rn, __mul24, __umul24; __ldg (a plain load); the bit casts
 * __int_as_float, __uint_as_float, __float_as_int, __float_as_uint,
 * __longlong_as_double, __double_as_longlong.  Device: the instruction
 * (a clang built-in, or inline PTX where clang 14 has none: prmt, shf);
 * host: the same result written out, with the helpers warphw_f2n (cvt to
 * an integer), warphw_rop (one IEEE operation in a rounding mode) and
 * warphw_rcvt (a conversion in a rounding mode) that warphw_round.h uses
 * too.
 */
#ifndef WARPHW_CUDA_H
#error "warphw_intrin.h is a part of warphw_cuda.h: include that"
#endif

/* integer and conversion intrinsics: the device's instruction, the
 * host's same result (PTX semantics: clz of 0 is the width, cvt to an
 * integer saturates and takes NaN to 0, .sat takes NaN to +0 and keeps
 * -0, as tb/simt/ptx_exec.c does) */
#ifdef __CUDA_ARCH__
#define WARPHW_INTR(ret, name, params, dev, host) \
    WARPHW_DEV ret name params { return dev; }
/* prmt and shf as nvcc emits them (inline PTX: clang 14 has no built-in) */
WARPHW_DEV unsigned warphw_prmt(unsigned x, unsigned y, unsigned s)
{
    unsigned r;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(s));
    return r;
}
#define WARPHW_SHF(name, op)                                                                      \
    WARPHW_DEV unsigned name(unsigned lo, unsigned hi, unsigned s)                                \
    {                                                                                             \
        unsigned r;                                                                               \
        asm("shf." op ".b32 %0, %1, %2, %3;" : "=r"(r) : "r"(lo), "r"(hi), "r"(s));              \
        return r;                                                                                 \
    }
WARPHW_SHF(warphw_shf_lw, "l.wrap")
WARPHW_SHF(warphw_shf_lc, "l.clamp")
WARPHW_SHF(warphw_shf_rw, "r.wrap")
WARPHW_SHF(warphw_shf_rc, "r.clamp")
#undef WARPHW_SHF
#else
/* __byte_perm: byte n of the result is byte (s >> 4n) & 7 of y:x */
static inline unsigned warphw_prmt(unsigned x, unsigned y, unsigned s)
{
    unsigned long long v = (unsigned long long)y << 32 | x;
    unsigned r = 0;
    for (int n = 0; n < 4; n++) r |= (unsigned)(v >> 8 * (s >> 4 * n & 7) & 0xff) << 8 * n;
    return r;
}
/* the funnel shifts of hi:lo by s (wrap: s mod 32; clamp: at most 32) */
static inline unsigned warphw_shf(unsigned lo, unsigned hi, unsigned s, int left, int clamp)
{
    unsigned long long v = (unsigned long long)hi << 32 | lo;
    s = clamp ? (s < 32 ? s : 32) : s & 31;
    return left ? (unsigned)((v << s) >> 32) : (unsigned)(v >> s);
}
#define warphw_shf_lw(lo, hi, s) warphw_shf(lo, hi, s, 1, 0)
#define warphw_shf_lc(lo, hi, s) warphw_shf(lo, hi, s, 1, 1)
#define warphw_shf_rw(lo, hi, s) warphw_shf(lo, hi, s, 0, 0)
#define warphw_shf_rc(lo, hi, s) warphw_shf(lo, hi, s, 0, 1)
static inline unsigned long long warphw_brevll(unsigned long long x)
{
    unsigned long long r = 0;
    for (int i = 0; i < 64; i++) r |= ((x >> i) & 1ull) << (63 - i);
    return r;
}
#define WARPHW_INTR(ret, name, params, dev, host) \
    WARPHW_DEV ret name params { return host; }
static inline unsigned warphw_brev(unsigned x)
{
    unsigned r = 0;
    for (int i = 0; i < 32; i++) r |= ((x >> i) & 1u) << (31 - i);
    return r;
}
/* a float's integral value r (x rounded) converted to the integer type I as
 * PTX's cvt does: NaN to 0, saturated at the type's range */
template <class I> static inline I warphw_f2n(double x, double r)
{
    const double top = sizeof(I) == 8 ? 18446744073709551616.0 : 4294967296.0;
    const I mx = (I)-1 > 0 ? (I)-1 : (I)(~0ull >> (65 - 8 * sizeof(I)));
    if (x != x) return 0;
    if ((I)-1 > 0) return r <= 0.0 ? 0 : r >= top ? mx : (I)r;
    return r >= top / 2 ? mx : r < -top / 2 ? (I)(-mx - 1) : (I)r;
}
/* one IEEE operation in the rounding mode m, as ptx_exec.c evaluates it:
 * volatile operands keep it between the two fesetround calls.  k: 0 add,
 * 1 sub, 2 mul, 3 div, 4 sqrt (of a), 5 fma */
template <class T> static inline T warphw_rop(int m, int k, T a, T b, T c)
{
    volatile T x = a, y = b, z = c, r;
    int o = fegetround();
    fesetround(m);
    switch (k) {
    case 0: r = x + y; break;
    case 1: r = x - y; break;
    case 2: r = x * y; break;
    case 3: r = x / y; break;
    case 4: r = sizeof(T) == 4 ? (T)__builtin_sqrtf((float)x) : (T)__builtin_sqrt((double)x); break;
    default: r = sizeof(T) == 4 ? (T)__builtin_fmaf((float)x, (float)y, (float)z) : (T)__builtin_fma(x, y, z); break;
    }
    fesetround(o);
    return r;
}
/* a conversion to the float type D in the rounding mode m */
template <class D, class S> static inline D warphw_rcvt(int m, S v)
{
    volatile S x = v;
    volatile D r;
    int o = fegetround();
    fesetround(m);
    r = (D)x;
    fesetround(o);
    return r;
}
/* the high 64 bits of a 64 x 64-bit product, from 32-bit halves */
static inline unsigned long long warphw_umul64hi(unsigned long long a, unsigned long long b)
{
    unsigned long long al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    unsigned long long ll = al * bl, lh = al * bh, hl = ah * bl;
    unsigned long long mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    return ah * bh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}
#endif
WARPHW_INTR(int, __popc, (unsigned x), __builtin_popcount(x), __builtin_popcount(x))
WARPHW_INTR(int, __popcll, (unsigned long long x), __builtin_popcountll(x), __builtin_popcountll(x))
WARPHW_INTR(int, __clz, (int x), x ? __builtin_clz((unsigned)x) : 32, x ? __builtin_clz((unsigned)x) : 32)
WARPHW_INTR(int, __clzll, (long long x), x ? __builtin_clzll((unsigned long long)x) : 64,
            x ? __builtin_clzll((unsigned long long)x) : 64)
WARPHW_INTR(int, __ffs, (int x), __builtin_ffs(x), __builtin_ffs(x))
WARPHW_INTR(unsigned, __brev, (unsigned x), __builtin_bitreverse32(x), warphw_brev(x))
WARPHW_INTR(unsigned long long, __brevll, (unsigned long long x), __builtin_bitreverse64(x), warphw_brevll(x))
WARPHW_INTR(int, __ffsll, (long long x), __builtin_ffsll(x), __builtin_ffsll(x))
/* __byte_perm (CUDA's: the selectors' low 3 bits, no sign replication) */
WARPHW_INTR(unsigned, __byte_perm, (unsigned x, unsigned y, unsigned s), warphw_prmt(x, y, s & 0x7777u),
            warphw_prmt(x, y, s))
WARPHW_INTR(unsigned, __funnelshift_l, (unsigned lo, unsigned hi, unsigned s), warphw_shf_lw(lo, hi, s),
            warphw_shf_lw(lo, hi, s))
WARPHW_INTR(unsigned, __funnelshift_lc, (unsigned lo, unsigned hi, unsigned s), warphw_shf_lc(lo, hi, s),
            warphw_shf_lc(lo, hi, s))
WARPHW_INTR(unsigned, __funnelshift_r, (unsigned lo, unsigned hi, unsigned s), warphw_shf_rw(lo, hi, s),
            warphw_shf_rw(lo, hi, s))
WARPHW_INTR(unsigned, __funnelshift_rc, (unsigned lo, unsigned hi, unsigned s), warphw_shf_rc(lo, hi, s),
            warphw_shf_rc(lo, hi, s))
/* halving adds and the sum of absolute difference, without overflow */
WARPHW_INTR(int, __hadd, (int x, int y), (int)(((long long)x + y) >> 1), (int)(((long long)x + y) >> 1))
WARPHW_INTR(int, __rhadd, (int x, int y), (int)(((long long)x + y + 1) >> 1), (int)(((long long)x + y + 1) >> 1))
WARPHW_INTR(unsigned, __uhadd, (unsigned x, unsigned y), (unsigned)(((unsigned long long)x + y) >> 1),
            (unsigned)(((unsigned long long)x + y) >> 1))
WARPHW_INTR(unsigned, __urhadd, (unsigned x, unsigned y), (unsigned)(((unsigned long long)x + y + 1) >> 1),
            (unsigned)(((unsigned long long)x + y + 1) >> 1))
WARPHW_INTR(unsigned, __sad, (int x, int y, unsigned z), (x > y ? (unsigned)x - (unsigned)y : (unsigned)y - (unsigned)x) + z,
            (x > y ? (unsigned)x - (unsigned)y : (unsigned)y - (unsigned)x) + z)
WARPHW_INTR(unsigned, __usad, (unsigned x, unsigned y, unsigned z), (x > y ? x - y : y - x) + z, (x > y ? x - y : y - x) + z)
WARPHW_INTR(unsigned, __umulhi, (unsigned a, unsigned b), (unsigned)((unsigned long long)a * b >> 32),
            (unsigned)((unsigned long long)a * b >> 32))
WARPHW_INTR(int, __mulhi, (int a, int b), (int)((long long)a * b >> 32), (int)((long long)a * b >> 32))
WARPHW_INTR(unsigned long long, __umul64hi, (unsigned long long a, unsigned long long b), __nvvm_mulhi_ull(a, b),
            warphw_umul64hi(a, b))
WARPHW_INTR(long long, __mul64hi, (long long a, long long b), __nvvm_mulhi_ll(a, b),
            (long long)(warphw_umul64hi((unsigned long long)a, (unsigned long long)b) -
                        (a < 0 ? (unsigned long long)b : 0) - (b < 0 ? (unsigned long long)a : 0)))
WARPHW_INTR(float, __saturatef, (float x), __nvvm_saturate_f(x), x > 0.0f ? (x < 1.0f ? x : 1.0f) : x == 0.0f ? x : 0.0f)
WARPHW_INTR(int, __float2int_rn, (float x), __nvvm_f2i_rn(x), warphw_f2n<int>(x, rint(x)))
WARPHW_INTR(int, __float2int_rz, (float x), __nvvm_f2i_rz(x), warphw_f2n<int>(x, trunc(x)))
WARPHW_INTR(float, __int2float_rn, (int x), (float)x, (float)x)
WARPHW_INTR(int, __float2int_rd, (float x), __nvvm_f2i_rm(x), warphw_f2n<int>(x, floor(x)))
WARPHW_INTR(int, __float2int_ru, (float x), __nvvm_f2i_rp(x), warphw_f2n<int>(x, ceil(x)))
WARPHW_INTR(unsigned, __float2uint_rn, (float x), __nvvm_f2ui_rn(x), warphw_f2n<unsigned>(x, rint(x)))
WARPHW_INTR(unsigned, __float2uint_rz, (float x), __nvvm_f2ui_rz(x), warphw_f2n<unsigned>(x, trunc(x)))
WARPHW_INTR(float, __uint2float_rn, (unsigned x), (float)x, (float)x)
WARPHW_INTR(int, __double2int_rn, (double x), __nvvm_d2i_rn(x), warphw_f2n<int>(x, rint(x)))
WARPHW_INTR(int, __double2int_rz, (double x), __nvvm_d2i_rz(x), warphw_f2n<int>(x, trunc(x)))
/* IEEE operations with the rounding named (round to nearest: C's own) */
WARPHW_INTR(float, __fadd_rn, (float a, float b), __nvvm_add_rn_f(a, b), a + b)
WARPHW_INTR(float, __fsub_rn, (float a, float b), __nvvm_add_rn_f(a, -b), a - b)
WARPHW_INTR(float, __fmul_rn, (float a, float b), __nvvm_mul_rn_f(a, b), a * b)
WARPHW_INTR(float, __fdiv_rn, (float a, float b), __nvvm_div_rn_f(a, b), a / b)
WARPHW_INTR(float, __frcp_rn, (float x), __nvvm_rcp_rn_f(x), 1.0f / x)
WARPHW_INTR(float, __fsqrt_rn, (float x), __nvvm_sqrt_rn_f(x), sqrtf(x))
WARPHW_INTR(double, __dadd_rn, (double a, double b), __nvvm_add_rn_d(a, b), a + b)
WARPHW_INTR(double, __dmul_rn, (double a, double b), __nvvm_mul_rn_d(a, b), a * b)
/* the 24-bit multiplies: the low 32 bits of the product of the operands'
 * low 24 bits (sign-extended for __mul24) */
WARPHW_INTR(int, __mul24, (int a, int b), (int)((unsigned)((int)((unsigned)a << 8) >> 8) * (unsigned)((int)((unsigned)b << 8) >> 8)),
            (int)((unsigned)((int)((unsigned)a << 8) >> 8) * (unsigned)((int)((unsigned)b << 8) >> 8)))
WARPHW_INTR(unsigned, __umul24, (unsigned a, unsigned b), (a & 0xffffffu) * (b & 0xffffffu),
            (a & 0xffffffu) * (b & 0xffffffu))
#undef WARPHW_INTR
/* read-only loads (nvcc's ld.global.nc): a plain load here */
template <class T> WARPHW_DEV T __ldg(const T *p) { return *p; }

/* the bit casts between float and integer types */
WARPHW_DEV float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
WARPHW_DEV float __uint_as_float(unsigned x) { return __builtin_bit_cast(float, x); }
WARPHW_DEV int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
WARPHW_DEV unsigned __float_as_uint(float x) { return __builtin_bit_cast(unsigned, x); }
WARPHW_DEV double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
WARPHW_DEV long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
