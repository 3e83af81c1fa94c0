/* SPDX-License-Identifier: Apache-2.0 */
/* gotobar.cu -- realworld5/cxx.cu as first written: its goto out of a
 * nested search loop comes before the block reductions' barriers.  clang
 * 14 -O2 leaves the loop through a block that switches on which exit was
 * taken, with an edge to `ret` that no thread takes but the control-flow
 * graph has; the first barrier after it is then under a branch on a
 * thread-dependent value and refused (docs/ptx.md, fifth round).  A
 * smaller kernel with the same loop and one barrier compiles without that
 * edge. */
#define CXX_GOTO_BEFORE_BARRIERS
#include "../../../tb/kernels/cuda/realworld5/cxx.cu"
