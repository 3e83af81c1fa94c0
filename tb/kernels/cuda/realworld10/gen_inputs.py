#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""gen_inputs.py -- writes the tenth round's input files (seeded, so the
committed files are its output): sellspmv's sparse matrix (150 rows of 200
columns, row lengths from 0 to 40, a few long rows) in CSR and in SELL-C-
sigma (slices of 8 rows, rows sorted by length within windows of 32, each
slice as wide as its longest row, padding marked by column -1), values in
halves and an integer vector, so every product is exact in float."""
import random
import struct


def write(name, ws):
    with open(name, 'w') as f:
        f.write(''.join('%08x\n' % (w & 0xffffffff) for w in ws))


def f32(v):
    return struct.unpack('<I', struct.pack('<f', v))[0]


def sellspmv():
    r = random.Random(10)
    n, m, C, sigma = 150, 200, 8, 32
    rows = []
    for i in range(n):
        ln = r.choice([0, 1, 2, 3, 3, 4, 5, 5, 6, 8, 9, 12, 17, 40])
        cols = sorted(r.sample(range(m), ln))
        rows.append([(c, r.randint(-12, 12) / 2) for c in cols])
    ptr, col, val = [0], [], []
    for row in rows:
        col += [c for c, _ in row]
        val += [f32(v) for _, v in row]
        ptr.append(len(col))
    write('sellspmv_ptr.hex', ptr)
    write('sellspmv_col.hex', col)
    write('sellspmv_val.hex', val)
    perm = []
    for w in range(0, n, sigma):
        perm += sorted(range(w, min(w + sigma, n)), key=lambda i: -len(rows[i]))
    nsl = (n + C - 1) // C
    sptr, scol, sval = [], [], []
    for s in range(nsl):
        rs = perm[s * C:(s + 1) * C]
        width = max(len(rows[i]) for i in rs)
        sptr += [len(scol), width]
        for j in range(width):
            for k in range(C):
                e = rows[rs[k]][j] if k < len(rs) and j < len(rows[rs[k]]) else None
                scol.append(e[0] if e else -1)
                sval.append(f32(e[1]) if e else 0)
    write('sellspmv_perm.hex', perm + [0] * (nsl * C - n))
    write('sellspmv_sptr.hex', sptr)
    write('sellspmv_scol.hex', scol)
    write('sellspmv_sval.hex', sval)
    write('sellspmv_x.hex', [f32(r.randint(-9, 9)) for _ in range(m)])
    return len(col), len(scol), nsl


if __name__ == '__main__':
    print(sellspmv())
