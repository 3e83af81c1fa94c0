/* SPDX-License-Identifier: Apache-2.0 */
/* cfdflux.cu -- one explicit step of a finite-volume Euler solver on an
 * unstructured mesh, in the shape of Rodinia's cfd: one thread an element,
 * its four conserved variables (density, x and y momentum, energy) in
 * structure-of-arrays layout, a neighbour table in which an index < 0
 * marks a boundary face (-1 a wall, -2 the far field), read with __ldg
 * through __restrict__ pointers.  For each face a `switch` on the kind:
 * an interior face averages the two elements' fluxes with a Rusanov
 * dissipation (the larger speed of sound from sqrtf), a wall adds only
 * the pressure, the far field uses the free-stream state held in
 * __constant__ memory.  The time step factor is computed per element
 * from its speed and speed of sound (a division and a square root) and the
 * new state written; elements whose density would fall below a floor are
 * clamped and counted with atomicAdd.  The mesh is a 16 x 12 grid of
 * quadrilaterals with random face areas and a random tenth of interior
 * faces turned into walls (the table built by a first kernel). */
#define NV 4
#define GX 16
#define GY 12
#define GAMMA 1.4f

__constant__ float far_state[NV] = {1.0f, 0.3f, 0.05f, 2.0f};

static __device__ float unitf(unsigned w) { return (float)(w >> 8) * (1.0f / 16777216.0f); }

/* the mesh: neighbours (E, N, W, S), face areas, the initial state */
extern "C" __global__ void cfd_setup(const unsigned *rnd, int *nb, float *area, float *var, int ne)
{
    const int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= ne) return;
    const int x = e % GX, y = e / GX;
    const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
    for (int f = 0; f < 4; f++) {
        const int xn = x + dx[f], yn = y + dy[f];
        int n;
        if (xn < 0 || xn >= GX || yn < 0 || yn >= GY) n = -2;
        else if (rnd[e * 8 + f] % 10 == 0) n = -1;
        else n = yn * GX + xn;
        nb[e * 4 + f] = n;
        area[e * 4 + f] = 0.5f + unitf(rnd[e * 8 + 4 + f]);
    }
    const float u = unitf(rnd[e * 8 + 3] * 2654435761u);
    var[0 * ne + e] = 0.8f + 0.4f * u;
    var[1 * ne + e] = 0.2f * (u - 0.5f);
    var[2 * ne + e] = 0.1f * unitf(rnd[e * 8 + 2] * 40503u);
    var[3 * ne + e] = 1.8f + 0.5f * u;
}

static __device__ float pressure(const float *v)
{
    return (GAMMA - 1.0f) * (v[3] - 0.5f * (v[1] * v[1] + v[2] * v[2]) / v[0]);
}

/* the flux of state v through a face of normal (nx, ny) */
static __device__ void flux(const float *v, float nx, float ny, float *f)
{
    const float p = pressure(v);
    const float un = (v[1] * nx + v[2] * ny) / v[0];
    f[0] = v[0] * un;
    f[1] = v[1] * un + p * nx;
    f[2] = v[2] * un + p * ny;
    f[3] = (v[3] + p) * un;
}

static __device__ float sound(const float *v) { return sqrtf(GAMMA * pressure(v) / v[0]); }

extern "C" __global__ void cfd_step(const int *__restrict__ nb, const float *__restrict__ area,
                                    const float *__restrict__ var, float *__restrict__ out, float *__restrict__ step,
                                    unsigned *clamped, int ne, float cfl)
{
    const int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= ne) return;
    float v[NV], r[NV] = {0, 0, 0, 0};
    for (int k = 0; k < NV; k++) v[k] = __ldg(&var[k * ne + e]);
    const float c = sound(v);
    const float speed = sqrtf(v[1] * v[1] + v[2] * v[2]) / v[0];
    const float nxs[4] = {1, 0, -1, 0}, nys[4] = {0, 1, 0, -1};
    for (int f = 0; f < 4; f++) {
        const float nx = nxs[f], ny = nys[f], a = __ldg(&area[e * 4 + f]);
        const int n = __ldg(&nb[e * 4 + f]);
        float fo[NV];
        switch (n) {
        case -1: { /* wall: the pressure alone */
            const float p = pressure(v);
            fo[0] = 0;
            fo[1] = p * nx;
            fo[2] = p * ny;
            fo[3] = 0;
            break;
        }
        case -2: { /* far field: the free stream's flux */
            float fs[NV];
            for (int k = 0; k < NV; k++) fs[k] = far_state[k];
            float f1[NV], f2[NV];
            flux(v, nx, ny, f1);
            flux(fs, nx, ny, f2);
            for (int k = 0; k < NV; k++) fo[k] = 0.5f * (f1[k] + f2[k]);
            break;
        }
        default: {
            float w[NV], f1[NV], f2[NV];
            for (int k = 0; k < NV; k++) w[k] = __ldg(&var[k * ne + n]);
            flux(v, nx, ny, f1);
            flux(w, nx, ny, f2);
            const float s = fmaxf(c + speed, sound(w) + sqrtf(w[1] * w[1] + w[2] * w[2]) / w[0]);
            for (int k = 0; k < NV; k++) fo[k] = 0.5f * (f1[k] + f2[k]) - 0.5f * s * (w[k] - v[k]);
        }
        }
        for (int k = 0; k < NV; k++) r[k] -= a * fo[k];
    }
    const float dt = cfl / (speed + c);
    step[e] = dt;
    for (int k = 0; k < NV; k++) out[k * ne + e] = v[k] + dt * r[k];
    if (out[e] < 0.05f) {
        out[e] = 0.05f;
        atomicAdd(clamped, 1u);
    }
}
