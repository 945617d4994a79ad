/* Stand-in header written for wavecheck; NOT NVIDIA's CUDA header and contains
 * no CUDA code. Covers the CUDA FP8 API, which is OCP only: __nv_fp8_e4m3 and
 * __nv_fp8_e5m2 (distinct types, also distinct from the HIP types so their
 * spelling survives in the AST), the x2/x4 forms, __nv_fp8_interpretation_t,
 * __nv_saturation_t and __nv_cvt_* helpers. On gfx942 (FNUZ hardware) these
 * are the wrong format; wavecheck reports that. Conversions reuse the HIP FP8
 * stand-in. From the public CUDA FP8 documentation and the OCP FP8 spec. */
#ifndef WAVECHECK_STANDIN_CUDA_FP8_H
#define WAVECHECK_STANDIN_CUDA_FP8_H

#include <cuda_fp16.h>
#include <hip/amd_detail/amd_hip_fp8.h>

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT = 0, __NV_SATFINITE = 1 } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3 = 0, __NV_E5M2 = 1 } __nv_fp8_interpretation_t;

__host__ __device__ inline __hip_fp8_interpretation_t
__wavecheck_nv_interp(__nv_fp8_interpretation_t t) {
  return t == __NV_E4M3 ? __HIP_E4M3 : __HIP_E5M2;
}
__host__ __device__ inline __nv_fp8_storage_t
__nv_cvt_float_to_fp8(float x, __nv_saturation_t sat, __nv_fp8_interpretation_t t) {
  return __wavecheck_float_to_fp8(x, (__hip_saturation_t)sat, __wavecheck_nv_interp(t));
}
__host__ __device__ inline __nv_fp8x2_storage_t
__nv_cvt_float2_to_fp8x2(float2 v, __nv_saturation_t sat, __nv_fp8_interpretation_t t) {
  return __hip_cvt_float2_to_fp8x2(v, (__hip_saturation_t)sat, __wavecheck_nv_interp(t));
}
__host__ __device__ inline __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t b,
                                                              __nv_fp8_interpretation_t t) {
  return __hip_cvt_fp8_to_halfraw(b, __wavecheck_nv_interp(t));
}

__WAVECHECK_FP8_TYPES(__nv_fp8_e4m3, __nv_fp8x2_e4m3, __nv_fp8x4_e4m3, __HIP_E4M3)
__WAVECHECK_FP8_TYPES(__nv_fp8_e5m2, __nv_fp8x2_e5m2, __nv_fp8x4_e5m2, __HIP_E5M2)

#endif
