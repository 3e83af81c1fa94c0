# SPDX-License-Identifier: Apache-2.0
# gen_inputs.py -- writes swarm_in.hex (the mem_init format) from a
# fixed seed: python3 gen_inputs.py here.
import struct, random
R = random.Random(2026)
n = 150
x = [R.uniform(0, 10) for _ in range(n)]
y = [R.uniform(-5, 5) for _ in range(n)]
vx = [R.uniform(-3, 3) for _ in range(n)]
vy = [R.uniform(-1, 1) for _ in range(n)]
kind = [R.randint(0, 5) for _ in range(n)]  # 5: not a kind (the default case)
life = [R.randint(0, 20) for _ in range(n)]
b = struct.pack('<%df' % n, *x) + struct.pack('<%df' % n, *y) + struct.pack('<%df' % n, *vx) + \
    struct.pack('<%df' % n, *vy) + struct.pack('<%di' % n, *kind) + struct.pack('<%di' % n, *life)
b += b'\0' * 48
open('swarm_in.hex', 'w').write(''.join('%08x\n' % struct.unpack_from('<I', b, i)[0]
                                             for i in range(0, len(b), 4)))
