/* SPDX-License-Identifier: Apache-2.0 */
/* own_pqueue.cu -- the reviewer's own prelude (no project header), issue
 * 25's command: a persistent block drains a global queue of variable-size
 * tasks.  Thread 0 takes a task index with an atomic add on the head and
 * broadcasts the task's start and size through a `volatile __shared__`
 * pair; after the barrier every thread reads them and the block leaves
 * with `break` once the queue is empty.  Each task is a strided loop over
 * its elements (a per-element digit-sum loop of data-dependent length);
 * each thread keeps its own total, and after the loop the block's totals
 * meet in a shared array, summed by thread 0 and added to a global word
 * (every sum is order-independent). */
#ifdef WARPHW_CUDA_H /* the host reference compiles this file with the project's header */
#define TX threadIdx.x
#define NX blockDim.x
#define TAKE(p) atomicAdd((p), 1u)
#define ADD(p, v) atomicAdd((p), (v))
#else /* the reviewer's own: clang's attributes and NVVM builtins, as macros */
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define TX __nvvm_read_ptx_sreg_tid_x()
#define NX __nvvm_read_ptx_sreg_ntid_x()
#define TAKE(p) ((unsigned)__nvvm_atom_add_gen_i((int *)(p), 1))
#define ADD(p, v) __nvvm_atom_add_gen_i((int *)(p), (int)(v))
#define __syncthreads() __nvvm_bar_sync(0)
#endif

extern "C" __global__ void pqueue(const unsigned *task, int ntask, const unsigned *data,
                                  unsigned *head, unsigned *out, unsigned *total)
{
    volatile __shared__ int start, size;
    __shared__ unsigned part[64];
    const unsigned t = TX, nt = NX;
    unsigned mine = 0;
    for (;;) {
        if (t == 0) {
            unsigned k = TAKE(head);
            start = k < (unsigned)ntask ? (int)(task[k] % 400u) : -1;
            size = k < (unsigned)ntask ? (int)(task[k] >> 9) % 90 : 0;
        }
        __syncthreads();
        const int s0 = start, n = size;
        if (s0 < 0) break;
        for (int i = (int)t; i < n; i += (int)nt) {
            unsigned v = data[s0 + i], d = 0;
            while (v) {
                d += v % 10u;
                v /= 10u;
            }
            out[s0 + i] = d; /* tasks may overlap: the same value either way */
            mine += d;
        }
        __syncthreads(); /* nobody reads start and size when thread 0 writes them */
    }
    part[t] = mine;
    __syncthreads();
    if (t == 0) {
        unsigned s = 0;
        for (unsigned i = 0; i < nt; i++) s += part[i];
        ADD(total, s);
    }
}
