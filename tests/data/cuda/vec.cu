/* SPDX-License-Identifier: Apache-2.0 */
/* vec.cu -- 16-byte vectors (float4 loads and stores: ld/st.v4, a store reading
 * five registers), 8-byte pairs, a 2D grid with a 2D block, predicate logic,
 * f64 and 64-bit shifts and division: the vector forms through every mechanism
 * (test_simt_cuda.sh). */
struct __attribute__((aligned(16))) f4 { float x, y, z, w; };
struct __attribute__((aligned(8))) i2 { int a, b; };
extern "C" __global__ void vec(const f4 *in, f4 *out, i2 *pairs, double *dd, long long *ll, int n)
{
    __shared__ f4 sh[32];
    int tx = threadIdx.x, ty = threadIdx.y;
    int i = (blockIdx.y * gridDim.x + blockIdx.x) * (blockDim.x * blockDim.y) + ty * blockDim.x + tx;
    int l = ty * blockDim.x + tx;
    f4 v = i < n ? in[i] : f4{0, 0, 0, 0};
    sh[l] = v;
    __syncthreads();
    f4 u = sh[(l + 1) % (blockDim.x * blockDim.y)];
    bool a = v.x > u.x, b = v.y < 0.0f, c = (i & 3) == 1;
    if (i < n) {
        f4 r;
        r.x = (a && !b) || c ? v.x * u.y + v.z : u.w - v.w;
        r.y = a != b ? v.y : u.y;
        r.z = fmaxf(v.z, u.z) * 0.5f + fminf(v.w, u.x);
        r.w = (float)l;
        out[i] = r;
        i2 p; p.a = (int)(v.x * 10.0f) >> (i & 7); p.b = (unsigned)(int)(u.y * 3.0f) >> (i & 15);
        pairs[i] = p;
        double d = (double)v.x * (double)u.y + (double)v.z * 1.25;
        dd[i] = d * d - (double)r.z / 3.0;
        long long q = (long long)p.a << 33 | (unsigned)p.b;
        ll[i] = (q >> (i & 31)) ^ (long long)((unsigned long long)q >> 7) + q / (long long)(p.b | 1) + q % 1000;
    }
}
