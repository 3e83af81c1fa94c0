/* SPDX-License-Identifier: Apache-2.0 */
/* lbm.cu -- one collide-and-stream step of a D2Q9 lattice Boltzmann
 * method in the style of Parboil's lbm: each cell a structure of nine
 * distribution floats and a flag (array of structures), the density and
 * velocity from the nine, the BGK relaxation toward the equilibrium,
 * obstacle cells bouncing back (each direction into its opposite), the
 * results pushed to the neighbours with periodic wrap; a `switch` over
 * the cell flag. */
struct Cell {
    float f[9];
    int flag; /* 0 fluid, 1 obstacle, 2 inflow */
};

__constant__ int cx[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int cy[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
__constant__ float wt[9] = {4.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9,
                            1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36};
__constant__ int opp[9] = {0, 3, 4, 1, 2, 7, 8, 5, 6};

extern "C" __global__ void lbm(const Cell *src, Cell *dst, int nx, int ny, float omega)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= nx) return;
    Cell c = src[y * nx + x];
    float out[9];
    switch (c.flag) {
    case 1:
        for (int i = 0; i < 9; i++) out[opp[i]] = c.f[i];
        break;
    case 2:
    default: {
        float rho = 0.0f, ux = 0.0f, uy = 0.0f;
        for (int i = 0; i < 9; i++) {
            rho += c.f[i];
            ux += c.f[i] * (float)cx[i];
            uy += c.f[i] * (float)cy[i];
        }
        if (c.flag == 2) ux = 0.05f * rho; /* inflow: a fixed velocity */
        else ux /= rho;
        uy /= rho;
        float u2 = 1.5f * (ux * ux + uy * uy);
        for (int i = 0; i < 9; i++) {
            float cu = 3.0f * ((float)cx[i] * ux + (float)cy[i] * uy);
            float feq = wt[i] * rho * (1.0f + cu + 0.5f * cu * cu - u2);
            out[i] = c.f[i] + omega * (feq - c.f[i]);
        }
        break;
    }
    }
    for (int i = 0; i < 9; i++) {
        int xn = (x + cx[i] + nx) % nx, yn = (y + cy[i] + ny) % ny;
        dst[yn * nx + xn].f[i] = out[i];
    }
    dst[y * nx + x].flag = c.flag;
}
