/* SPDX-License-Identifier: Apache-2.0 */
/* nbody64.cu -- an all-pairs gravitational n-body step in double
 * precision, as molecular-dynamics and astrophysics codes write it when
 * float is not enough: bodies as structures of four doubles (x, y, z,
 * mass), the sources staged a tile at a time in shared memory, the
 * softened inverse distance from CUDA's double rsqrt, the accelerations
 * accumulated with fma, the squared distance with __dmul_rn and __dadd_rn
 * (no contraction), then a leapfrog kick and drift.  Two steps from a
 * host loop (nbody64.launch, a `for` with the position buffers swapped by
 * an expression); nb_init makes the bodies from random words (positions
 * in 1/4096, masses 1..8) at rest; nb_energy adds each block's kinetic
 * energy and momenta by a tree in shared memory (doubles, four arrays in
 * the dynamic one). */
struct body {
    double x, y, z, m;
};

#define TILE 16

extern "C" __global__ void nb_init(const unsigned *__restrict__ rnd, int n, body *p, double *v)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const unsigned a = rnd[2 * i], b = rnd[2 * i + 1];
    body q;
    q.x = (double)(int)(a & 0xffff) / 4096.0 - 8.0;
    q.y = (double)(int)(a >> 16) / 4096.0 - 8.0;
    q.z = (double)(int)(b & 0xffff) / 4096.0 - 8.0;
    q.m = (double)(1 + (b >> 29));
    p[i] = q;
    v[3 * i] = v[3 * i + 1] = v[3 * i + 2] = 0.0;
}

extern "C" __global__ void nb_step(const body *__restrict__ pin, body *pout, double *v, int n, double dt, double eps2)
{
    __shared__ body tile[TILE];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const body me = i < n ? pin[i] : body{0.0, 0.0, 0.0, 0.0};
    double ax = 0.0, ay = 0.0, az = 0.0;
    for (int base = 0; base < n; base += TILE) {
        const int j = base + threadIdx.x;
        if (threadIdx.x < TILE) tile[threadIdx.x] = j < n ? pin[j] : body{0.0, 0.0, 0.0, 0.0};
        __syncthreads();
        for (int k = 0; k < TILE; k++) {
            const body s = tile[k];
            const double dx = s.x - me.x, dy = s.y - me.y, dz = s.z - me.z;
            const double r2 = __dadd_rn(__dadd_rn(__dmul_rn(dx, dx), __dmul_rn(dy, dy)), fma(dz, dz, eps2));
            const double inv = rsqrt(r2);
            const double f = s.m * inv * inv * inv; /* m / r^3 (the pad bodies have m = 0) */
            ax = fma(f, dx, ax);
            ay = fma(f, dy, ay);
            az = fma(f, dz, az);
        }
        __syncthreads();
    }
    if (i >= n) return;
    const double vx = fma(ax, dt, v[3 * i]), vy = fma(ay, dt, v[3 * i + 1]), vz = fma(az, dt, v[3 * i + 2]);
    v[3 * i] = vx;
    v[3 * i + 1] = vy;
    v[3 * i + 2] = vz;
    body q = me;
    q.x = fma(vx, dt, me.x);
    q.y = fma(vy, dt, me.y);
    q.z = fma(vz, dt, me.z);
    pout[i] = q;
}

extern "C" __global__ void nb_energy(const body *__restrict__ p, const double *__restrict__ v, int n, double *sums)
{
    extern __shared__ double e[]; /* 4 x blockDim: energy, then the three momenta */
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t, nt = blockDim.x;
    double k = 0.0, px = 0.0, py = 0.0, pz = 0.0;
    if (i < n) {
        const double m = p[i].m, vx = v[3 * i], vy = v[3 * i + 1], vz = v[3 * i + 2];
        k = 0.5 * m * (vx * vx + vy * vy + vz * vz);
        px = m * vx;
        py = m * vy;
        pz = m * vz;
    }
    e[t] = k;
    e[nt + t] = px;
    e[2 * nt + t] = py;
    e[3 * nt + t] = pz;
    __syncthreads();
    for (int s = nt / 2; s > 0; s >>= 1) {
        if (t < s)
            for (int c = 0; c < 4; c++) e[c * nt + t] += e[c * nt + t + s];
        __syncthreads();
    }
    if (t < 4) sums[4 * blockIdx.x + t] = e[t * nt];
}
