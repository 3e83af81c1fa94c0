#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""two_over_pi.py -- print the table warphw_two_over_pi of
tb/cuda/warphw_math.h: 2/pi's first 1280 bits after the binary point, 32 to
a word, most significant first, i.e. floor(2^1280 * 2/pi), from Machin's
formula pi = 16 atan(1/5) - 4 atan(1/239) in integers (60 guard bits)."""


import sys


def atan_inv(n, bits):
    """atan(1/n) * 2^bits, truncated term by term"""
    one = 1 << bits
    term = one // n
    total, k, sign = term, 1, -1
    while term:
        term //= n * n
        k += 2
        total += sign * (term // k)
        sign = -sign
    return total


def main():
    bits = 1280 + 60
    pi = 16 * atan_inv(5, bits) - 4 * atan_inv(239, bits)  # pi * 2^bits
    table = (2 << (bits + 1280)) // pi  # floor(2/pi * 2^1280)
    words = [(table >> (1280 - 32 * (k + 1))) & 0xFFFFFFFF for k in range(40)]
    for i in range(0, 40, 5):
        print("    " + ", ".join("0x%08xu" % w for w in words[i:i + 5]) + ",")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        print("two_over_pi.py takes no arguments (it prints the table)", file=sys.stderr)
        sys.exit(2)
    main()
