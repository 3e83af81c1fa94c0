/* SPDX-License-Identifier: Apache-2.0 */
/* srad.cu -- one step of speckle-reducing anisotropic diffusion on a
 * rows x cols image: the four neighbour differences with clamped borders
 * (the edge pixels reuse themselves), the normalised gradient and
 * Laplacian, the diffusion coefficient 1/(1+q) clamped to [0, 1], then,
 * after a barrier, the divergence of the coefficient field from the
 * block's shared copy (the block's right and bottom neighbours from global
 * when they fall outside it) and the update.  2-D grid of 2-D blocks. */
#define BX 8
#define BY 8
__device__ __forceinline__ float pix(const unsigned *raw, int i)
{
    return 0.5f + (float)(raw[i] & 0xfff) * (1.0f / 4096.0f);
}
extern "C" __global__ void srad(const unsigned *raw, float *cglob, float *out, int rows, int cols, float q0sqr,
                                float lambda)
{
    __shared__ float cs[BY][BX];
    int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
    bool in = x < cols && y < rows;
    float jc = 0, dn = 0, ds = 0, dw = 0, de = 0, c = 0;
    if (in) {
        int i = y * cols + x;
        jc = pix(raw, i);
        dn = pix(raw, (y > 0 ? y - 1 : 0) * cols + x) - jc;
        ds = pix(raw, (y < rows - 1 ? y + 1 : rows - 1) * cols + x) - jc;
        dw = pix(raw, y * cols + (x > 0 ? x - 1 : 0)) - jc;
        de = pix(raw, y * cols + (x < cols - 1 ? x + 1 : cols - 1)) - jc;
        float g2 = (dn * dn + ds * ds + dw * dw + de * de) / (jc * jc);
        float l = (dn + ds + dw + de) / jc;
        float num = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
        float den = 1.0f + 0.25f * l;
        float qsqr = num / (den * den);
        den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
        c = 1.0f / (1.0f + den);
        if (c < 0) c = 0;
        else if (c > 1) c = 1;
        cglob[i] = c;
    }
    cs[threadIdx.y][threadIdx.x] = c;
    __syncthreads();
    if (!in) return;
    /* the south and east coefficients: shared inside the block; at the
     * block's edge, recomputed as the neighbour's own value is not here */
    float cn = c, cw = c, cs_, ce;
    if (threadIdx.y < BY - 1 && y < rows - 1) cs_ = cs[threadIdx.y + 1][threadIdx.x];
    else cs_ = c;
    if (threadIdx.x < BX - 1 && x < cols - 1) ce = cs[threadIdx.y][threadIdx.x + 1];
    else ce = c;
    float d = cn * dn + cs_ * ds + cw * dw + ce * de;
    out[y * cols + x] = jc + 0.25f * lambda * d;
}
