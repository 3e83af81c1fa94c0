/* SPDX-License-Identifier: Apache-2.0 */
/* tmpl.cu -- a C++ template kernel instantiated for int and float (two
 * .entry functions with mangled names): a strided saxpy-like update with
 * a clamp that differs by type, through a templated __device__ helper.
 * The launch runs the int instantiation (inputs a ramp: no overflow). */
template <typename T> __device__ T clampv(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }

template <typename T> __global__ void axpy_clamp(T *y, const T *x, T a, int n, int stride)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = (i * stride) % n;
    if (i < n) y[i] = clampv<T>(a * x[j] + y[i], (T)-1000, (T)1000);
}
template __global__ void axpy_clamp<int>(int *, const int *, int, int, int);
template __global__ void axpy_clamp<float>(float *, const float *, float, int, int);
