/* SPDX-License-Identifier: Apache-2.0 */
/* longfunc.cu -- a __noinline__ function template in a namespace,
 * instantiated with a lambda inside a kernel template: clang -O2 keeps it
 * as a .func whose mangled name has 77 characters, longer than the PTX
 * front end's names hold (63).  The front end refuses the call with one
 * line that gives the length (docs/ptx.md "Fifteenth round").  A fixture of
 * tests/test_simt_cuda_realworld15.sh; its PTX is committed. */
namespace mylib {
namespace detail {
template <class T, class F> __device__ __noinline__ T apply_twice(T v, F f)
{
    for (int i = 0; i < 2; i++) v = f(v);
    return v;
}
} // namespace detail
} // namespace mylib
template <class T> __global__ void transform_kernel(T *out, T bias)
{
    const int t = threadIdx.x;
    out[t] = mylib::detail::apply_twice(T(t), [bias](T x) { return x * 3 + bias; });
}
template __global__ void transform_kernel<int>(int *, int);
