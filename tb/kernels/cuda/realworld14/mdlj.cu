/* SPDX-License-Identifier: Apache-2.0 */
/* mdlj.cu -- SHOC's MD benchmark in outline: Lennard-Jones forces over a
 * neighbour list.  Positions are float4 (x, y, z, unused) on a jittered
 * 4 x 4 x 3 lattice of spacing 1.1 (vector loads, ld.global.v4.f32); a
 * first launch builds each atom's list of the atoms within the cutoff
 * 1.6, stored neighbour-major as SHOC stores it (slot k of atom i at k *
 * n + i: consecutive atoms' slots are adjacent words), with the count; the
 * second walks the list, and for each neighbour within the force cutoff
 * (r^2 < 2.25) adds r^-2 r^-6 (lj1 r^-6 - lj2) times the displacement, in
 * list order, and writes the force as a float4 (st.global.v4.f32) and
 * the atom's potential energy.  The lists are symmetric, so the forces
 * sum to zero up to rounding (Newton's third law). */
#define MAXN 24

static __device__ float4 site(const unsigned *rnd, int a)
{
    const unsigned w = rnd[a];
    float4 p;
    p.x = 1.1f * (float)(a % 4) + (float)(w & 255u) * (0.15f / 256.0f);
    p.y = 1.1f * (float)(a / 4 % 4) + (float)(w >> 8 & 255u) * (0.15f / 256.0f);
    p.z = 1.1f * (float)(a / 16) + (float)(w >> 16 & 255u) * (0.15f / 256.0f);
    p.w = 0.0f;
    return p;
}

extern "C" __global__ void md_build(const unsigned *rnd, float4 *pos, int *nlist, int *ncount, int n, float cut2)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    /* every thread places its neighbours itself: no launch-wide barrier */
    const float4 me = site(rnd, i);
    pos[i] = me;
    int c = 0;
    for (int a = 0; a < n; a++) {
        if (a == i) continue;
        const float4 q = site(rnd, a);
        const float dx = me.x - q.x, dy = me.y - q.y, dz = me.z - q.z;
        if (dx * dx + dy * dy + dz * dz < cut2 && c < MAXN) nlist[c++ * n + i] = a;
    }
    ncount[i] = c;
}

extern "C" __global__ void md_force(const float4 *pos, const int *nlist, const int *ncount, float4 *force,
                                    float *energy, int n, float fcut2, float lj1, float lj2)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float4 p = pos[i];
    float4 f = {0.0f, 0.0f, 0.0f, 0.0f};
    float e = 0.0f;
    const int c = ncount[i];
    for (int k = 0; k < c; k++) {
        const float4 q = pos[nlist[k * n + i]];
        const float dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
        const float r2 = dx * dx + dy * dy + dz * dz;
        if (r2 < fcut2) {
            const float r2inv = 1.0f / r2;
            const float r6inv = r2inv * r2inv * r2inv;
            const float fm = r2inv * r6inv * (lj1 * r6inv - lj2);
            f.x += dx * fm;
            f.y += dy * fm;
            f.z += dz * fm;
            e += r6inv * (0.5f * lj1 * r6inv - lj2) / 6.0f;
            f.w += 1.0f; /* the pairs inside the force cutoff */
        }
    }
    force[i] = f;
    energy[i] = e;
}
