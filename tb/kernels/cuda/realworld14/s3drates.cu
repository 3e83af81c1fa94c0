/* SPDX-License-Identifier: Apache-2.0 */
/* s3drates.cu -- the shape of SHOC's S3D chemistry kernels (ratt, rdsmh,
 * ratx, qssa): one thread a grid point, many float operations and
 * transcendentals a thread, the mechanism's constants in __constant__
 * tables.  From the point's temperature T (700 .. 2300 K) and its 6
 * species' concentrations: each of 8 reactions' forward rate constant in
 * Arrhenius form A T^b exp(-E / RT) (through logf and expf: log A + b log T
 * - E / RT), a reverse one from an equilibrium constant whose Gibbs term
 * is a polynomial in T and log T, the net rate from the law of mass action
 * (a loop over up to two reactants and products by index tables), and
 * each species' production rate summed over the reactions in order.  The
 * reactions' orders and indices come from tables, so the inner loops'
 * trip counts vary by reaction, not by thread. */
#define NR 8
#define NS 6

__constant__ float logA[NR] = {23.1f, 20.5f, 25.9f, 18.2f, 22.7f, 19.9f, 24.4f, 21.3f};
__constant__ float beta[NR] = {0.0f, 1.5f, -0.8f, 2.1f, 0.3f, -1.2f, 0.7f, 1.1f};
__constant__ float ea[NR] = {8400.0f, 3200.0f, 0.0f, 12500.0f, 6100.0f, 900.0f, 15300.0f, 4700.0f};
__constant__ float g0[NR] = {-2.1f, 0.8f, 3.3f, -0.4f, 1.7f, -3.0f, 0.2f, 2.5f};
__constant__ float g1[NR] = {1.2e-3f, -4.0e-4f, 2.5e-4f, 8.0e-4f, -1.1e-3f, 6.0e-4f, -2.0e-4f, 3.0e-4f};
__constant__ float g2[NR] = {0.11f, -0.35f, 0.27f, -0.08f, 0.19f, 0.42f, -0.23f, 0.05f};
__constant__ int nreac[NR] = {2, 1, 2, 2, 1, 2, 1, 2};
__constant__ int nprod[NR] = {1, 2, 2, 1, 2, 1, 2, 2};
__constant__ int reac[NR][2] = {{0, 1}, {2, 0}, {1, 3}, {4, 0}, {5, 0}, {2, 4}, {3, 0}, {0, 5}};
__constant__ int prod[NR][2] = {{2, 0}, {0, 3}, {4, 5}, {1, 0}, {2, 3}, {0, 0}, {1, 4}, {2, 3}};

extern "C" __global__ void s3d_rates(const unsigned *rnd, float *temp, float *conc, float *wdot, float *rop,
                                     int npts)
{
    const int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npts) return;
    const float T = 700.0f + (float)(rnd[p * (NS + 1)] % 1601u);
    float c[NS];
    for (int s = 0; s < NS; s++) {
        c[s] = 1.0e-3f * (float)(1u + rnd[p * (NS + 1) + 1 + s] % 1000u);
        conc[p * NS + s] = c[s];
    }
    temp[p] = T;
    const float lt = logf(T), rt = 1.0f / (1.987f * T);
    float w[NS];
    for (int s = 0; s < NS; s++) w[s] = 0.0f;
    for (int r = 0; r < NR; r++) {
        const float kf = expf(logA[r] + beta[r] * lt - ea[r] * rt);
        const float kc = expf(g0[r] + g1[r] * T + g2[r] * lt);
        const float kr = kf / kc;
        float fw = kf, rv = kr;
        for (int j = 0; j < nreac[r]; j++) fw *= c[reac[r][j]];
        for (int j = 0; j < nprod[r]; j++) rv *= c[prod[r][j]];
        const float q = (fw - rv) * 1.0e-9f;
        rop[p * NR + r] = q;
        for (int j = 0; j < nreac[r]; j++) w[reac[r][j]] -= q;
        for (int j = 0; j < nprod[r]; j++) w[prod[r][j]] += q;
    }
    for (int s = 0; s < NS; s++) wdot[p * NS + s] = w[s];
}
