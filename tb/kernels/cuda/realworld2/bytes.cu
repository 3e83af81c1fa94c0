/* SPDX-License-Identifier: Apache-2.0 */
/* bytes.cu -- byte and string processing: each thread owns a 32-byte
 * record of characters; it upper-cases letters, counts vowels, digits and
 * spaces (signed char comparisons: bytes >= 128 are negative), finds the
 * first occurrence of a two-byte pattern, computes a rolling hash with
 * unsigned char loads, and writes the record back reversed. */
extern "C" __global__ void bytes(const char *in, char *out, int *stats, int n, char p0, char p1)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const char *s = in + 32 * t;
    char *d = out + 32 * t;
    int vowels = 0, digits = 0, neg = 0, found = -1;
    unsigned h = 5381;
    for (int i = 0; i < 32; i++) {
        char c = s[i];
        if (c < 0) neg++;
        char lo = (char)(c | 0x20);
        if (lo == 'a' || lo == 'e' || lo == 'i' || lo == 'o' || lo == 'u') vowels++;
        if (c >= '0' && c <= '9') digits++;
        if (found < 0 && i < 31 && c == p0 && s[i + 1] == p1) found = i;
        h = h * 33u + (unsigned char)c;
        char u = (c >= 'a' && c <= 'z') ? (char)(c - 32) : c;
        d[31 - i] = u;
    }
    stats[4 * t] = vowels;
    stats[4 * t + 1] = digits * 256 + neg;
    stats[4 * t + 2] = found;
    stats[4 * t + 3] = (int)h;
}
