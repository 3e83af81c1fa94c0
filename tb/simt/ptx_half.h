/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx_half.h -- the two 16-bit float formats of PTX (.f16: IEEE binary16,
 * 5 exponent bits and 10 fraction bits; .bf16: 8 and 7) as C functions on
 * their bits: exact conversions from and to double, and the arithmetic of
 * PTX's half instructions (one rounding, every mode).  ptx_half.c
 * implements them; the front end's instruction semantics (ptx_exec.c) and
 * the host half of tb/cuda/include/cuda_fp16.h call the same functions,
 * so a host reference computes bit for bit what the PTX does.
 *
 * NaNs: a conversion keeps the sign and the top fraction bits and sets the
 * quiet bit; an operation with a NaN operand returns the first NaN operand
 * (PTX order) quieted, like the f32 operations (ptx_exec.c); an invalid
 * operation (inf - inf, 0 * inf) and min/max of two NaNs return the
 * canonical NaN 0x7fff (in both formats).
 */
#ifndef SIMT_PTX_HALF_H
#define SIMT_PTX_HALF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* formats and rounding modes */
enum { PTX_H_F16, PTX_H_BF16 };
enum { PTX_H_RN, PTX_H_RZ, PTX_H_RM, PTX_H_RP };
/* operations of ptx_h_op */
enum { PTX_H_ADD, PTX_H_SUB, PTX_H_MUL, PTX_H_FMA, PTX_H_DIV, PTX_H_MIN, PTX_H_MAX };

/* x rounded to the format in mode rnd: subnormals kept, overflow to inf
 * (or to the largest finite value where the mode rounds toward it) */
uint16_t ptx_h_from_double(double x, int fmt, int rnd);
/* the value of h, exactly */
double ptx_h_to_double(uint16_t h, int fmt);
/* h as a float's bits, exactly (every .f16 and .bf16 value is a float) */
uint32_t ptx_h_to_f32bits(uint16_t h, int fmt);
/* an integer rounded to the format (exactly: no double rounding) */
uint16_t ptx_h_from_s64(int64_t v, int fmt, int rnd);
uint16_t ptx_h_from_u64(uint64_t v, int fmt, int rnd);
/* one operation on values of the format, rounded once in mode rnd;
 * ftz: subnormal operands and results become zeros of their sign */
uint16_t ptx_h_op(int op, uint16_t a, uint16_t b, uint16_t c, int fmt, int rnd, int ftz);
/* 1 when h is a NaN */
int ptx_h_isnan(uint16_t h, int fmt);

#ifdef __cplusplus
}
#endif

#endif
