/* SPDX-License-Identifier: Apache-2.0 */
/* swarm.cu -- a particle update kept as a structure of arrays (x, y,
 * vx, vy, kind, life): each step a `switch` over an enum of kinds (still,
 * drift, bounce between walls, rotate, decay into still), a partial last
 * block; __syncthreads_and whether every particle of the block stayed in
 * the box, __syncthreads_count how many still move. */
enum Kind { STILL = 0, DRIFT, BOUNCE, ORBIT, DECAY, NKIND };
extern "C" __global__ void swarm(float *px, float *py, float *pvx, float *pvy, int *pkind,
                                     int *plife, int *stats, int n, int steps, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int in = i < n;
    float x = 0, y = 0, vx = 0, vy = 0;
    int kind = STILL, life = 0;
    if (in) {
        x = px[i];
        y = py[i];
        vx = pvx[i];
        vy = pvy[i];
        kind = (int)((unsigned)pkind[i] % NKIND);
        life = plife[i] & 15;
    }
    for (int s = 0; s < steps; s++) {
        switch ((Kind)kind) {
        case STILL:
            break;
        case DRIFT:
            x += vx * dt;
            y += vy * dt;
            break;
        case BOUNCE:
            x += vx * dt;
            if (x < 0.0f || x > 10.0f) {
                vx = -vx;
                x = fminf(fmaxf(x, 0.0f), 10.0f);
            }
            break;
        case ORBIT: {
            float nx = x - y * dt;
            y = y + x * dt;
            x = nx;
            break;
        }
        case DECAY:
            x += vx * dt;
            vx *= 0.5f;
            if (--life <= 0) kind = STILL;
            break;
        default:
            kind = STILL;
        }
    }
    int box = __syncthreads_and(!in || (x >= -50.0f && x <= 50.0f && y >= -50.0f && y <= 50.0f));
    int moving = __syncthreads_count(in && kind != STILL);
    if (in) {
        px[i] = x;
        py[i] = y;
        pvx[i] = vx;
        pkind[i] = kind;
        plife[i] = life;
    }
    if (threadIdx.x == 0) {
        stats[2 * blockIdx.x] = box;
        stats[2 * blockIdx.x + 1] = moving;
    }
}
