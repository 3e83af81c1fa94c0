/* SPDX-License-Identifier: Apache-2.0 */
/* particles.cu -- an array of structures: each particle (position and
 * velocity as float, a 16-bit kind, an 8-bit flag, padding as the compiler
 * lays it out) steps under a kind-dependent force, bounces off the walls
 * of a box (data-dependent branches), and accumulates its kinetic energy
 * in double precision over the steps; a structure is passed by value as a
 * parameter (the box and the time step). */
struct Particle {
    float x, y, vx, vy;
    short kind;
    unsigned char alive;
    unsigned char bounces;
};
struct Box {
    float lo, hi, dt;
    int steps;
};
__device__ __forceinline__ float reflect(float p, float *v, float lo, float hi, unsigned char *b)
{
    if (p < lo) { p = lo + (lo - p); *v = -*v; (*b)++; }
    else if (p > hi) { p = hi - (p - hi); *v = -*v; (*b)++; }
    return p;
}
extern "C" __global__ void particles(const unsigned *rnd, Particle *ps, double *energy, Box box, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Particle p;
    unsigned r = rnd[i];
    p.x = (float)(r & 1023) / 1024.0f * (box.hi - box.lo) + box.lo;
    p.y = (float)((r >> 10) & 1023) / 1024.0f * (box.hi - box.lo) + box.lo;
    p.vx = (float)(int)((r >> 20) & 63) - 32.0f;
    p.vy = (float)(int)((r >> 26) & 63) - 32.0f;
    p.kind = (short)((int)(r % 5) - 2);
    p.alive = (r >> 3) & 1;
    p.bounces = 0;
    double e = 0.0;
    for (int s = 0; s < box.steps && p.alive; s++) {
        float g = p.kind * 0.5f;
        p.vy = p.vy - g * box.dt;
        p.x = reflect(p.x + p.vx * box.dt, &p.vx, box.lo, box.hi, &p.bounces);
        p.y = reflect(p.y + p.vy * box.dt, &p.vy, box.lo, box.hi, &p.bounces);
        e += 0.5 * ((double)p.vx * p.vx + (double)p.vy * p.vy);
        if (p.bounces > 5 + p.kind) p.alive = 0;
    }
    ps[i] = p;
    energy[i] = e;
}
