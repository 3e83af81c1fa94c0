/* SPDX-License-Identifier: Apache-2.0 */
/* segshfl.cu -- sparse matrix times vector in coordinate form by a
 * segmented reduction inside each warp, as COO SpMV kernels write it: one
 * thread a nonzero (rows sorted), a head flag where the row changes (read
 * from the lane below with __shfl_up_sync), a segmented inclusive scan of
 * the products by five __shfl_up_sync steps on value and flag, and the
 * last lane of each segment adding the segment's sum into y with
 * atomicAdd (a row split across warps or blocks gets one add from each
 * piece).  Lanes past the end take part in every shuffle with row -1 and
 * product 0.  Lane 0 of each warp counts the warp's segment heads
 * (__ballot_sync, __popc) into the block's count.  Integer values: the
 * sums do not depend on the atomics' order.
 *
 * A warp kernel: the host reference cannot run its shuffles one thread
 * after another, so under the host half (no __CUDA_ARCH__) each thread
 * works out its lane's result in plain C from its warp's rows (as
 * tb/kernels/cuda/warp/ does). */
#define FULL 0xffffffffu

extern "C" __global__ void segshfl(const int *__restrict__ row, const int *__restrict__ col,
                                   const int *__restrict__ val, const int *__restrict__ x, int n, int *y,
                                   int *heads)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x & 31;
    const int r = i < n ? row[i] : -1;
    int v = i < n ? val[i] * __ldg(&x[col[i]]) : 0;
#ifdef __CUDA_ARCH__
    const int below = __shfl_up_sync(FULL, r, 1);
    const int above = __shfl_down_sync(FULL, r, 1);
    int head = lane == 0 || below != r;
    const int first = head && r >= 0 && (i == 0 || lane != 0 || row[i - 1] != r); /* a row's real start */
    for (int d = 1; d < 32; d <<= 1) {
        const int vu = __shfl_up_sync(FULL, v, d);
        const int hu = __shfl_up_sync(FULL, head, d);
        if (lane >= d) {
            if (!head) v += vu;
            head |= hu;
        }
    }
    const int tail = lane == 31 || above != r;
    if (tail && r >= 0) atomicAdd(&y[r], v);
    const unsigned starts = __ballot_sync(FULL, first);
    if (lane == 0 && starts) atomicAdd(&heads[blockIdx.x], __popc(starts));
#else
    /* the lane's row at warp lane l (-1 past the end) */
    const int w0 = i - lane;
    auto rowat = [&](int l) { return w0 + l < n ? row[w0 + l] : -1; };
    const int tail = lane == 31 || rowat(lane + 1) != r;
    if (tail && r >= 0) {
        for (int l = lane - 1; l >= 0 && rowat(l) == r; l--) v += val[w0 + l] * x[col[w0 + l]];
        atomicAdd(&y[r], v);
    }
    if (lane == 0) {
        int starts = 0;
        for (int l = 0; l < 32; l++) {
            const int rl = rowat(l);
            starts += rl >= 0 && (w0 + l == 0 || row[w0 + l - 1] != rl);
        }
        if (starts) atomicAdd(&heads[blockIdx.x], starts);
    }
#endif
}
