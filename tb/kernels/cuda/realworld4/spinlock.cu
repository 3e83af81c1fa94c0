/* SPDX-License-Identifier: Apache-2.0 */
/* spinlock.cu -- a global lock taken with atomicCAS in a loop and freed
 * with atomicExch.  spinlock: one thread of each block takes it (the
 * correct use: the lock is never contended within a warp) and updates a
 * shared record: a count, a sum, the order of the blocks (the order is
 * the atomics' and is reported; count and sum are compared).  The block's
 * other threads wait at a barrier, then add the record's count they saw.
 * warplock: every thread takes it, which on a machine that runs one path
 * of a divergent branch until it reconverges (pre-Volta SIMT, the stack
 * mechanisms here) never ends: the holder waits at the loop's exit while
 * the others spin (tests/test_simt_cuda_realworld4.sh, docs/ptx.md). */
__device__ static void lock(int *l)
{
    while (atomicCAS(l, 0, 1) != 0) {
    }
    __threadfence();
}

__device__ static void unlock(int *l)
{
    __threadfence();
    atomicExch(l, 0);
}

extern "C" __global__ void spinlock(int *l, int *rec, int *order, int *seen)
{
    __shared__ int mine;
    if (threadIdx.x == 0) {
        lock(l);
        volatile int *r = rec;
        int c = r[0];
        order[c] = blockIdx.x;
        r[0] = c + 1;
        r[1] = r[1] + (int)blockIdx.x * 3 + 1;
        mine = c;
        unlock(l);
    }
    __syncthreads();
    seen[blockIdx.x * blockDim.x + threadIdx.x] = (mine >= 0) + (int)threadIdx.x;
}

extern "C" __global__ void warplock(int *l, int *rec, int *order, int *seen)
{
    lock(l);
    volatile int *r = rec;
    int c = r[0];
    order[c] = blockIdx.x * blockDim.x + threadIdx.x;
    r[0] = c + 1;
    unlock(l);
    seen[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
