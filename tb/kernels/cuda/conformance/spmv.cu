/* SPDX-License-Identifier: Apache-2.0 */
/* spmv.cu -- a sparse matrix times a vector in the ELLPACK layout: each row
 * holds up to K (column, value) slots stored column-major (slot k of every
 * row together, so a warp's loads of one slot are contiguous), 16-bit
 * column indices (unsigned short loads), an 0xffff column ending the row
 * early (break), zero values skipped (continue); a row per thread in a
 * grid-stride loop, the row's sum in double and its count of non-zeros as
 * a byte; x[c] is made from a random word.  The matrix is built from random words by the kernel's first
 * entry (ell_build: a second entry in the file, not the one launched) or,
 * here, read as it is: the launch's random words are the slots. */
#define K 6
extern "C" __global__ void ell_build(unsigned short *col, float *val, const unsigned *rnd, int rows, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    unsigned len = rnd[r] % (K + 1);
    for (unsigned k = 0; k < K; k++) {
        col[k * rows + r] = k < len ? (unsigned short)(rnd[r + k + 1] % cols) : 0xffff;
        val[k * rows + r] = (float)(int)(rnd[r + k] % 7) - 3.0f;
    }
}
extern "C" __global__ void spmv(const unsigned short *col, const unsigned *raw, const unsigned *x, double *y,
                                unsigned char *nnz, int rows, int cols)
{
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += gridDim.x * blockDim.x) {
        double s = 0.0;
        unsigned char n = 0;
        for (int k = 0; k < K; k++) {
            unsigned short c = col[k * rows + r];
            if (c == 0xffff) break;
            int v = (int)(raw[k * rows + r] % 7u) - 3;
            if (v == 0) continue;
            c = c % cols;
            s += (double)v * (double)((float)(int)(x[c] % 2000u) * 0.01f - 10.0f);
            n++;
        }
        y[r] = s;
        nnz[r] = n;
    }
}
