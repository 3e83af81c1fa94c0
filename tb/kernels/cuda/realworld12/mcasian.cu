/* SPDX-License-Identifier: Apache-2.0 */
/* mcasian.cu -- Monte Carlo pricing of arithmetic-average Asian call
 * options, as finance kernels write it with a counter-based generator
 * inline (no curand): Philox-4x32 with ten rounds (__umulhi products,
 * the key bumped by Weyl constants), its words turned into uniforms in
 * (0, 1] and into normals by Box-Muller (logf, sqrtf, sincosf), a path of
 * 12 geometric-Brownian steps (expf) per draw pair, the payoff
 * max(mean - K, 0) discounted.  One block an option (strike, volatility
 * and maturity from a table in global memory); each thread runs 6 paths
 * with its own counter, the block sums payoffs and squared payoffs in
 * double precision by a shared tree, thread 0 writes the price and its
 * standard error.  Each thread's own sum is written too. */
#define STEPS 12
#define PATHS 6

struct u4 {
    unsigned x, y, z, w;
};

static __device__ struct u4 philox(struct u4 c, unsigned k0, unsigned k1)
{
    for (int r = 0; r < 10; r++) {
        const unsigned h0 = __umulhi(0xD2511F53u, c.x), l0 = 0xD2511F53u * c.x;
        const unsigned h1 = __umulhi(0xCD9E8D57u, c.z), l1 = 0xCD9E8D57u * c.z;
        struct u4 n;
        n.x = h1 ^ c.y ^ k0;
        n.y = l1;
        n.z = h0 ^ c.w ^ k1;
        n.w = l0;
        c = n;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    return c;
}

static __device__ float uniform01(unsigned w) { return ((float)(w >> 8) + 1.0f) * (1.0f / 16777216.0f); }

extern "C" __global__ void mcasian(const float *opts, float *price, float *stderr_, float *thread_sum, float s0,
                                   float rate, unsigned seed)
{
    __shared__ double sum[128], sq[128];
    const int t = threadIdx.x, b = blockIdx.x;
    const float strike = opts[3 * b], vol = opts[3 * b + 1], mat = opts[3 * b + 2];
    const float dt = mat / STEPS;
    const float drift = (rate - 0.5f * vol * vol) * dt, diff = vol * sqrtf(dt);
    double ps = 0, pq = 0;
    for (int p = 0; p < PATHS; p++) {
        float s = s0, acc = 0;
        for (int k = 0; k < STEPS; k += 4) {
            struct u4 c = {(unsigned)(b * blockDim.x + t), (unsigned)p, (unsigned)k, 0x5eedu};
            const struct u4 r = philox(c, seed, seed ^ 0xA5A5A5A5u);
            const unsigned w[4] = {r.x, r.y, r.z, r.w};
            for (int j = 0; j < 4; j += 2) {
                const float rad = sqrtf(-2.0f * logf(uniform01(w[j])));
                float sn, cs;
                sincosf(6.2831853f * uniform01(w[j + 1]), &sn, &cs);
                s *= expf(drift + diff * rad * cs);
                acc += s;
                s *= expf(drift + diff * rad * sn);
                acc += s;
            }
        }
        const float pay = fmaxf(acc / STEPS - strike, 0.0f) * expf(-rate * mat);
        ps += pay;
        pq += (double)pay * pay;
    }
    thread_sum[b * blockDim.x + t] = (float)ps;
    sum[t] = ps;
    sq[t] = pq;
    __syncthreads();
    for (int h = blockDim.x / 2; h > 0; h >>= 1) {
        if (t < h) {
            sum[t] += sum[t + h];
            sq[t] += sq[t + h];
        }
        __syncthreads();
    }
    if (t == 0) {
        const double n = (double)blockDim.x * PATHS;
        const double mean = sum[0] / n, var = sq[0] / n - mean * mean;
        price[b] = (float)mean;
        stderr_[b] = (float)sqrt(var > 0 ? var / n : 0.0);
    }
}
