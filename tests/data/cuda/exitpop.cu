/* SPDX-License-Identifier: Apache-2.0 */
/* exitpop.cu -- early returns whose threads must leave the stacks
 * (docs/ptx.md, "Early returns that leave the stack"): each was refused
 * before with "barrier under divergent control".  Each thread i of a block
 * of 64 reads in[i] (a ramp); n does not fill the last block.
 *   exitpop_div: a return under a thread-dependent branch whose other side
 *     goes to the barrier (odd threads: s = 3 * v; even threads past n
 *     return, the others s = v + 1);
 *   exitpop_store: the returning side stores to global memory (a marker
 *     out[i] = -7 for i >= n, threads below a second bound m return without
 *     one) before its return; the others sum pairs after the barrier;
 *   exitpop_two: a return before each of two barriers, the second under a
 *     data-dependent condition (bit 2 of v + w, w the partner's value),
 *     with a store on the second returning side;
 *   exitpop_loop: a loop left only by a return, with a barrier in it:
 *     refused until forret (the copy the analysis builds had no exit;
 *     docs/ptx.md "Loops left only by a return"); its second barrier keeps
 *     a thread from writing s[t] while its partner may still read it. */
extern "C" __global__ void exitpop_div(const int *in, int n, int *out)
{
    __shared__ int s[64];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t & 1) {
        s[t] = 3 * in[i];
    } else {
        if (i >= n) return;
        s[t] = in[i] + 1;
    }
    __syncthreads();
    if (i < n) out[i] = s[t] + s[t ^ 1];
}

extern "C" __global__ void exitpop_store(const int *in, int n, int *out)
{
    __shared__ int s[64];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (i >= n) {
        if (i < n + 8) out[i] = -7;
        return;
    }
    s[t] = in[i];
    __syncthreads();
    out[i] = s[t] + ((i ^ 1) < n ? s[t ^ 1] : 0);
}

extern "C" __global__ void exitpop_two(const int *in, int n, int *out)
{
    __shared__ int s[64];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (i >= n) return;
    const int v = in[i];
    s[t] = v;
    __syncthreads();
    const int w = (i ^ 1) < n ? s[t ^ 1] : 0;
    if ((v + w) & 4) {
        out[i] = -v;
        return;
    }
    __syncthreads();
    const int j = blockIdx.x * blockDim.x + ((t + 2) & 63);
    out[i] = v + w + (j < n ? s[(t + 2) & 63] : 0);
}

extern "C" __global__ void exitpop_loop(const int *in, int n, int *out)
{
    __shared__ int s[64];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    int v = i < n ? in[i] : 0, k = 0;
    for (;;) {
        if (v > 200 || k > 6) {
            out[i] = v;
            return;
        }
        s[t] = v;
        __syncthreads();
        v += s[t ^ 1] + 1;
        k++;
        __syncthreads(); /* the partner reads s[t] before it is written again */
    }
}
