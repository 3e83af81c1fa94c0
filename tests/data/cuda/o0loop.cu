/* SPDX-License-Identifier: Apache-2.0 */
/* o0loop.cu -- barriers inside loops at clang -O0, where every variable
 * lives in the stack frame (ld/st [%SP+k]): the divergence analysis
 * follows the frame's slots as registers while the frame's address does
 * not escape (docs/ptx.md, "Barriers in -O0 loops").
 *  - frameloop: the bound is a parameter and blockDim (which clang -O0
 *    stores into the frame again inside a thread-dependent loop), the
 *    rounds' counter a frame slot: uniform, runs;
 *  - tidloop: the bound depends on threadIdx: really divergent, refused;
 *  - ctlstore: the bound is a constant written under `if (t == 0)`: the
 *    other threads keep the old one, refused;
 *  - escaped: the bound read from a local array at an index the analysis
 *    does not follow (the frame's address escapes): refused as before,
 *    naming the stack frame. */
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __device__ __attribute__((device))
#define tid() ((int)__nvvm_read_ptx_sreg_tid_x())
#define ntid() ((int)__nvvm_read_ptx_sreg_ntid_x())

extern "C" __global__ void frameloop(int *out, int rounds)
{
    __shared__ int s[64];
    int t = tid();
    int acc = 0;
    for (int v = t; v < 3 * rounds; v += ntid()) /* thread-dependent */
        acc += v;
    for (int r = 0; r < rounds; r++) {
        s[t] = acc + r;
        __syncthreads();
        acc += s[(t + 1) % ntid()];
        __syncthreads();
    }
    out[t] = acc;
}

extern "C" __global__ void tidloop(int *out, int rounds)
{
    __shared__ int s[64];
    int t = tid();
    int acc = 0;
    for (int r = 0; r < rounds + t % 3; r++) {
        s[t] = acc + r;
        __syncthreads();
        acc += s[(t + 1) % ntid()];
    }
    out[t] = acc;
}

extern "C" __global__ void ctlstore(int *out, int rounds)
{
    __shared__ int s[64];
    int t = tid();
    int acc = 0, n = rounds;
    if (t == 0) n = rounds + 1;
    for (int r = 0; r < n; r++) {
        s[t] = acc + r;
        __syncthreads();
        acc += s[(t + 1) % ntid()];
    }
    out[t] = acc;
}

extern "C" __global__ void escaped(int *out, int rounds)
{
    __shared__ int s[64];
    int t = tid();
    int acc = 0, b[2] = {rounds, rounds};
    for (int r = 0; r < b[rounds & 1]; r++) {
        s[t] = acc + r;
        __syncthreads();
        acc += s[(t + 1) % ntid()];
    }
    out[t] = acc;
}
