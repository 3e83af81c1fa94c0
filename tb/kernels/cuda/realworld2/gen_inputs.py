# SPDX-License-Identifier: Apache-2.0
# gen_inputs.py -- writes the input files (*.hex, the mem_init format) of
# aossoa, csrspmv and bytes from a fixed seed: python3 gen_inputs.py here.
import struct, random
R = random.Random(2025)
def words(b):
    b = b + b'\0' * (-len(b) % 4)
    return ''.join('%08x\n' % struct.unpack_from('<I', b, i)[0] for i in range(0, len(b), 4))
n = 96
aos = b''; sx = b''; svx = b''; sq = b''; sk = b''
for i in range(n):
    x = R.uniform(0, 10); vx = R.uniform(-3, 3); q = R.randint(-5, 5); k = R.randint(0, 2)
    vxf = struct.unpack('<f', struct.pack('<f', vx))[0]
    aos += struct.pack('<dfhbxixxxx', x, vxf, q, k, i * 7 - 100)
    sx += struct.pack('<d', x); svx += struct.pack('<f', vxf); sq += struct.pack('<h', q); sk += struct.pack('<b', k)
assert len(aos) == 24 * n
open('aossoa_aos.hex', 'w').write(words(aos))
open('aossoa_soa.hex', 'w').write(words(sx + svx + sq + sk))
print('soa bytes', len(sx), len(svx), len(sq), len(sk))
rows, cols = 100, 64
rp = [0]; col = []; val = []
for r in range(rows):
    L = R.choice([0, 1, 2, 3, 5, 8, 13, 15])
    cs = sorted(R.sample(range(cols), L))
    col += cs; val += [R.uniform(-2, 2) for _ in cs]; rp.append(len(col))
xv = [R.uniform(-1, 1) for _ in range(cols)]
yv = [R.uniform(-1, 1) for _ in range(rows)]
print('nnz', len(col))
open('csrspmv_rowptr.hex', 'w').write(words(struct.pack('<%di' % len(rp), *rp)))
open('csrspmv_col.hex', 'w').write(words(struct.pack('<%di' % len(col), *col)))
open('csrspmv_val.hex', 'w').write(words(struct.pack('<%df' % len(val), *val)))
open('csrspmv_x.hex', 'w').write(words(struct.pack('<%df' % cols, *xv)))
open('csrspmv_y.hex', 'w').write(words(struct.pack('<%df' % rows, *yv)))
text = b''
alpha = b'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789    .,-'
for t in range(70):
    rec = bytes(R.choice(alpha) if R.random() < 0.9 else R.randint(128, 255) for _ in range(32))
    if t % 3 == 0:
        p = R.randint(0, 30); rec = rec[:p] + b'th' + rec[p + 2:]
    text += rec[:32]
open('bytes_in.hex', 'w').write(words(text))
print(len(text))
