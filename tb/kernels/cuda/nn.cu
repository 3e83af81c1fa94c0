/* SPDX-License-Identifier: Apache-2.0 */
/* nn.cu -- one fully connected neural-network layer: CTA o computes output
 * neuron o = sigmoid(b + sum_i w[o][i] x[i]).  Each thread forms a partial
 * dot product over a strided slice of the inputs (fmaf: one rounding), the
 * partials go to the dynamic shared array (the launch's shared_dynamic) and
 * a tree reduction halves the active threads each step, a barrier per
 * step; thread 0 applies the activation (the fast expf).  Inputs and
 * weights come from the launch's random words. */
extern "C" __global__ void nn(const unsigned *rnd, float *out, int inputs)
{
    WARPHW_DYNAMIC_SHARED(float, part);
    int t = threadIdx.x, o = blockIdx.x;
    float acc = 0.0f;
    /* the loop runs the same trips in every thread (a guard inside it): the
     * natural `for (i = t; i < inputs; i += blockDim.x)` makes clang set the
     * reduction's loop bound on both sides of a thread-dependent branch,
     * which prog_analyse's conservative divergence analysis rejects (a
     * barrier under divergent control) */
    for (int k = 0; k < inputs; k += blockDim.x) {
        int i = k + t;
        if (i < inputs) {
            float x = (float)(int)(rnd[i] & 255u) / 128.0f - 1.0f;
            float w = (float)(int)((rnd[inputs + o * inputs + i] >> 8) & 255u) / 256.0f - 0.5f;
            acc = fmaf(w, x, acc);
        }
    }
    part[t] = acc;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if ((unsigned)t < s) part[t] = part[t] + part[t + s];
        __syncthreads();
    }
    if (t == 0) out[o] = 1.0f / (1.0f + expf(-(part[0] + 0.1f)));
}
