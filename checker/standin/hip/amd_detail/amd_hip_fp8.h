/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. Covers the HIP FP8 API: storage typedefs, the
 * __hip_fp8_interpretation_t / __hip_saturation_t enums, the OCP types
 * (__hip_fp8_e4m3, __hip_fp8_e5m2), the FNUZ types (__hip_fp8_e4m3_fnuz,
 * __hip_fp8_e5m2_fnuz), their x2/x4 vector forms, conversions from/to float
 * and the __hip_cvt_* helpers, plus the per-target HIP_FP8_TYPE_OCP /
 * HIP_FP8_TYPE_FNUZ macros. Written from the public HIP FP8 documentation
 * (ROCm 6.x/7.x) and the OCP 8-bit floating point specification. Enumerator
 * values are not ROCm's: never rely on them. */
#ifndef WAVECHECK_STANDIN_AMD_HIP_FP8_H
#define WAVECHECK_STANDIN_AMD_HIP_FP8_H

#include <hip/hip_common.h>
#include <hip/hip_vector_types.h>
#include <hip/hip_fp16.h>

/* Which FP8 family the target implements in hardware. Device pass: FNUZ on
 * gfx940/941/942 (MI300), OCP on gfx950 and gfx12, neither elsewhere. Host
 * pass: both are 1, so the host AST cannot tell the format of the target. */
#if defined(__HIP_DEVICE_COMPILE__)
#if defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__)
#define HIP_FP8_TYPE_FNUZ 1
#define HIP_FP8_TYPE_OCP 0
#define HIP_FP8_CVT_FAST_PATH 1
#elif defined(__gfx950__) || defined(__GFX12__)
#define HIP_FP8_TYPE_FNUZ 0
#define HIP_FP8_TYPE_OCP 1
#define HIP_FP8_CVT_FAST_PATH 1
#else
#define HIP_FP8_TYPE_FNUZ 0
#define HIP_FP8_TYPE_OCP 0
#define HIP_FP8_CVT_FAST_PATH 0
#endif
#else
#define HIP_FP8_TYPE_FNUZ 1
#define HIP_FP8_TYPE_OCP 1
#define HIP_FP8_CVT_FAST_PATH 0
#endif

typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;

typedef enum __hip_saturation_t { __HIP_NOSAT = 0, __HIP_SATFINITE = 1 } __hip_saturation_t;

typedef enum __hip_fp8_interpretation_t {
  __HIP_E4M3_FNUZ = 0, /* bias 8, no inf, NaN = 0x80 only, no -0, max 240 */
  __HIP_E5M2_FNUZ = 1, /* bias 16, no inf, NaN = 0x80 only, no -0, max 57344 */
  __HIP_E4M3 = 2,      /* OCP "fn": bias 7, no inf, NaN = S.1111.111, max 448 */
  __HIP_E5M2 = 3       /* OCP: bias 15, inf S.11111.00, NaN S.11111.{01,10,11} */
} __hip_fp8_interpretation_t;

/* Software conversions written from the format definitions above. */
struct __wavecheck_fp8_format {
  int mbits, bias, fnuz, has_inf, maxcode;
};
__host__ __device__ inline __wavecheck_fp8_format
__wavecheck_fp8_format_of(__hip_fp8_interpretation_t t) {
  switch (t) {
  case __HIP_E4M3_FNUZ: return {3, 8, 1, 0, 0x7F};
  case __HIP_E5M2_FNUZ: return {2, 16, 1, 0, 0x7F};
  case __HIP_E4M3: return {3, 7, 0, 0, 0x7E};
  default: return {2, 15, 0, 1, 0x7B};
  }
}
__host__ __device__ inline float __wavecheck_fp8_to_float(__hip_fp8_storage_t b,
                                                          __hip_fp8_interpretation_t t) {
  __wavecheck_fp8_format f = __wavecheck_fp8_format_of(t);
  int mag = b & 0x7F;
  if (f.fnuz ? b == 0x80 : mag > (f.has_inf ? 0x7C : 0x7E)) return __builtin_nanf("");
  if (f.has_inf && mag == 0x7C) return (b & 0x80) ? -__builtin_inff() : __builtin_inff();
  int field = mag >> f.mbits, mant = mag & ((1 << f.mbits) - 1);
  float v = field == 0 ? __builtin_ldexpf((float)mant, 1 - f.bias - f.mbits)
                       : __builtin_ldexpf((float)(mant | (1 << f.mbits)), field - f.bias - f.mbits);
  return (b & 0x80) ? -v : v;
}
__host__ __device__ inline __hip_fp8_storage_t
__wavecheck_float_to_fp8(float x, __hip_saturation_t sat, __hip_fp8_interpretation_t t) {
  __wavecheck_fp8_format f = __wavecheck_fp8_format_of(t);
  const int nan_code = f.fnuz ? 0x80 : 0x7F;
  unsigned int u = __builtin_bit_cast(unsigned int, x);
  int sign = (u >> 24) & 0x80;
  if ((u & 0x7fffffffu) > 0x7f800000u) return (__hip_fp8_storage_t)nan_code;
  int code;
  if ((u & 0x7fffffffu) == 0x7f800000u) {
    code = 0x7F + 1; /* infinity: overflow */
  } else {
    float a = __builtin_fabsf(x);
    int e = (int)((u >> 23) & 0xff) - 127, emin = 1 - f.bias;
    if (e < emin) e = emin; /* subnormal range of the fp8 format */
    int q = (int)__builtin_rintf(__builtin_ldexpf(a, f.mbits - e)); /* nearest, ties even */
    code = ((e + f.bias - 1) << f.mbits) + q;
  }
  if (code > f.maxcode) {
    if (sat == __HIP_SATFINITE) code = f.maxcode;
    else if (f.has_inf) code = 0x7C;
    else return (__hip_fp8_storage_t)nan_code;
  }
  if (code == 0 && f.fnuz) return 0; /* FNUZ has no negative zero */
  return (__hip_fp8_storage_t)(code | sign);
}

