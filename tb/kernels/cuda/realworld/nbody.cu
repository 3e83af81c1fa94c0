/* SPDX-License-Identifier: Apache-2.0 */
/* nbody.cu -- one step of an all-pairs N-body simulation: the bodies are
 * float4 (x, y, z, mass) loaded as 16-byte vectors, staged a tile at a
 * time in shared memory; each thread accumulates the acceleration of its
 * body with rsqrtf and a softening term, then integrates velocity (float4)
 * and position. */
#define TILE 32
extern "C" __global__ void nbody(const float4 *pos, const float4 *vel, float4 *npos, float4 *nvel, int n,
                                 float dt, float eps2)
{
    __shared__ float4 sh[TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = i < n ? pos[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    float3 acc = make_float3(0.0f, 0.0f, 0.0f);
    for (int t = 0; t < n; t += TILE) {
        int j = t + threadIdx.x;
        sh[threadIdx.x] = j < n ? pos[j] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        __syncthreads();
        for (int k = 0; k < TILE; k++) {
            float4 o = sh[k];
            float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
            float d2 = dx * dx + dy * dy + dz * dz + eps2;
            float inv = rsqrtf(d2);
            float s = o.w * inv * inv * inv;
            acc.x += dx * s;
            acc.y += dy * s;
            acc.z += dz * s;
        }
        __syncthreads();
    }
    if (i < n) {
        float4 v = vel[i];
        v.x += acc.x * dt;
        v.y += acc.y * dt;
        v.z += acc.z * dt;
        nvel[i] = v;
        npos[i] = make_float4(me.x + v.x * dt, me.y + v.y * dt, me.z + v.z * dt, me.w);
    }
}
