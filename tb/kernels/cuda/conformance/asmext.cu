/* SPDX-License-Identifier: Apache-2.0 */
/* asmext.cu -- inline PTX as hand-tuned CUDA writes it (docs/ptx.md,
 * "ptxgaps"): a 128-bit add and subtract and a 64 x 64 -> 128-bit multiply
 * through the carry chains (add.cc/addc.cc/addc, sub.cc/subc,
 * mad.lo.cc/madc.hi.cc/madc.hi), lop3.b32 with three tables, dp4a and
 * dp2a.lo/.hi; the host reference computes the same in plain C.  16 words
 * out per thread. */
struct u128 { unsigned w[4]; };
__device__ u128 add128(u128 a, u128 b)
{
    u128 r;
#ifdef __CUDA_ARCH__
    asm("add.cc.u32 %0, %4, %8;\n\taddc.cc.u32 %1, %5, %9;\n\taddc.cc.u32 %2, %6, %10;\n\taddc.u32 %3, %7, %11;"
        : "=r"(r.w[0]), "=r"(r.w[1]), "=r"(r.w[2]), "=r"(r.w[3])
        : "r"(a.w[0]), "r"(a.w[1]), "r"(a.w[2]), "r"(a.w[3]), "r"(b.w[0]), "r"(b.w[1]), "r"(b.w[2]), "r"(b.w[3]));
#else
    unsigned long long c = 0;
    for (int i = 0; i < 4; i++) { c += (unsigned long long)a.w[i] + b.w[i]; r.w[i] = (unsigned)c; c >>= 32; }
#endif
    return r;
}
__device__ u128 sub128(u128 a, u128 b)
{
    u128 r;
#ifdef __CUDA_ARCH__
    asm("sub.cc.u32 %0, %4, %8;\n\tsubc.cc.u32 %1, %5, %9;\n\tsubc.cc.u32 %2, %6, %10;\n\tsubc.u32 %3, %7, %11;"
        : "=r"(r.w[0]), "=r"(r.w[1]), "=r"(r.w[2]), "=r"(r.w[3])
        : "r"(a.w[0]), "r"(a.w[1]), "r"(a.w[2]), "r"(a.w[3]), "r"(b.w[0]), "r"(b.w[1]), "r"(b.w[2]), "r"(b.w[3]));
#else
    unsigned borrow = 0;
    for (int i = 0; i < 4; i++) {
        unsigned long long d = (unsigned long long)a.w[i] - b.w[i] - borrow;
        r.w[i] = (unsigned)d;
        borrow = (unsigned long long)b.w[i] + borrow > a.w[i];
    }
#endif
    return r;
}
/* the 64 x 64 -> 128 product of (a1:a0) and (b1:b0), word by word */
__device__ u128 mul64(unsigned a0, unsigned a1, unsigned b0, unsigned b1)
{
    u128 r;
#ifdef __CUDA_ARCH__
    unsigned t1, t2;
    asm("mul.lo.u32 %0, %6, %8;\n\t"
        "mul.hi.u32 %1, %6, %8;\n\t"
        "mad.lo.cc.u32 %1, %6, %9, %1;\n\t"
        "madc.hi.u32 %2, %6, %9, 0;\n\t"
        "mad.lo.cc.u32 %1, %7, %8, %1;\n\t"
        "madc.hi.cc.u32 %2, %7, %8, %2;\n\t"
        "addc.u32 %3, 0, 0;\n\t"
        "mad.lo.cc.u32 %2, %7, %9, %2;\n\t"
        "madc.hi.u32 %3, %7, %9, %3;\n\t"
        "mov.u32 %4, 0;\n\tmov.u32 %5, 0;"
        : "=r"(r.w[0]), "=r"(r.w[1]), "=r"(r.w[2]), "=r"(r.w[3]), "=r"(t1), "=r"(t2)
        : "r"(a0), "r"(a1), "r"(b0), "r"(b1));
#else
    unsigned long long a = (unsigned long long)a1 << 32 | a0, b = (unsigned long long)b1 << 32 | b0;
    unsigned long long ll = (unsigned long long)a0 * b0, lh = (unsigned long long)a0 * b1, hl = (unsigned long long)a1 * b0,
                       hh = (unsigned long long)a1 * b1;
    unsigned long long mid = (ll >> 32) + (unsigned)lh + (unsigned)hl;
    unsigned long long hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    (void)a; (void)b;
    r.w[0] = (unsigned)ll; r.w[1] = (unsigned)mid; r.w[2] = (unsigned)hi; r.w[3] = (unsigned)(hi >> 32);
#endif
    return r;
}
__device__ unsigned lop3(unsigned a, unsigned b, unsigned c, int k)
{
#ifdef __CUDA_ARCH__
    unsigned r;
    if (k == 0) asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    else if (k == 1) asm("lop3.b32 %0, %1, %2, %3, 0xe8;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    else asm("lop3.b32 %0, %1, %2, %3, 0x1b;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
#else
    unsigned lut = k == 0 ? 0x96 : k == 1 ? 0xe8 : 0x1b, r = 0;
    for (int i = 0; i < 32; i++) {
        unsigned idx = (a >> i & 1) << 2 | (b >> i & 1) << 1 | (c >> i & 1);
        r |= (lut >> idx & 1u) << i;
    }
    return r;
#endif
}
__device__ unsigned dp(unsigned a, unsigned b, unsigned c, int k)
{
#ifdef __CUDA_ARCH__
    unsigned r;
    if (k == 0) asm("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    else if (k == 1) asm("dp2a.lo.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    else asm("dp2a.hi.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
#else
    unsigned r = c;
    if (k == 0)
        for (int i = 0; i < 4; i++) r += (unsigned)((int)(signed char)(a >> 8 * i) * (int)(unsigned char)(b >> 8 * i));
    else
        for (int i = 0; i < 2; i++) {
            int x = k == 1 ? (int)(unsigned short)(a >> 16 * i) : (int)(short)(a >> 16 * i);
            r += (unsigned)(x * (int)(signed char)(b >> 8 * ((k == 2 ? 2 : 0) + i)));
        }
    return r;
#endif
}
extern "C" __global__ void asmext(const unsigned *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned a = in[i], b = in[(i * 7 + 3) % n], c = in[(i * 13 + 5) % n], d = in[(i * 5 + 1) % n];
    unsigned *o = out + i * 16;
    u128 x = {{a, b, c, d}}, y = {{d, c, a, b}};
    u128 s = add128(x, y), t = sub128(x, y), m = mul64(a, b, c, d);
    for (int j = 0; j < 4; j++) o[j] = s.w[j] ^ t.w[j] << 1;
    for (int j = 0; j < 4; j++) o[4 + j] = m.w[j];
    for (int k = 0; k < 3; k++) o[8 + k] = lop3(a, b, c, k);
    for (int k = 0; k < 3; k++) o[11 + k] = dp(a, b, c, k);
    o[14] = t.w[3];
}
