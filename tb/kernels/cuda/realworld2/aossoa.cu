/* SPDX-License-Identifier: Apache-2.0 */
/* aossoa.cu -- one time step of a particle system stored both ways:
 * an array of structures (each particle a struct with members of mixed
 * sizes: double position, float velocity, short charge, char kind, int id)
 * and a structure of arrays; the simulation constants come as a struct
 * passed by value (a .b8 aggregate parameter with char, short, int, float
 * and double members).  Particles of kind 0 are frozen, kind 1 drift,
 * kind 2 bounce off the walls; both layouts must give the same result and
 * the kernel writes both. */
struct Particle {
    double x;
    float vx;
    short charge;
    char kind;
    int id;
};
struct Sim {
    char walls;     /* bounce at 0 and len when non-zero */
    short steps;    /* sub-steps */
    int salt;
    float field;
    double len;
    double dt;
};
extern "C" __global__ void aossoa(Particle *aos, double *sx, float *svx, const short *sq, const char *skind,
                                     int n, Sim s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Particle p = aos[i];
    double x = sx[i];
    float vx = svx[i];
    for (int k = 0; k < s.steps; k++) {
        if (p.kind == 0) break;
        float a = s.field * (float)p.charge;
        vx += a * (float)s.dt;
        p.vx += a * (float)s.dt;
        x += (double)vx * s.dt;
        p.x += (double)p.vx * s.dt;
        if (p.kind == 2 && s.walls) {
            if (x < 0.0) { x = -x; vx = -vx; }
            if (x > s.len) { x = 2.0 * s.len - x; vx = -vx; }
            if (p.x < 0.0) { p.x = -p.x; p.vx = -p.vx; }
            if (p.x > s.len) { p.x = 2.0 * s.len - p.x; p.vx = -p.vx; }
        }
    }
    p.id = p.id * 31 + s.salt + (int)skind[i] + sq[i];
    p.charge = (short)(p.charge + (p.kind == 2));
    aos[i] = p;
    sx[i] = x;
    svx[i] = vx;
}
