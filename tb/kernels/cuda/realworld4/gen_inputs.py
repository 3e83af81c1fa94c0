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
# sgemm: A 64 x 8, B 8 x 32, C 64 x 32, integers -4..4 as floats
for name, n in (('a', 64 * 8), ('b', 8 * 32), ('c', 64 * 32)):
    write('sgemm_%s.hex' % name,
          [struct.unpack('<I', struct.pack('<f', R.randrange(-4, 5)))[0] for _ in range(n)])
# stencil3d: 20 x 12 x 6 small integers as floats
write('stencil_in.hex',
      [struct.unpack('<I', struct.pack('<f', R.randrange(-8, 9)))[0] for _ in range(20 * 12 * 6)])
# mriq: 150 k-space samples (kx ky kz phiR phiI), 100 voxels (x y z)
f32 = lambda v: struct.unpack('<I', struct.pack('<f', v))[0]
write('mriq_in.hex', [f32(R.uniform(-0.5, 0.5)) for _ in range(5 * 150 + 3 * 100)])
# tpacf: 120 unit vectors (x[], y[], z[]), 21 cosine bounds descending
# from 1 (doubles), padding to the histogram
import math
pts = []
for _ in range(120):
    v = [R.gauss(0, 1) for _ in range(3)]
    r = math.sqrt(sum(c * c for c in v))
    pts.append([c / r for c in v])
words = [f32(p[c]) for c in range(3) for p in pts]
for b in range(21):
    lo, hi = struct.unpack('<II', struct.pack('<d', math.cos(math.pi * b / 20) if b else 1.0))
    words += [lo, hi]
write('tpacf_in.hex', words)
# pfilter: 256 particles, x in -10..10 and y in -10..10
write('pfilter_in.hex', [f32(R.uniform(-10, 10)) for _ in range(2 * 256)])
# fwt: 1024 integers in -100..100
write('fwt_in.hex', [R.randrange(-100, 101) for _ in range(1024)])
# binomial: 4 options: S in 5..30, X in 1..100, T in 0.25..10
write('binomial_in.hex', [f32(R.uniform(5, 30)) for _ in range(4)] +
      [f32(R.uniform(1, 100)) for _ in range(4)] + [f32(R.uniform(0.25, 10)) for _ in range(4)])
# lbm: 40 x 6 cells: nine distributions near equilibrium, a flag
cells = []
for yy in range(6):
    for xx in range(40):
        cells += [f32(R.uniform(0.02, 0.2)) for _ in range(9)]
        cells.append(2 if xx == 0 else (1 if R.random() < 0.125 else 0))
write('lbm_in.hex', cells)
