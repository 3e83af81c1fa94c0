/* SPDX-License-Identifier: Apache-2.0 */
/* longparam.cu -- longfunc.cu with shorter names: the .func's mangled name
 * has 62 characters, which the front end holds, but clang names its
 * parameters NAME_param_0 (70 characters), longer than the front end's
 * names hold (63).  The front end refuses the call with one line that
 * gives the length (docs/ptx.md "Fifteenth round").  A fixture of
 * tests/test_simt_cuda_realworld15.sh; its PTX is committed. */
namespace ml {

template <class T, class F> __device__ __noinline__ T apply_twice(T v, F f)
{
    for (int i = 0; i < 2; i++) v = f(v);
    return v;
}

} // namespace ml
template <class T> __global__ void transform_k(T *out, T bias)
{
    const int t = threadIdx.x;
    out[t] = ml::apply_twice(T(t), [bias](T x) { return x * 3 + bias; });
}
template __global__ void transform_k<int>(int *, int);
