/* SPDX-License-Identifier: Apache-2.0 */
/* backprop.cu -- a back-propagation layer in 16 x 16 blocks: the forward
 * pass (each block takes 16 inputs; thread (x, y) forms input y times
 * weight (y, x), a tree reduction over y in shared memory, one partial sum
 * per hidden unit and block), then the weight adjustment with momentum
 * (w += eta * delta[x] * in[y] + momentum * oldw) for the same tile.  The
 * squashing function 1/(1+e^-x) is applied to the block's partial sums. */
#define W 16
__device__ __forceinline__ float frand(unsigned w) { return (float)(w & 0xffff) / 65536.0f - 0.5f; }
extern "C" __global__ void backprop(const unsigned *rnd, float *partial, float *wout, float *oldw, int hid,
                                    float eta, float momentum)
{
    __shared__ float in_s[W];
    __shared__ float m[W][W];
    int bx = blockIdx.y; /* the block's input slice */
    int tx = threadIdx.x, ty = threadIdx.y;
    int in = bx * W + ty;      /* input index */
    int widx = in * hid + tx;  /* weight (input, hidden) */
    if (tx == 0) in_s[ty] = frand(rnd[1024 + in]);
    __syncthreads();
    float w = frand(rnd[widx] >> 3);
    m[ty][tx] = in_s[ty] * w;
    __syncthreads();
    for (int s = 1; s < W; s *= 2) {
        if (ty % (2 * s) == 0) m[ty][tx] += m[ty + s][tx];
        __syncthreads();
    }
    if (ty == 0) {
        float z = m[0][tx];
        partial[bx * hid + tx] = 1.0f / (1.0f + expf(-z));
    }
    float delta = frand(rnd[2048 + tx] >> 7);
    float ow = frand(rnd[widx] >> 11) * 0.1f;
    float dw = eta * delta * in_s[ty] + momentum * ow;
    wout[widx] = w + dw;
    oldw[widx] = dw;
}
