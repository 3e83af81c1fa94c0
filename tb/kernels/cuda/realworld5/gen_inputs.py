# SPDX-License-Identifier: Apache-2.0
# gen_inputs.py -- writes the realworld5 kernels' input files (the mem_init
# format, one 32-bit little-endian word a line in hex) from fixed seeds:
# python3 gen_inputs.py here.
import random
import struct


def write(name, words):
    open(name, 'w').write(''.join('%08x\n' % (w & 0xffffffff) for w in words))


def le_words(bs):
    return list(struct.unpack('<%dI' % (len(bs) // 4), bytes(bs)))


R = random.Random(2511)
# aes: FIPS-197's example key 00 01 .. 0f, then 100 blocks of 16 bytes:
# the first FIPS-197's example plaintext 00 11 22 .. ff (its ciphertext
# 69c4e0d8 6a7b0430 d8cdb780 70b4c55a is known), the rest random
blocks = bytes(range(0, 256, 17)) + bytes(R.randrange(256) for _ in range(99 * 16))
write('aes_in.hex', le_words(bytes(range(16))) + le_words(blocks))
# cxx: 512 integers in -5000..4999, then 512 floats in -100..100 with a
# few edge values (signed zeros, a subnormal, a power of two)
f32 = lambda v: struct.unpack('<I', struct.pack('<f', v))[0]
fl = [R.uniform(-100, 100) for _ in range(512)]
fl[3], fl[17], fl[40], fl[77] = 0.0, -0.0, 1e-40, 1024.0
write('cxx_in.hex', [R.randrange(-5000, 5000) for _ in range(512)] + [f32(v) for v in fl])
# splitmix: sixteen signed 64-bit divisors: 0, 1, -1, the extremes and
# random ones of every size, low word first
divs = [0, 1, -1, 2, -3, 7, (1 << 63) - 1, -(1 << 63), 1 << 32, -(1 << 31) - 5]
divs += [R.randrange(-(1 << b), 1 << b) or 11 for b in (5, 17, 33, 47, 60, 62)]
write('splitmix_div.hex', [w for d in divs for w in (d & 0xffffffff, (d >> 32) & 0xffffffff)])
