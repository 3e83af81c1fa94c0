/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warphw_vector.h -- part of tb/cuda/warphw_cuda.h (issue 25, section 2:
 * ld/st .v2/.v4): CUDA's vector types, the same on both sides.  Included
 * by warphw_cuda.h only.
 *
 * char, uchar, short, ushort, int, float, longlong, ulonglong and double
 * with 1 to 4 members, uint1/2/4 (uint3 is warphw_base.h's), with CUDA's
 * sizes and alignments, and their make_ functions.
 */
#ifndef WARPHW_CUDA_H
#error "warphw_vector.h is a part of warphw_cuda.h: include that"
#endif

/* CUDA's vector types (vector_types.h: the same members, sizes and
 * alignments, so a float4 or int4 access is one 16-byte vector load) and
 * their make_ functions */
#define WARPHW_VEC1(N, T, A) \
    struct __attribute__((aligned(A))) N { T x; }; \
    WARPHW_DEV N make_##N(T x) { N r; r.x = x; return r; }
#define WARPHW_VEC2(N, T, A) \
    struct __attribute__((aligned(A))) N { T x, y; }; \
    WARPHW_DEV N make_##N(T x, T y) { N r; r.x = x; r.y = y; return r; }
#define WARPHW_VEC3(N, T) \
    struct N { T x, y, z; }; \
    WARPHW_DEV N make_##N(T x, T y, T z) { N r; r.x = x; r.y = y; r.z = z; return r; }
#define WARPHW_VEC4(N, T, A) \
    struct __attribute__((aligned(A))) N { T x, y, z, w; }; \
    WARPHW_DEV N make_##N(T x, T y, T z, T w) { N r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }
#define WARPHW_VECS(P, T, S)                  \
    WARPHW_VEC1(P##1, T, S)                   \
    WARPHW_VEC2(P##2, T, 2 * S)               \
    WARPHW_VEC3(P##3, T)                      \
    WARPHW_VEC4(P##4, T, (4 * S > 16 ? 16 : 4 * S))
WARPHW_VECS(char, signed char, 1)
WARPHW_VECS(uchar, unsigned char, 1)
WARPHW_VECS(short, short, 2)
WARPHW_VECS(ushort, unsigned short, 2)
WARPHW_VECS(int, int, 4)
WARPHW_VECS(float, float, 4)
WARPHW_VECS(longlong, long long, 8)
WARPHW_VECS(ulonglong, unsigned long long, 8)
WARPHW_VECS(double, double, 8)
WARPHW_VEC1(uint1, unsigned, 4)
WARPHW_VEC2(uint2, unsigned, 8)
WARPHW_VEC4(uint4, unsigned, 16)
WARPHW_DEV uint3 make_uint3(unsigned x, unsigned y, unsigned z) { uint3 r; r.x = x; r.y = y; r.z = z; return r; }
#undef WARPHW_VECS
#undef WARPHW_VEC1
#undef WARPHW_VEC2
#undef WARPHW_VEC3
#undef WARPHW_VEC4
