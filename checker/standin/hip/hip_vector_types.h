/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. Covers the HIP/CUDA short vector types (float2,
 * int4, uchar4, ...) as plain aggregates with x/y/z/w members and the
 * make_<type>N helpers. Written from the public HIP/CUDA documentation
 * (ROCm 6.x/7.x). Alignment of 2- and 4-element types is N * sizeof(T)
 * capped at 16. */
#ifndef WAVECHECK_STANDIN_HIP_VECTOR_TYPES_H
#define WAVECHECK_STANDIN_HIP_VECTOR_TYPES_H

#include <hip/hip_common.h>

#define __WC_VEC_ALIGN(T, N) __attribute__((aligned(N * sizeof(T) > 16 ? 16 : N * sizeof(T))))
#define __WC_VEC_TYPES(NAME, T) \
  struct NAME##1 { T x; }; \
  struct __WC_VEC_ALIGN(T, 2) NAME##2 { T x, y; }; \
  struct NAME##3 { T x, y, z; }; \
  struct __WC_VEC_ALIGN(T, 4) NAME##4 { T x, y, z, w; }; \
  __host__ __device__ inline constexpr NAME##1 make_##NAME##1(T x) { return NAME##1{x}; } \
  __host__ __device__ inline constexpr NAME##2 make_##NAME##2(T x, T y) { \
    return NAME##2{x, y}; \
  } \
  __host__ __device__ inline constexpr NAME##3 make_##NAME##3(T x, T y, T z) { \
    return NAME##3{x, y, z}; \
  } \
  __host__ __device__ inline constexpr NAME##4 make_##NAME##4(T x, T y, T z, T w) { \
    return NAME##4{x, y, z, w}; \
  }

__WC_VEC_TYPES(char, signed char)
__WC_VEC_TYPES(uchar, unsigned char)
__WC_VEC_TYPES(short, short)
__WC_VEC_TYPES(ushort, unsigned short)
__WC_VEC_TYPES(int, int)
__WC_VEC_TYPES(uint, unsigned int)
__WC_VEC_TYPES(long, long)
__WC_VEC_TYPES(ulong, unsigned long)
__WC_VEC_TYPES(longlong, long long)
__WC_VEC_TYPES(ulonglong, unsigned long long)
__WC_VEC_TYPES(float, float)
__WC_VEC_TYPES(double, double)

#undef __WC_VEC_TYPES
#undef __WC_VEC_ALIGN
#endif
