/* SPDX-License-Identifier: Apache-2.0 */
/* ghist.cu -- a 1,024-bin histogram straight into global memory, counted
 * once by every CTA: each CTA's threads stride over all n keys (plain
 * loads, so the order taint builds the plain-load seed's atomics map) and
 * add into hist[] with a global atomic (no shared bins).  Every CTA writes
 * the same bytes of hist[], so the map must not grow with the grid
 * (tests/test_simt_refcheck.sh, --mem-peak at 8 and 64 CTAs; docs/ptx.md
 * "The atomics map follows the bytes, not the grid").  Each bin ends
 * gridDim.x times its count, whatever the atomics' order. */
extern "C" __global__ void ghist(const unsigned short *key, unsigned *hist, int n)
{
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        atomicAdd(&hist[key[i] & 1023u], 1u);
}
