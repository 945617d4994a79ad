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
#include <hip/hip_vector_types.h>
#include <hip/amd_detail/amd_warp_functions.h>

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

/* Pairs and float2, conversions with a rounding mode, comparisons and the
 * element-wise operators on __half2. */
__WC_H float2 __half22float2(__half2 h) { return float2{(float)h.x, (float)h.y}; }
__WC_H __half2 __float22half2_rn(float2 f) { return __half2(__half(f.x), __half(f.y)); }
__WC_H __half2 __half2half2(__half h) { return __half2(h, h); }
__WC_H __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
__WC_H __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
__WC_H __half2 __low2half2(__half2 a) { return __half2(a.x, a.x); }
__WC_H __half2 __high2half2(__half2 a) { return __half2(a.y, a.y); }
__WC_H __half2 make_half2(__half a, __half b) { return __half2(a, b); }
__WC_H int __half2int_rn(__half h) { return (int)__builtin_rintf((float)h); }
__WC_H int __half2int_rz(__half h) { return (int)(float)h; }
__WC_H int __half2int_rd(__half h) { return (int)__builtin_floorf((float)h); }
__WC_H int __half2int_ru(__half h) { return (int)__builtin_ceilf((float)h); }
__WC_H __half __int2half_rn(int i) { return __half((float)i); }
__WC_H __half __uint2half_rn(unsigned int i) { return __half((float)i); }
__WC_H unsigned int __half2uint_rn(__half h) { return (unsigned int)__builtin_rintf((float)h); }
__WC_H short __half_as_short(__half h) { return __builtin_bit_cast(short, h.__x); }
__WC_H __half __short_as_half(short s) { return __half(__half_raw{(unsigned short)s}); }
__WC_H bool __heq(__half a, __half b) { return (float)a == (float)b; }
__WC_H bool __hne(__half a, __half b) { return (float)a != (float)b; }
__WC_H bool __hlt(__half a, __half b) { return (float)a < (float)b; }
__WC_H bool __hle(__half a, __half b) { return (float)a <= (float)b; }
__WC_H bool __hgt(__half a, __half b) { return (float)a > (float)b; }
__WC_H bool __hge(__half a, __half b) { return (float)a >= (float)b; }
__WC_H bool __hisnan(__half a) { return (float)a != (float)a; }
__WC_H bool __hisinf(__half a) { return __builtin_isinf((float)a); }
__WC_H __half2 __hsub2(__half2 a, __half2 b) { return __half2(__hsub(a.x, b.x), __hsub(a.y, b.y)); }
__WC_H __half2 __h2div(__half2 a, __half2 b) { return __half2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }
__WC_H __half2 __hneg2(__half2 a) { return __half2(__hneg(a.x), __hneg(a.y)); }
__WC_H __half2 __habs2(__half2 a) { return __half2(__habs(a.x), __habs(a.y)); }
__WC_H __half2 __hmax2(__half2 a, __half2 b) { return __half2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }
__WC_H __half2 __hmin2(__half2 a, __half2 b) { return __half2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }
__WC_H __half hsqrt(__half a) { return __half(__builtin_sqrtf((float)a)); }
__WC_H __half hexp(__half a) { return __half(__builtin_expf((float)a)); }
__WC_H __half hlog(__half a) { return __half(__builtin_logf((float)a)); }
__WC_H __half hrcp(__half a) { return __half(1.0f / (float)a); }
__WC_H __half2 h2sqrt(__half2 a) { return __half2(hsqrt(a.x), hsqrt(a.y)); }
__WC_H __half2 h2exp(__half2 a) { return __half2(hexp(a.x), hexp(a.y)); }
__WC_H __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
__WC_H __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
__WC_H __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }
__WC_H __half2 operator/(__half2 a, __half2 b) { return __h2div(a, b); }
__WC_H __half2 &operator+=(__half2 &a, __half2 b) { return a = __hadd2(a, b); }
__WC_H __half2 &operator*=(__half2 &a, __half2 b) { return a = __hmul2(a, b); }
/* Compound assignment on __half (the right side is any value that converts
 * to float, such as the float that `a * b` of two halves gives), unary minus
 * and the remaining element-wise operators on __half2, the other math
 * functions of the half API, and the half atomics. */
__WC_H __half &operator+=(__half &a, float b) { return a = __half((float)a + b); }
__WC_H __half &operator-=(__half &a, float b) { return a = __half((float)a - b); }
__WC_H __half &operator*=(__half &a, float b) { return a = __half((float)a * b); }
__WC_H __half &operator/=(__half &a, float b) { return a = __half((float)a / b); }
__WC_H __half2 operator-(__half2 a) { return __hneg2(a); }
__WC_H __half2 operator+(__half2 a) { return a; }
__WC_H __half2 &operator-=(__half2 &a, __half2 b) { return a = __hsub2(a, b); }
__WC_H __half2 &operator/=(__half2 &a, __half2 b) { return a = __h2div(a, b); }
#define __WC_HMATH(h, h2, fn) \
  __WC_H __half h(__half a) { return __half(fn((float)a)); } \
  __WC_H __half2 h2(__half2 a) { return __half2(h(a.x), h(a.y)); }
__WC_HMATH(hexp2, h2exp2, __builtin_exp2f)
__WC_HMATH(hexp10, h2exp10, __builtin_exp10f)
__WC_HMATH(hlog2, h2log2, __builtin_log2f)
__WC_HMATH(hlog10, h2log10, __builtin_log10f)
__WC_HMATH(hsin, h2sin, __builtin_sinf)
__WC_HMATH(hcos, h2cos, __builtin_cosf)
__WC_HMATH(hfloor, h2floor, __builtin_floorf)
__WC_HMATH(hceil, h2ceil, __builtin_ceilf)
__WC_HMATH(htrunc, h2trunc, __builtin_truncf)
__WC_HMATH(hrint, h2rint, __builtin_rintf)
__WC_HMATH(hrsqrt, h2rsqrt, 1.0f / __builtin_sqrtf)
#undef __WC_HMATH
__device__ inline __half2 atomicAdd(__half2 *address, __half2 val) {
  __half2 old = *address;
  *address = __hadd2(old, val);
  return old;
}
__device__ inline __half atomicAdd(__half *address, __half val) {
  __half old = *address;
  *address = __hadd(old, val);
  return old;
}
__device__ inline __half2 unsafeAtomicAdd(__half2 *address, __half2 val) {
  return atomicAdd(address, val);
}
/* Shuffles of __half and __half2 values (amd_warp_functions.h). */
__WAVECHECK_SHUFFLES_OF(__half)
__WAVECHECK_SHUFFLES_OF(__half2)
#undef __WC_H

#endif
