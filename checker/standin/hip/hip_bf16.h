/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. Covers a minimal bfloat16 type __hip_bfloat16 (16-bit
 * storage, round-to-nearest-even from float), __hip_bfloat162 and the
 * common conversions (__float2bfloat16, __bfloat162float). Written from the
 * public HIP bf16 API documentation (ROCm 6.x/7.x). */
#ifndef WAVECHECK_STANDIN_HIP_BF16_H
#define WAVECHECK_STANDIN_HIP_BF16_H

#include <hip/hip_common.h>
#include <hip/hip_vector_types.h>
#include <hip/amd_detail/amd_warp_functions.h>

struct __hip_bfloat16_raw {
  unsigned short x;
};

struct __hip_bfloat16 {
  unsigned short data;
  __hip_bfloat16() = default;
  __host__ __device__ __hip_bfloat16(float f) : data(__round(f)) {}
  __host__ __device__ __hip_bfloat16(__hip_bfloat16_raw r) : data(r.x) {}
  __host__ __device__ operator float() const {
    return __builtin_bit_cast(float, (unsigned int)data << 16);
  }
  __host__ __device__ operator __hip_bfloat16_raw() const { return __hip_bfloat16_raw{data}; }
  static __host__ __device__ unsigned short __round(float f) {
    unsigned int u = __builtin_bit_cast(unsigned int, f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((u >> 16) | 0x40u); /* NaN */
    u += 0x7fffu + ((u >> 16) & 1u); /* round to nearest even */
    return (unsigned short)(u >> 16);
  }
};

struct __attribute__((aligned(4))) __hip_bfloat162 {
  __hip_bfloat16 x, y;
  __hip_bfloat162() = default;
  __host__ __device__ __hip_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) : x(a), y(b) {}
};

#define __WC_H __host__ __device__ inline
__WC_H __hip_bfloat16 __float2bfloat16(float f) { return __hip_bfloat16(f); }
__WC_H float __bfloat162float(__hip_bfloat16 b) { return (float)b; }
__WC_H __hip_bfloat162 __floats2bfloat162_rn(float a, float b) {
  return __hip_bfloat162(__hip_bfloat16(a), __hip_bfloat16(b));
}
__WC_H __hip_bfloat16 __hadd(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hip_bfloat16((float)a + (float)b);
}
__WC_H __hip_bfloat16 __hmul(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hip_bfloat16((float)a * (float)b);
}
__WC_H __hip_bfloat16 __float2bfloat16_rn(float f) { return __hip_bfloat16(f); }
__WC_H __hip_bfloat162 __float22bfloat162_rn(float2 f) {
  return __hip_bfloat162(__hip_bfloat16(f.x), __hip_bfloat16(f.y));
}
__WC_H __hip_bfloat162 __float2bfloat162_rn(float f) {
  return __hip_bfloat162(__hip_bfloat16(f), __hip_bfloat16(f));
}
__WC_H float2 __bfloat1622float2(__hip_bfloat162 b) { return float2{(float)b.x, (float)b.y}; }
__WC_H __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16 b) { return __hip_bfloat162(b, b); }
__WC_H __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hip_bfloat162(a, b);
}
__WC_H __hip_bfloat16 __low2bfloat16(__hip_bfloat162 b) { return b.x; }
__WC_H __hip_bfloat16 __high2bfloat16(__hip_bfloat162 b) { return b.y; }
__WC_H float __low2float(__hip_bfloat162 b) { return (float)b.x; }
__WC_H float __high2float(__hip_bfloat162 b) { return (float)b.y; }
__WC_H unsigned short __bfloat16_as_ushort(__hip_bfloat16 b) { return b.data; }
__WC_H __hip_bfloat16 __ushort_as_bfloat16(unsigned short u) {
  return __hip_bfloat16(__hip_bfloat16_raw{u});
}
__WC_H __hip_bfloat16 __hsub(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hip_bfloat16((float)a - (float)b);
}
__WC_H __hip_bfloat16 __hfma(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c) {
  return __hip_bfloat16((float)a * (float)b + (float)c);
}
__WC_H __hip_bfloat162 __hadd2(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(__hadd(a.x, b.x), __hadd(a.y, b.y));
}
__WC_H __hip_bfloat162 __hmul2(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(__hmul(a.x, b.x), __hmul(a.y, b.y));
}
__WC_H __hip_bfloat162 __hfma2(__hip_bfloat162 a, __hip_bfloat162 b, __hip_bfloat162 c) {
  return __hip_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
__WC_H __hip_bfloat16 __hdiv(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hip_bfloat16((float)a / (float)b);
}
__WC_H __hip_bfloat16 __hneg(__hip_bfloat16 a) { return __hip_bfloat16(-(float)a); }
__WC_H __hip_bfloat16 __hmax(__hip_bfloat16 a, __hip_bfloat16 b) {
  return (float)a < (float)b ? b : a;
}
__WC_H __hip_bfloat16 __hmin(__hip_bfloat16 a, __hip_bfloat16 b) {
  return (float)b < (float)a ? b : a;
}
__WC_H __hip_bfloat162 __hsub2(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(__hsub(a.x, b.x), __hsub(a.y, b.y));
}
__WC_H __hip_bfloat162 __h2div(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(__hdiv(a.x, b.x), __hdiv(a.y, b.y));
}
__WC_H __hip_bfloat162 __hneg2(__hip_bfloat162 a) {
  return __hip_bfloat162(__hneg(a.x), __hneg(a.y));
}
__WC_H __hip_bfloat16 &operator+=(__hip_bfloat16 &a, float b) {
  return a = __hip_bfloat16((float)a + b);
}
__WC_H __hip_bfloat16 &operator-=(__hip_bfloat16 &a, float b) {
  return a = __hip_bfloat16((float)a - b);
}
__WC_H __hip_bfloat16 &operator*=(__hip_bfloat16 &a, float b) {
  return a = __hip_bfloat16((float)a * b);
}
__WC_H __hip_bfloat16 &operator/=(__hip_bfloat16 &a, float b) {
  return a = __hip_bfloat16((float)a / b);
}
__device__ inline __hip_bfloat162 atomicAdd(__hip_bfloat162 *address, __hip_bfloat162 val) {
  __hip_bfloat162 old = *address;
  *address = __hadd2(old, val);
  return old;
}
__device__ inline __hip_bfloat16 atomicAdd(__hip_bfloat16 *address, __hip_bfloat16 val) {
  __hip_bfloat16 old = *address;
  *address = __hadd(old, val);
  return old;
}
__device__ inline __hip_bfloat162 unsafeAtomicAdd(__hip_bfloat162 *address,
                                                  __hip_bfloat162 val) {
  return atomicAdd(address, val);
}
/* Shuffles of __hip_bfloat16 and __hip_bfloat162 values (amd_warp_functions.h). */
__WAVECHECK_SHUFFLES_OF(__hip_bfloat16)
__WAVECHECK_SHUFFLES_OF(__hip_bfloat162)
#undef __WC_H

#endif
