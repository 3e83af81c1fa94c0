/* SPDX-License-Identifier: Apache-2.0 */
/* cxx.cu -- the C++ a reviewer writes in a kernel, one launch on a 3-D
 * grid (gridDim.y and gridDim.z above 1): a block reduction templated on
 * the element type (int, long long, float, double) and the block size,
 * with the combining operation a functor or a lambda passed to a templated
 * __device__ function; a struct with methods (a running min/max/sum);
 * constexpr tables; `static __device__` globals with initializers (a
 * .global array read, a counter bumped by atomics); __restrict__, __ldg,
 * #pragma unroll, __launch_bounds__; type punning through a union and
 * __float_as_int; a dense switch of sixteen cases; a goto out of a nested
 * loop (after the last barrier: before a barrier, as
 * CXX_GOTO_BEFORE_BARRIERS puts it for tests/data/cuda/gotobar.cu, clang 14
 * leaves a path to `ret` that is never taken, and the barrier is refused,
 * docs/ptx.md);
 * an early return from deep inside nested ifs. */
constexpr int BS = 64;

template <typename T> struct Stats {
    T lo, hi, sum;
    __device__ void init(T v) { lo = hi = sum = v; }
    __device__ void add(T v)
    {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
        sum += v;
    }
};

struct MaxOp {
    template <typename T> __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};

template <typename T, int N, typename Op> __device__ T block_reduce(T *sh, T v, Op op)
{
    int t = threadIdx.x + threadIdx.y * blockDim.x;
    sh[t] = v;
    __syncthreads();
#pragma unroll
    for (int s = N / 2; s > 0; s >>= 1) {
        if (t < s) sh[t] = op(sh[t], sh[t + s]);
        __syncthreads();
    }
    T r = sh[0];
    __syncthreads();
    return r;
}

static __device__ int g_weights[16] = {3, -1, 4, 1, -5, 9, 2, -6, 5, 3, -5, 8, 9, -7, 9, 3};
static __device__ unsigned g_calls = 1000;

constexpr unsigned mix_const(int i) { return 0x9e3779b9u * (unsigned)(i + 1) ^ (unsigned)(i << 7); }
__constant__ unsigned c_mix[4] = {mix_const(0), mix_const(1), mix_const(2), mix_const(3)};

/* a goto out of a nested search: the first (i, j) with i*j's low bits
   equal to w's and (i + j)'s parity PAR's */
#define SEARCH(PAR)                                                            \
    int found = -1;                                                            \
    for (int i = 1; i < 8; i++)                                                \
        for (int j = 1; j < 8; j++)                                            \
            if (((i * j) & 7) == (w & 7) && ((i + j) & 1) == ((PAR) & 1)) {    \
                found = i * 8 + j;                                             \
                goto done;                                                     \
            }                                                                  \
done:

union Pun { float f; unsigned u; };

__device__ int pick(int op, int a, int b)
{
    switch (op & 15) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return a ^ b;
    case 4: return a & b;
    case 5: return a | b;
    case 6: return (int)((unsigned)a << (b & 7));
    case 7: return a >> (b & 7);
    case 8: return (unsigned)a >> (b & 7);
    case 9: return a < b ? a : b;
    case 10: return a > b ? a : b;
    case 11: return b ? a / b : -1;
    case 12: return b ? a % b : -2;
    case 13: return ~a;
    case 14: return -b;
    default: return a * 3 + b;
    }
}

extern "C" __global__ void __launch_bounds__(BS) cxx(const int *__restrict__ in, const float *__restrict__ fin,
                                                       int *__restrict__ iout, long long *__restrict__ lout,
                                                       float *__restrict__ fout, double *__restrict__ dout)
{
    __shared__ int shi[BS];
    __shared__ long long shl[BS];
    __shared__ float shf[BS];
    __shared__ double shd[BS];
    int t = threadIdx.x + threadIdx.y * blockDim.x;
    int blk = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    int g = blk * BS + t;
    int v = __ldg(&in[g]);
    float fv = fin[g];

    /* the dense switch, the initialised globals, the constexpr table */
    int w = pick(v >> 4, v, g_weights[g & 15]) ^ (int)(c_mix[t & 3] >> 20);
#ifdef CXX_GOTO_BEFORE_BARRIERS
    /* tests/data/cuda/gotobar.cu: the search before the barriers */
    SEARCH(t)
#endif
    /* punning: the float's sign, exponent and mantissa; a union and the
       intrinsic must agree */
    Pun p;
    p.f = fv;
    unsigned bits = (unsigned)__float_as_int(fv);
    int expo = (int)((p.u >> 23) & 0xff) - 127;
    Stats<int> st;
    st.init(w);
    st.add(expo);
#ifdef CXX_GOTO_BEFORE_BARRIERS
    st.add(found);
#endif
    if (bits != p.u) st.add(1 << 30);

    int mx = block_reduce<int, BS>(shi, st.hi, MaxOp());
    long long lsum = block_reduce<long long, BS>(shl, (long long)st.sum * 1000003LL + (long long)v * v * v,
                                                 [] __device__(long long a, long long b) { return a + b; });
    float fsum = block_reduce<float, BS>(shf, fv * 0.5f, [] __device__(float a, float b) { return a + b; });
    double dmx = block_reduce<double, BS>(shd, (double)fv * fv - (double)v, MaxOp());

#ifndef CXX_GOTO_BEFORE_BARRIERS
    SEARCH(mx)
#endif
    iout[g] = (int)((unsigned)st.lo << 16) + (found & 0xffff);
    if (t == 0) {
        atomicAdd(&g_calls, 1u);
        iout[gridDim.x * gridDim.y * gridDim.z * BS + blk] = mx;
        lout[blk] = lsum;
        fout[blk] = fsum;
        dout[blk] = dmx;
    }
    /* an early return deep inside: threads whose value is odd, negative
       and has its bit 4 set write a second word, the others leave */
    if (v & 1) {
        if (v < 0) {
            if (v & 16) {
                if (fv > 0.0f) return;
                iout[gridDim.x * gridDim.y * gridDim.z * (BS + 1) + g] = expo;
                return;
            }
        }
    }
    iout[gridDim.x * gridDim.y * gridDim.z * (BS + 1) + g] = v ^ 0x5a5a;
}
