#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""gen_inputs.py -- writes the ninth round's input files (seeded, so the
committed files are its output): segshfl's sparse matrix in coordinate
form (rows sorted, segments from 1 to 70 entries, so some span warps and
blocks; a few empty rows), its values and the vector; sptrsv's lower
triangular matrix in CSR (up to 4 entries left of the diagonal, within
40 columns, so the level sets are many and uneven) and right-hand side."""
import random
import struct


def write(name, ws):
    with open(name, 'w') as f:
        f.write(''.join('%08x\n' % (w & 0xffffffff) for w in ws))


def segshfl():
    r = random.Random(9)
    rows, n, row = [], 500, 0
    while len(rows) < n:
        ln = r.choice([1, 1, 2, 3, 3, 5, 8, 13, 31, 33, 70])
        rows += [row] * ln
        row += r.choice([1, 1, 1, 2])  # a few empty rows
    rows = rows[:n]
    write('warp/segshfl_row.hex', rows)
    write('warp/segshfl_col.hex', [r.randrange(64) for _ in range(n)])
    write('warp/segshfl_val.hex', [r.randint(-50, 50) for _ in range(n)])
    write('warp/segshfl_x.hex', [r.randint(-9, 9) for _ in range(64)])
    return rows[-1] + 1


def f32(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def sptrsv():
    r = random.Random(99)
    n, ptr, col, val = 96, [0], [], []
    for i in range(n):
        k = min(i, r.choice([0, 1, 1, 2, 3, 4]))
        for j in sorted(r.sample(range(max(0, i - 40), i), k)):
            col.append(j)
            val.append(f32(r.randint(-8, 8) / 32))
        col.append(i)
        val.append(f32(r.choice([1.0, 2.0, -2.0, 4.0, 0.5])))
        ptr.append(len(col))
    write('sptrsv_ptr.hex', ptr)
    write('sptrsv_col.hex', col)
    write('sptrsv_val.hex', val)
    write('sptrsv_b.hex', [f32(r.randint(-20, 20) / 4) for _ in range(n)])
    return len(col)


if __name__ == '__main__':
    print('segshfl rows', segshfl())
    print('sptrsv nonzeros', sptrsv())
