/* SPDX-License-Identifier: Apache-2.0 */
/* simdvideo.cu -- every SIMD intrinsic of the CUDA Math API the project's
 * header provides (tb/cuda/include/warphw_simd.h): the halfword (...2) and
 * byte (...4) forms of add/sub (wrapping and saturated), averages, absolute
 * differences, min/max, the comparisons as masks (__vcmp) and as 0/1
 * (__vset), sums of absolute differences, and the one-operand abs/neg.
 * Each thread takes its word against two others in a loop; 160 words out
 * per thread (the unused ones stay 0). */
extern "C" __global__ void simdvideo(const unsigned *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned a = in[i];
    unsigned *o = out + i * 160;
#define PUT2(f) (o[k++] = f##2(a, b), o[k++] = f##4(a, b))
    for (int j = 0; j < 2; j++) {
        unsigned b = in[j ? (i * 7 + 3) % n : i ^ 1];
        int k = j * 76;
        PUT2(__vadd); PUT2(__vsub); PUT2(__vaddss); PUT2(__vsubss); PUT2(__vaddus); PUT2(__vsubus);
        PUT2(__vavgs); PUT2(__vavgu); PUT2(__vhaddu); PUT2(__vabsdiffs); PUT2(__vabsdiffu);
        PUT2(__vmaxs); PUT2(__vmaxu); PUT2(__vmins); PUT2(__vminu);
        PUT2(__vcmpeq); PUT2(__vcmpne); PUT2(__vcmpges); PUT2(__vcmpgeu); PUT2(__vcmpgts);
        PUT2(__vcmpgtu); PUT2(__vcmples); PUT2(__vcmpleu); PUT2(__vcmplts); PUT2(__vcmpltu);
        PUT2(__vseteq); PUT2(__vsetne); PUT2(__vsetges); PUT2(__vsetgeu); PUT2(__vsetgts);
        PUT2(__vsetgtu); PUT2(__vsetles); PUT2(__vsetleu); PUT2(__vsetlts); PUT2(__vsetltu);
        PUT2(__vsads); PUT2(__vsadu);
    }
    int k = 152;
    o[k++] = __vabs2(a); o[k++] = __vabs4(a); o[k++] = __vabsss2(a); o[k++] = __vabsss4(a);
    o[k++] = __vneg2(a); o[k++] = __vneg4(a); o[k++] = __vnegss2(a); o[k++] = __vnegss4(a);
#undef PUT2
}
