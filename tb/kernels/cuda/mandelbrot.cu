/* SPDX-License-Identifier: Apache-2.0 */
/* mandelbrot.cu -- escape-time iteration counts of a 32x32 window of the
 * Mandelbrot set: one thread a pixel, a loop of data-dependent length (1 to
 * maxit iterations), neighbouring threads leave at different times. */
extern "C" __global__ void mandelbrot(int *out, int width, int height, int maxit)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    float cr = -2.0f + 2.5f * (float)x / (float)width;
    float ci = -1.25f + 2.5f * (float)y / (float)height;
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (it < maxit && zr * zr + zi * zi <= 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        it++;
    }
    out[y * width + x] = it;
}