__host__ __device__ inline __hip_fp8_storage_t
__hip_cvt_float_to_fp8(float x, __hip_saturation_t sat, __hip_fp8_interpretation_t t) {
  return __wavecheck_float_to_fp8(x, sat, t);
}
__host__ __device__ inline __hip_fp8x2_storage_t
__hip_cvt_float2_to_fp8x2(float2 v, __hip_saturation_t sat, __hip_fp8_interpretation_t t) {
  return (__hip_fp8x2_storage_t)(__wavecheck_float_to_fp8(v.x, sat, t) |
                                 (__wavecheck_float_to_fp8(v.y, sat, t) << 8));
}
__host__ __device__ inline __half_raw __hip_cvt_fp8_to_halfraw(__hip_fp8_storage_t b,
                                                               __hip_fp8_interpretation_t t) {
  return (__half_raw)__half(__wavecheck_fp8_to_float(b, t));
}
/* Byte i of a packed storage word, as float. */
__host__ __device__ inline float __wavecheck_fp8_at(unsigned int w, int i, __hip_fp8_interpretation_t t) {
  return __wavecheck_fp8_to_float((__hip_fp8_storage_t)(w >> (8 * i)), t);
}

/* One scalar, one x2 and one x4 type per format. Constructors saturate to the
 * largest finite value, as the documented default (__HIP_SATFINITE) does.
 * Reused by the CUDA stand-in <cuda_fp8.h>. */
#define __WAVECHECK_FP8_TYPES(T1, T2, T4, I) \
  struct T1 { \
    __hip_fp8_storage_t __x; \
    static constexpr __hip_fp8_interpretation_t __default_interpret = I; \
    static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE; \
    T1() = default; \
    __host__ __device__ T1(float f) : __x(__wavecheck_float_to_fp8(f, __HIP_SATFINITE, I)) {} \
    __host__ __device__ operator float() const { return __wavecheck_fp8_to_float(__x, I); } \
  }; \
  struct T2 { \
    __hip_fp8x2_storage_t __x; \
    T2() = default; \
    __host__ __device__ T2(float2 v) : __x(__hip_cvt_float2_to_fp8x2(v, __HIP_SATFINITE, I)) {} \
    __host__ __device__ operator float2() const { \
      return float2{__wavecheck_fp8_at(__x, 0, I), __wavecheck_fp8_at(__x, 1, I)}; \
    } \
  }; \
  struct T4 { \
    __hip_fp8x4_storage_t __x; \
    T4() = default; \
    __host__ __device__ T4(float4 v) \
        : __x(__hip_cvt_float2_to_fp8x2(float2{v.x, v.y}, __HIP_SATFINITE, I) | \
              (unsigned int)__hip_cvt_float2_to_fp8x2(float2{v.z, v.w}, __HIP_SATFINITE, I) << 16) {} \
    __host__ __device__ operator float4() const { \
      return float4{__wavecheck_fp8_at(__x, 0, I), __wavecheck_fp8_at(__x, 1, I), \
                    __wavecheck_fp8_at(__x, 2, I), __wavecheck_fp8_at(__x, 3, I)}; \
    } \
  };

/* OCP formats (hardware on gfx950 and gfx12). */
__WAVECHECK_FP8_TYPES(__hip_fp8_e4m3, __hip_fp8x2_e4m3, __hip_fp8x4_e4m3, __HIP_E4M3)
__WAVECHECK_FP8_TYPES(__hip_fp8_e5m2, __hip_fp8x2_e5m2, __hip_fp8x4_e5m2, __HIP_E5M2)
/* FNUZ formats (hardware on gfx940/941/942). */
__WAVECHECK_FP8_TYPES(__hip_fp8_e4m3_fnuz, __hip_fp8x2_e4m3_fnuz, __hip_fp8x4_e4m3_fnuz,
                      __HIP_E4M3_FNUZ)
__WAVECHECK_FP8_TYPES(__hip_fp8_e5m2_fnuz, __hip_fp8x2_e5m2_fnuz, __hip_fp8x4_e5m2_fnuz,
                      __HIP_E5M2_FNUZ)

#endif
