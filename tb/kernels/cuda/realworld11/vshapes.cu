/* SPDX-License-Identifier: Apache-2.0 */
/* vshapes.cu -- virtual functions in device code, as object-oriented
 * CUDA codes (ray tracers' materials, particle species) use them: an
 * abstract base with two virtual functions, three derived classes built
 * in the thread's own memory, the object chosen per element through a
 * base pointer; clang reads the function's address from the class's
 * vtable (a `.global` table of function addresses) and calls through it
 * (an indirect `call` with a .callprototype), so a warp whose elements
 * hold different kinds runs each kind's body in turn.  Each element's
 * area and perimeter, and each block's totals by kind with atomicAdd on
 * integers (the values are quarters: exact). */
struct shape {
    __device__ virtual float area(float s) const = 0;
    __device__ virtual float perim(float s) const = 0;
};
struct square : shape {
    __device__ float area(float s) const override { return s * s; }
    __device__ float perim(float s) const override { return 4.0f * s; }
};
struct rtri : shape { /* a right isosceles triangle, legs s: its hypotenuse left out of the perimeter */
    __device__ float area(float s) const override { return 0.5f * s * s; }
    __device__ float perim(float s) const override { return 2.0f * s; }
};
struct strip : shape { /* a 1/4-wide strip of length s */
    float w;
    __device__ strip() : w(0.25f) {}
    __device__ float area(float s) const override { return w * s; }
    __device__ float perim(float s) const override { return 2.0f * (s + w); }
};

extern "C" __global__ void vshapes(const unsigned *__restrict__ in, int n, float *area, float *perim,
                                   unsigned *tot)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    square a;
    rtri b;
    strip c;
    const unsigned w = in[i], kind = w % 3;
    const shape *p = kind == 0 ? (const shape *)&a : kind == 1 ? (const shape *)&b : (const shape *)&c;
    const float s = (float)((w >> 8) % 32) * 0.5f; /* 0 .. 15.5 in halves */
    const float ar = p->area(s), pe = p->perim(s);
    area[i] = ar;
    perim[i] = pe;
    atomicAdd(&tot[kind], (unsigned)(ar * 8.0f)); /* eighths: integers */
}
