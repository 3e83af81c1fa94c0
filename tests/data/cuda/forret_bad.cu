/* SPDX-License-Identifier: Apache-2.0 */
/* forret_bad.cu -- loops left by a return that stay refused (docs/ptx.md,
 * "Loops left only by a return"), each with one line naming the barrier:
 *   fb_branch: the loop sits on one side of a thread-dependent branch whose
 *     other side goes to another barrier (the branch reconverges only at
 *     the exit: both barriers are under it);
 *   fb_continue: a thread-dependent `continue` past the loop's barrier
 *     (the threads that skip it stay in the loop);
 *   fb_retbar: the returning side waits at a barrier before its return
 *     (its threads do not leave unseen). */
#define NT 64

extern "C" __global__ void fb_branch(const unsigned *in, unsigned *out)
{
    __shared__ unsigned s[NT];
    const int t = threadIdx.x, g = blockIdx.x * NT + t;
    unsigned v = in[g];
    s[t] = 0u;
    __syncthreads();
    if (t < 32) {
        for (;;) {
            if ((v & 7u) == 3u) {
                out[g] = v;
                return;
            }
            s[t] = v;
            __syncthreads();
            v = v * 5u + s[(t + 1) % 32];
            __syncthreads();
        }
    }
    s[t] = v;
    __syncthreads();
    out[g] = s[NT - 1 - t];
}

extern "C" __global__ void fb_continue(const unsigned *in, unsigned *out)
{
    __shared__ unsigned s[NT];
    const int t = threadIdx.x, g = blockIdx.x * NT + t;
    unsigned v = in[g];
    s[t] = 0u;
    __syncthreads();
    for (;;) {
        if ((v & 7u) == 3u) {
            out[g] = v;
            return;
        }
        v = v * 5u + 1u;
        if (v & 16u)
            continue;
        s[t] = v;
        __syncthreads();
        v += s[(t + 1) % NT];
        __syncthreads();
    }
}

extern "C" __global__ void fb_retbar(const unsigned *in, unsigned *out)
{
    __shared__ unsigned s[NT];
    const int t = threadIdx.x, g = blockIdx.x * NT + t;
    unsigned v = in[g];
    s[t] = 0u;
    __syncthreads();
    for (;;) {
        if ((v & 7u) == 3u) {
            __syncthreads();
            out[g] = v + s[(t + 1) % NT];
            return;
        }
        s[t] = v;
        __syncthreads();
        v = v * 5u + s[(t + 1) % NT];
        __syncthreads();
    }
}
