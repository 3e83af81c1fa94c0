# SPDX-License-Identifier: Apache-2.0
# gen_inputs.py -- writes the realworld4 kernels' input files (the mem_init
# format, one 32-bit little-endian word a line in hex) from fixed seeds:
# python3 gen_inputs.py here.
import random
import struct


def write(name, words):
    open(name, 'w').write(''.join('%08x\n' % (w & 0xffffffff) for w in words))


R = random.Random(2026)
# own_bsearch: 96 sorted signed keys in -650..649, with repeats
write('bsearch_table.hex', sorted(R.randrange(-650, 650) for _ in range(96)))
# sssp: a directed graph of 96 vertices in CSR form, 4 edges a vertex on
# average, weights 1..20; row offsets (97 words), then columns, then weights
nv = 96
rows, cols, wts = [0], [], []
for v in range(nv):
    deg = R.randrange(1, 8)
    for _ in range(deg):
        cols.append(R.randrange(nv))
        wts.append(R.randrange(1, 21))
    rows.append(len(cols))
write('sssp_graph.hex', rows + cols + wts)
print('sssp: %d vertices, %d edges' % (nv, len(cols)))
