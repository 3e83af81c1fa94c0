/* SPDX-License-Identifier: Apache-2.0 */
/* <vector_types.h> as CUDA code includes it: the project's CUDA header
 * (tb/cuda/warphw_cuda.h, docs/ptx.md "Compiling CUDA") provides what it
 * declares that this simulator supports; launch.c and the Makefile pass
 * this directory with -I. */
#include "../warphw_cuda.h"
