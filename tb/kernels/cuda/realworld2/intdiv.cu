/* SPDX-License-Identifier: Apache-2.0 */
/* intdiv.cu -- integer division and remainder by run-time values of
 * either sign (C's truncation toward zero: -7 / 2 = -3, -7 % 2 = -1), for
 * 32- and 64-bit, signed and unsigned, with division by a value read from
 * memory that may be negative; a floor division and a positive modulo
 * built from them; the 64x64 high product (__umul64hi, __mul64hi) and
 * 32-bit __umulhi/__mulhi. */
extern "C" __global__ void intdiv(const int *a, const int *b, long long *out, int n, long long big)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i] >> (i & 15), y = b[i] >> 27;
    if (y == 0) y = (i & 1) ? -1 : 3;
    int q = x / y, r = x % y;
    int fq = q - ((r != 0) && ((r < 0) != (y < 0)));
    int pm = ((x % y) + y) % y;
    long long X = (long long)x * 1000003LL + big, Y = (long long)y * 7 - 1;
    unsigned long long ux = (unsigned long long)X * 0x9e3779b97f4a7c15ULL, uy = (unsigned long long)(Y | 1) + big;
    out[8 * i] = q;
    out[8 * i + 1] = (long long)((unsigned long long)(unsigned)r << 32 | (unsigned)fq);
    out[8 * i + 2] = (long long)pm * 1000000 + x % (y * 3 - 1); /* a remainder with no division beside it */
    out[8 * i + 3] = X / Y;
    out[8 * i + 4] = X % Y;
    out[8 * i + 5] = (long long)(ux / uy) ^ (long long)(ux % (uy >> 3 | 1));
    out[8 * i + 6] = (long long)__umul64hi(ux, uy) + __mul64hi(X, Y);
    out[8 * i + 7] = (long long)((unsigned long long)__umulhi((unsigned)x, (unsigned)y) << 32 | (unsigned)__mulhi(x, y));
}
