/* SPDX-License-Identifier: Apache-2.0 */
/* longentry.cu -- a kernel template in two nested namespaces, instantiated
 * with a functor: clang -O2 names the .entry with 152 characters and its
 * parameters with 160.  The PTX front end holds names of up to 511
 * characters (ptx.h PTX_NAME); before, it held 63 and a launch file's entry
 * 127, and this kernel could not be named ("entry takes one name").  Each
 * thread writes 256 * i + 7.  A fixture of tests/test_simt_cuda_realworld15.sh;
 * its PTX is committed (docs/ptx.md "Long names"). */
namespace very_long_namespace_for_testing {
namespace inner_detail_namespace {
template <typename T, int BLOCK_SIZE_PARAMETER, typename Op>
__global__ void reduce_kernel_with_a_rather_long_name(T *output_values_array, int number_of_elements)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < number_of_elements) output_values_array[i] = Op()((T)i, (T)BLOCK_SIZE_PARAMETER);
}
struct MulAddOperationFunctorStructure {
    __device__ int operator()(int a, int b) const { return a * b + 7; }
};
template __global__ void
reduce_kernel_with_a_rather_long_name<int, 256, MulAddOperationFunctorStructure>(int *, int);
} // namespace inner_detail_namespace
} // namespace very_long_namespace_for_testing
