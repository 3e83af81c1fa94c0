/* SPDX-License-Identifier: Apache-2.0 */
/* functor.cu -- C++17 device templates as modern CUDA libraries write
 * them: a __global__ template instantiated for int, float and double (three
 * mangled entries, three launches), a warp reduction
 * `warp_reduce(v, op)` taking a functor or a lambda, `if constexpr`
 * choosing the path: an int sum by redux.sync (__reduce_add_sync) when the
 * operation is the Plus functor, otherwise a __shfl_down_sync tree (its
 * 8-byte values, double, in two 32-bit shuffles); the lambdas capture a
 * bias by value.  Each warp writes its sum, max (a lambda), min (a functor)
 * and the sum of squares plus bias; lane 0 of each warp; a thread's own
 * value goes through a generic `transform` with a lambda first.  2 CTAs of
 * 64 threads a launch.  Inputs: random words mapped to small values
 * (integers, or multiples of 1/64: the float and double sums exact).
 *
 * The host reference cannot run a shuffle one thread after another: under
 * the host half (no __CUDA_ARCH__) lane 0 folds its warp's 32 values in
 * plain C in the tree's order of operations (reading the other lanes'
 * values from a shared array every thread fills before a barrier). */
#define FULL 0xffffffffu

template <class A, class B> struct same_type { static constexpr bool value = false; };
template <class A> struct same_type<A, A> { static constexpr bool value = true; };

struct Plus {
    template <class T> __device__ T operator()(T a, T b) const { return a + b; }
};
struct Min {
    template <class T> __device__ T operator()(T a, T b) const { return b < a ? b : a; }
};

template <class T> __device__ T value_of(unsigned w)
{
    if constexpr (same_type<T, int>::value) return (int)(w % 2001) - 1000;
    else return (T)((int)(w % 4097) - 2048) / (T)64;
}

template <class T, class F> __device__ T transform(T v, F f) { return f(v); }

#ifndef __CUDA_ARCH__
template <class T> static T host_lane(T v, int l, bool publish)
{
    __shared__ T pub[1024];
    if (publish) {
        pub[threadIdx.x] = v;
        return v;
    }
    return pub[(threadIdx.x & ~31u) + l];
}
#endif

/* lane 0 holds the warp's reduction */
template <class T, class Op> __device__ T warp_reduce(T v, Op op)
{
#ifdef __CUDA_ARCH__
    if constexpr (same_type<T, int>::value && same_type<Op, Plus>::value) {
        return __reduce_add_sync(FULL, v);
    } else {
        for (unsigned o = 16; o > 0; o >>= 1) v = op(v, __shfl_down_sync(FULL, v, o));
        return v;
    }
#else
    host_lane(v, 0, true);
    __syncthreads();
    T w[32];
    for (int l = 0; l < 32; l++) w[l] = host_lane(v, l, false);
    __syncthreads();
    if constexpr (same_type<T, int>::value && same_type<Op, Plus>::value) {
        T s = 0;
        for (int l = 0; l < 32; l++) s += w[l];
        return s;
    } else {
        /* shfl.down: a lane past the end reads its own value */
        for (int o = 16; o > 0; o >>= 1)
            for (int l = 0; l < 32; l++) w[l] = op(w[l], l + o < 32 ? w[l + o] : w[l]);
        return w[threadIdx.x & 31];
    }
#endif
}

template <class T> __global__ void wstats(const unsigned *__restrict__ in, T *out, T bias)
{
    const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
    const T v = transform(value_of<T>(in[g]), [bias](T x) { return x - bias; });
    const T s = warp_reduce(v, Plus{});
    const T mx = warp_reduce(v, [](T a, T b) { return a < b ? b : a; });
    const T mn = warp_reduce(v, Min{});
    const T sq = warp_reduce(v * v, [bias](T a, T b) { return a + b + bias; });
    if ((threadIdx.x & 31) == 0) {
        T *o = out + 4 * (g >> 5);
        o[0] = s;
        o[1] = mx;
        o[2] = mn;
        o[3] = sq;
    }
}
template __global__ void wstats<int>(const unsigned *, int *, int);
template __global__ void wstats<float>(const unsigned *, float *, float);
template __global__ void wstats<double>(const unsigned *, double *, double);
