/* SPDX-License-Identifier: Apache-2.0 */
/* hotspot.cu -- a 5-point thermal stencil with boundary conditions
 * (Rodinia HotSpot's shape): each CTA owns a 16x16 tile of the chip, keeps
 * it in shared memory for `steps` time steps, and treats the tile's edge as
 * the boundary (a missing neighbour is the cell itself, so edge and corner
 * threads take other paths than inner ones).  Temperatures and power come
 * from the launch's random words; the model's coefficients are a structure
 * passed by value (.param .align 4 .b8 [20]; the launch's `param bytes`). */
#define T 16
struct coeffs {
    float cap, rx, ry, rz, amb;
};
extern "C" __global__ void hotspot(const unsigned *rnd, float *out, int width, int steps, coeffs k)
{
    __shared__ float temp[T][T], power[T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * T + tx, gy = blockIdx.y * T + ty;
    unsigned r = rnd[gy * width + gx];
    temp[ty][tx] = 320.0f + (float)(r & 1023) / 64.0f;
    power[ty][tx] = (float)((r >> 10) & 255) / 1024.0f;
    __syncthreads();
    const float cap = k.cap, rx = k.rx, ry = k.ry, rz = k.rz, amb = k.amb;
    for (int s = 0; s < steps; s++) {
        float c = temp[ty][tx];
        float n = ty > 0 ? temp[ty - 1][tx] : c;
        float so = ty < T - 1 ? temp[ty + 1][tx] : c;
        float w = tx > 0 ? temp[ty][tx - 1] : c;
        float e = tx < T - 1 ? temp[ty][tx + 1] : c;
        float d = cap * (power[ty][tx] + (n + so - 2.0f * c) * ry + (e + w - 2.0f * c) * rx +
                         (amb - c) * rz);
        __syncthreads();
        temp[ty][tx] = c + d;
        __syncthreads();
    }
    out[gy * width + gx] = temp[ty][tx];
}
