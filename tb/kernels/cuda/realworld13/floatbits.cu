/* SPDX-License-Identifier: Apache-2.0 */
/* floatbits.cu -- float tricks done on the bits, as graphics and sort
 * codes do them: a union of float, unsigned and a bit-field struct
 * (sign:1, exp:8, mant:23) gives each field; the fast inverse square root
 * (the 0x5f3759df seed by `__float_as_int`/`__int_as_float`, two Newton
 * steps); the exponent of a subnormal by `__clz` of its mantissa; the
 * next float up by an integer step on the bits; the radix-sort key that
 * makes float order unsigned order (flip every bit of a negative, the
 * sign of a positive).  Each block then sorts its 32 values by their keys
 * with a rank count in shared memory (ties by index) and scatters them.
 * The inputs are random words with the exponent 255 (NaN, infinity)
 * cleared, a quarter made subnormal or zero. */
union fbits {
    float f;
    unsigned u;
    struct {
        unsigned mant : 23;
        unsigned exp : 8;
        unsigned sign : 1;
    } b;
};

static __device__ float fast_rsqrt(float x)
{
    const float h = 0.5f * x;
    float y = __int_as_float(0x5f3759df - (__float_as_int(x) >> 1));
    y = y * (1.5f - h * y * y);
    y = y * (1.5f - h * y * y);
    return y;
}

static __device__ unsigned sort_key(unsigned u) { return u ^ ((unsigned)((int)u >> 31) | 0x80000000u); }

extern "C" __global__ void floatbits(const unsigned *in, unsigned *val, float *rs, int *ilog,
                                     unsigned *next, unsigned *keys, unsigned *sorted)
{
    __shared__ unsigned k[32];
    __shared__ unsigned v[32];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    union fbits x;
    x.u = in[i];
    if (x.b.exp == 255) x.b.exp = 254;
    if ((x.u >> 28) % 4 == 1) x.b.exp = 0; /* subnormal (or zero) */
    val[i] = x.u;
    const float a = fabsf(x.f);
    int e;
    if (x.b.exp != 0) e = (int)x.b.exp - 127;
    else if (x.b.mant != 0) e = -127 - (__clz(x.b.mant) - 9);
    else e = -1000;
    ilog[i] = e;
    rs[i] = (x.b.exp != 0) ? fast_rsqrt(a) : 0.0f;
    union fbits nx = x;
    if (x.b.sign == 0) nx.u++;
    else if ((x.u & 0x7fffffffu) == 0) nx.u = 1; /* -0 -> the least subnormal */
    else nx.u--;
    next[i] = nx.u;
    k[t] = sort_key(x.u);
    v[t] = x.u;
    keys[i] = k[t];
    __syncthreads();
    int r = 0;
    for (int j = 0; j < 32; j++) r += k[j] < k[t] || (k[j] == k[t] && j < t);
    sorted[blockIdx.x * 32 + r] = v[t];
}
