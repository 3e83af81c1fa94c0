/* SPDX-License-Identifier: Apache-2.0 */
/* binomial.cu -- European call options priced on a binomial tree in the
 * style of the CUDA SDK's binomialOptions: one block per option; the
 * leaves' payoffs from expf of the log-price steps, then backward
 * induction in shared memory, one tree level per step with a barrier
 * (threads above the level idle), each node pu * up + pd * down; the
 * parameters from sqrtf and expf per option. */
#define NSTEPS 48

extern "C" __global__ void binomial(const float *S, const float *X, const float *T, float *price,
                                    float R, float V)
{
    __shared__ float call[NSTEPS + 1];
    int o = blockIdx.x, t = threadIdx.x;
    float dt = T[o] / (float)NSTEPS;
    float vdt = V * sqrtf(dt);
    float rdt = R * dt;
    float If = expf(rdt), Df = expf(-rdt);
    float u = expf(vdt), d = expf(-vdt);
    float pu = (If - d) / (u - d), pd = 1.0f - pu;
    float puByDf = pu * Df, pdByDf = pd * Df;
    for (int i = t; i <= NSTEPS; i += blockDim.x) {
        float st = S[o] * expf(vdt * (float)(2 * i - NSTEPS));
        float v = st - X[o];
        call[i] = v > 0.0f ? v : 0.0f;
    }
    for (int level = NSTEPS; level > 0; level--) {
        __syncthreads();
        float c[2];
        int n = 0;
        for (int i = t; i < level; i += blockDim.x) c[n++] = puByDf * call[i + 1] + pdByDf * call[i];
        __syncthreads();
        n = 0;
        for (int i = t; i < level; i += blockDim.x) call[i] = c[n++];
    }
    __syncthreads();
    if (t == 0) price[o] = call[0];
}
