/* SPDX-License-Identifier: Apache-2.0 */
/* gridsync.cu -- a grid-wide barrier (cooperative_groups' this_grid().sync()),
 * which the SM model does not model: --cuda refuses it with one line naming
 * why (tests/test_badinput.sh).  The grid's ranks alone compile. */
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void gridsync(int *out)
{
    cg::grid_group g = cg::this_grid();
    out[g.thread_rank()] = (int)g.block_rank();
    g.sync();
    out[g.thread_rank()] += (int)g.num_blocks();
}
