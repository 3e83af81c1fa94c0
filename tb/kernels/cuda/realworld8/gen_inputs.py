#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""gen_inputs.py -- writes the eighth round's input files (seeded, so the
committed files are its output): knnsel's points (small integer
coordinates, many equal distances) and dfascan's automaton (an
Aho-Corasick DFA over 16 byte classes for 4 patterns), class map, accept
table and text (random classes with the patterns planted)."""
import random
import struct
from collections import deque


def words(b):
    """bytes -> the mem_init format (little-endian 32-bit words in hex)"""
    b = bytes(b)
    b += bytes(-len(b) % 4)
    return ''.join('%08x\n' % struct.unpack('<I', b[i:i + 4])[0] for i in range(0, len(b), 4))


def f32(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def knnsel():
    r = random.Random(8)
    refs = []
    for _ in range(90):
        refs += [f32(r.randint(-8, 8)), f32(r.randint(-8, 8)), f32(r.randint(-4, 4)), f32(r.choice([-1.0, 1.0, 0.5]))]
    queries = []
    for _ in range(45):
        queries += [f32(r.randint(-8, 8) + 0.5), f32(r.randint(-8, 8)), f32(r.randint(-4, 4) + 0.25), 0]
    with open('knnsel_refs.hex', 'w') as f:
        f.write(''.join('%08x\n' % w for w in refs))
    with open('knnsel_queries.hex', 'w') as f:
        f.write(''.join('%08x\n' % w for w in queries))


PATTERNS = [[1, 2, 1], [3, 3, 4, 1], [2, 5, 2, 5], [6, 7, 6, 7, 6]]  # the last one stops a chunk


def dfascan():
    cls = [(b * 7 + 3) % 16 if b % 3 else 0 for b in range(256)]
    goto, out, fail = [{}], [-1], [0]
    for pi, p in enumerate(PATTERNS):
        s = 0
        for c in p:
            if c not in goto[s]:
                goto.append({})
                out.append(-1)
                fail.append(0)
                goto[s][c] = len(goto) - 1
            s = goto[s][c]
        out[s] = pi
    delta = [[0] * 16 for _ in goto]
    q = deque()
    for c in range(16):
        if c in goto[0]:
            delta[0][c] = goto[0][c]
            q.append(goto[0][c])
    while q:
        s = q.popleft()
        if out[s] < 0 and out[fail[s]] >= 0:
            out[s] = out[fail[s]]
        for c in range(16):
            if c in goto[s]:
                t = goto[s][c]
                fail[t] = delta[fail[s]][c]
                delta[s][c] = t
                q.append(t)
            else:
                delta[s][c] = delta[fail[s]][c]
    assert len(goto) == 17
    with open('dfascan_table.hex', 'w') as f:
        f.write(words(x for row in delta for x in row))
    with open('dfascan_classes.hex', 'w') as f:
        f.write(words(cls))
    with open('dfascan_accept.hex', 'w') as f:
        f.write(words(o & 0xff for o in out))
    r = random.Random(2508)
    inv = {}
    for b in range(256):
        inv.setdefault(cls[b], []).append(b)
    seq = []
    while len(seq) < 1500:
        x = r.random()
        if x < 0.12:
            seq += PATTERNS[0]
        elif x < 0.2:
            seq += PATTERNS[1]
        elif x < 0.28:
            seq += PATTERNS[2]
        elif x < 0.30:
            seq += PATTERNS[3]
        else:
            seq.append(r.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12]))
    with open('dfascan_text.hex', 'w') as f:
        f.write(words(r.choice(inv[c]) for c in seq[:1500]))
    with open('dfascan_first.hex', 'w') as f:
        f.write('7fffffff\n' * 4)
    with open('fmaxcas_gmin.hex', 'w') as f:
        f.write('%08x\n' % f32(float('inf')))


if __name__ == '__main__':
    knnsel()
    dfascan()
