/* SPDX-License-Identifier: Apache-2.0 */
/* seq_hotspot.cu -- a thermal stencil stepped by the host, one launch an
 * iteration, its two temperature buffers swapped between launches (the
 * control flow of Rodinia's hotspot host loop, written here): hs_init sets
 * a rows x cols chip's temperatures and power from an integer hash; each
 * hs_step reads src and writes dst (edges clamped: a border cell uses its
 * own temperature for the missing neighbour), an 8 x 8 tile per CTA
 * staged through shared memory.  seq_hotspot.launch passes src and dst as
 * buffer arithmetic on the loop variable. */
#define TILE 8

extern "C" __global__ void hs_init(float *temp, float *power, int rows, int cols)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols) return;
    unsigned h = (unsigned)(i + 1) * 2246822519u;
    h ^= h >> 13;
    temp[i] = 320.0f + (float)(h % 400u) / 20.0f;
    power[i] = (h >> 20) % 7u == 0 ? (float)((h >> 8) % 50u) / 100.0f : 0.0f;
}

extern "C" __global__ void hs_step(const float *src, float *dst, const float *power, int rows,
                                   int cols, float cap, float rx, float ry, float amb)
{
    __shared__ float t[TILE][TILE];
    int c = blockIdx.x * TILE + threadIdx.x, r = blockIdx.y * TILE + threadIdx.y;
    int in = r < rows && c < cols;
    t[threadIdx.y][threadIdx.x] = in ? src[r * cols + c] : 0.0f;
    __syncthreads();
    if (!in) return;
    float me = t[threadIdx.y][threadIdx.x];
    float n = r == 0 ? me : threadIdx.y > 0 ? t[threadIdx.y - 1][threadIdx.x] : src[(r - 1) * cols + c];
    float s = r == rows - 1 ? me : threadIdx.y < TILE - 1 ? t[threadIdx.y + 1][threadIdx.x] : src[(r + 1) * cols + c];
    float w = c == 0 ? me : threadIdx.x > 0 ? t[threadIdx.y][threadIdx.x - 1] : src[r * cols + c - 1];
    float e = c == cols - 1 ? me : threadIdx.x < TILE - 1 ? t[threadIdx.y][threadIdx.x + 1] : src[r * cols + c + 1];
    float d = power[r * cols + c] + (n + s - 2.0f * me) * ry + (e + w - 2.0f * me) * rx + (amb - me) * 0.05f;
    dst[r * cols + c] = me + cap * d;
}
