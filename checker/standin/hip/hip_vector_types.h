/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. Covers the HIP/CUDA short vector types (float2,
 * int4, uchar4, ...) as plain aggregates with x/y/z/w members and the
 * make_<type>N helpers, and the element-wise operators HIP defines on them
 * (vector with vector, vector with scalar, compound assignment, negation and
 * complement, equality). Written from the public HIP/CUDA documentation
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

/* The element type and length of each vector type, for the operators below
 * (only these types get them). */
template <class V> struct __wc_vec {};
#define __WC_VEC_TRAITS(NAME, T) \
  template <> struct __wc_vec<NAME##1> { typedef T elem; static constexpr int n = 1; }; \
  template <> struct __wc_vec<NAME##2> { typedef T elem; static constexpr int n = 2; }; \
  template <> struct __wc_vec<NAME##3> { typedef T elem; static constexpr int n = 3; }; \
  template <> struct __wc_vec<NAME##4> { typedef T elem; static constexpr int n = 4; };
__WC_VEC_TRAITS(char, signed char)
__WC_VEC_TRAITS(uchar, unsigned char)
__WC_VEC_TRAITS(short, short)
__WC_VEC_TRAITS(ushort, unsigned short)
__WC_VEC_TRAITS(int, int)
__WC_VEC_TRAITS(uint, unsigned int)
__WC_VEC_TRAITS(long, long)
__WC_VEC_TRAITS(ulong, unsigned long)
__WC_VEC_TRAITS(longlong, long long)
__WC_VEC_TRAITS(ulonglong, unsigned long long)
__WC_VEC_TRAITS(float, float)
__WC_VEC_TRAITS(double, double)
#undef __WC_VEC_TRAITS

/* a OP= b and a OP= s (every element), then a OP b, a OP s and s OP a. */
#define __WC_VEC_OP(OP) \
  template <class V, int N = __wc_vec<V>::n> \
  __host__ __device__ inline constexpr V &operator OP##=(V &a, const V &b) { \
    a.x OP##= b.x; \
    if constexpr (N > 1) a.y OP##= b.y; \
    if constexpr (N > 2) a.z OP##= b.z; \
    if constexpr (N > 3) a.w OP##= b.w; \
    return a; \
  } \
  template <class V, int N = __wc_vec<V>::n> \
  __host__ __device__ inline constexpr V &operator OP##=(V &a, typename __wc_vec<V>::elem s) { \
    a.x OP##= s; \
    if constexpr (N > 1) a.y OP##= s; \
    if constexpr (N > 2) a.z OP##= s; \
    if constexpr (N > 3) a.w OP##= s; \
    return a; \
  } \
  template <class V, int N = __wc_vec<V>::n> \
  __host__ __device__ inline constexpr V operator OP(V a, const V &b) { return a OP##= b; } \
  template <class V, int N = __wc_vec<V>::n> \
  __host__ __device__ inline constexpr V operator OP(V a, typename __wc_vec<V>::elem s) { \
    return a OP##= s; \
  } \
  template <class V, int N = __wc_vec<V>::n> \
  __host__ __device__ inline constexpr V operator OP(typename __wc_vec<V>::elem s, V a) { \
    V r = a; \
    r.x = s OP a.x; \
    if constexpr (N > 1) r.y = s OP a.y; \
    if constexpr (N > 2) r.z = s OP a.z; \
    if constexpr (N > 3) r.w = s OP a.w; \
    return r; \
  }
__WC_VEC_OP(+)
__WC_VEC_OP(-)
__WC_VEC_OP(*)
__WC_VEC_OP(/)
__WC_VEC_OP(%)
__WC_VEC_OP(&)
__WC_VEC_OP(|)
__WC_VEC_OP(^)
__WC_VEC_OP(<<)
__WC_VEC_OP(>>)
#undef __WC_VEC_OP

template <class V, int N = __wc_vec<V>::n>
__host__ __device__ inline constexpr V operator-(V a) {
  return a *= (typename __wc_vec<V>::elem)-1;
}
template <class V, int N = __wc_vec<V>::n>
__host__ __device__ inline constexpr V operator~(V a) {
  a.x = ~a.x;
  if constexpr (N > 1) a.y = ~a.y;
  if constexpr (N > 2) a.z = ~a.z;
  if constexpr (N > 3) a.w = ~a.w;
  return a;
}
template <class V, int N = __wc_vec<V>::n>
__host__ __device__ inline constexpr bool operator==(const V &a, const V &b) {
  bool eq = a.x == b.x;
  if constexpr (N > 1) eq = eq && a.y == b.y;
  if constexpr (N > 2) eq = eq && a.z == b.z;
  if constexpr (N > 3) eq = eq && a.w == b.w;
  return eq;
}
template <class V, int N = __wc_vec<V>::n>
__host__ __device__ inline constexpr bool operator!=(const V &a, const V &b) {
  return !(a == b);
}
#undef __WC_VEC_ALIGN
#endif
