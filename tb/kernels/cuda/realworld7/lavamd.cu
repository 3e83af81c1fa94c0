/* SPDX-License-Identifier: Apache-2.0 */
/* lavamd.cu -- particle interactions between neighbouring boxes in the
 * manner of Rodinia's lavaMD: space is a 3-D grid of boxes, one block per
 * box (a 3-D grid: blockIdx.y and .z in use), one thread per particle of
 * the home box (a 3-D block of 4 x 2 x 2).  For each of the up to 27
 * neighbours inside the grid (the home box included) the block stages the
 * neighbour's particles in shared memory, then each thread sums an
 * exponential potential over them: r2 from the packed (v, x, y, z)
 * record, expf of -a2 * r2, a force along the difference weighted by the
 * neighbour's charge.  A struct of four floats for position and force, the
 * box count as a parameter struct passed by value. */
#define NP 16 /* particles a box */

struct rec4 { float v, x, y, z; };
struct dims { int nx, ny, nz; float a2; };

/* a position in [0, 1)^3 from three random words, v = |p|^2 (lavaMD's packing) */
__device__ rec4 particle(const unsigned *raw, int i)
{
    rec4 r;
    r.x = (raw[3 * i] >> 8) * (1.f / 16777216.f);
    r.y = (raw[3 * i + 1] >> 8) * (1.f / 16777216.f);
    r.z = (raw[3 * i + 2] >> 8) * (1.f / 16777216.f);
    r.v = r.x * r.x + r.y * r.y + r.z * r.z;
    return r;
}

extern "C" __global__ void lavamd(dims g, const unsigned *__restrict__ raw, const int *__restrict__ qraw,
                                  rec4 *__restrict__ fv)
{
    __shared__ rec4 nb_r[NP];
    __shared__ float nb_q[NP];
    const int bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
    const int home = (bz * g.ny + by) * g.nx + bx;
    const int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    const rec4 me = particle(raw, home * NP + t);
    rec4 f = {0.f, 0.f, 0.f, 0.f};
    for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int x = bx + dx, y = by + dy, z = bz + dz;
                if (x < 0 || y < 0 || z < 0 || x >= g.nx || y >= g.ny || z >= g.nz) continue;
                int nb = (z * g.ny + y) * g.nx + x;
                __syncthreads(); /* the previous neighbour is read by all */
                nb_r[t] = particle(raw, nb * NP + t);
                nb_q[t] = (qraw[nb * NP + t] >> 8) * (1.f / 8388608.f); /* [-1, 1) */
                __syncthreads();
                for (int j = 0; j < NP; j++) {
                    float r2 = me.v + nb_r[j].v - (me.x * nb_r[j].x + me.y * nb_r[j].y + me.z * nb_r[j].z);
                    float u2 = g.a2 * r2;
                    float vij = expf(-u2);
                    float fs = 2.f * vij;
                    float qj = nb_q[j];
                    f.v += qj * vij;
                    f.x += qj * fs * (me.x - nb_r[j].x);
                    f.y += qj * fs * (me.y - nb_r[j].y);
                    f.z += qj * fs * (me.z - nb_r[j].z);
                }
            }
    fv[home * NP + t] = f;
}
