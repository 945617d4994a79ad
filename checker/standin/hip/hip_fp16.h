/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. Covers a minimal IEEE binary16 type: __half (stored
 * as clang's _Float16), __half2, __half_raw, the `half` typedefs and the
 * common conversions/arithmetic intrinsics (__float2half, __half2float,
 * __hadd, __hmul, ...). Arithmetic operators work through the implicit
 * float conversion. Written from the public HIP/CUDA fp16 API documentation
 * (ROCm 6.x/7.x). */
#ifndef WAVECHECK_STANDIN_HIP_FP16_H
#define WAVECHECK_STANDIN_HIP_FP16_H

#include <hip/hip_common.h>

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};

struct __half {
  _Float16 __x;
  __half() = default;
  __host__ __device__ constexpr __half(float f) : __x((_Float16)f) {}
  __host__ __device__ __half(__half_raw r) : __x(__builtin_bit_cast(_Float16, r.x)) {}
  __host__ __device__ constexpr operator float() const { return (float)__x; }
  __host__ __device__ operator __half_raw() const {
    return __half_raw{__builtin_bit_cast(unsigned short, __x)};
  }
};

struct __attribute__((aligned(4))) __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ constexpr __half2(__half a, __half b) : x(a), y(b) {}
};

typedef __half half;
typedef __half2 half2;

#define __WC_H __host__ __device__ inline
__WC_H __half __float2half(float f) { return __half(f); }
__WC_H __half __float2half_rn(float f) { return __half(f); }
__WC_H float __half2float(__half h) { return (float)h; }
__WC_H __half2 __float2half2_rn(float f) { return __half2(__half(f), __half(f)); }
__WC_H __half2 __floats2half2_rn(float a, float b) { return __half2(__half(a), __half(b)); }
__WC_H __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
__WC_H float __low2float(__half2 h) { return (float)h.x; }
__WC_H float __high2float(__half2 h) { return (float)h.y; }
__WC_H __half __low2half(__half2 h) { return h.x; }
__WC_H __half __high2half(__half2 h) { return h.y; }
__WC_H __half __hadd(__half a, __half b) { return __half((float)a + (float)b); }
__WC_H __half __hsub(__half a, __half b) { return __half((float)a - (float)b); }
__WC_H __half __hmul(__half a, __half b) { return __half((float)a * (float)b); }
__WC_H __half __hdiv(__half a, __half b) { return __half((float)a / (float)b); }
__WC_H __half __hfma(__half a, __half b, __half c) {
  return __half((float)a * (float)b + (float)c);
}
__WC_H __half __hneg(__half a) { return __half(-(float)a); }
__WC_H __half __habs(__half a) { return __half((float)a < 0.0f ? -(float)a : (float)a); }
__WC_H __half __hmax(__half a, __half b) { return (float)a < (float)b ? b : a; }
__WC_H __half __hmin(__half a, __half b) { return (float)b < (float)a ? b : a; }
__WC_H __half2 __hadd2(__half2 a, __half2 b) { return __half2(__hadd(a.x, b.x), __hadd(a.y, b.y)); }
__WC_H __half2 __hmul2(__half2 a, __half2 b) { return __half2(__hmul(a.x, b.x), __hmul(a.y, b.y)); }
__WC_H __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
__WC_H unsigned short __half_as_ushort(__half h) { return __builtin_bit_cast(unsigned short, h.__x); }
__WC_H __half __ushort_as_half(unsigned short u) { return __half(__half_raw{u}); }
#undef __WC_H

#endif
