// Aspect: hip-types-on-fnuz. HIP's OCP FP8 types and interpretations on gfx942,
// whose hardware computes FNUZ: scalar, x2 and x4 types, written in typedefs,
// template arguments, casts and sizeof, and the __HIP_E4M3/__HIP_E5M2 tags.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch
#include <hip/hip_fp8.h>

typedef __hip_fp8_e4m3 act_t;
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: '__hip_fp8_e4m3' is OCP E4M3 FP8 but this target computes FP8 in FNUZ: the same byte decodes to half the value in FNUZ, OCP E4M3 saturates at 448 and FNUZ at 240, and 0x80 (-0 in OCP) is NaN in FNUZ [fp8-format-target-mismatch]
using grad_t = ::__hip_fp8_e5m2;
// CHECK-MESSAGES: :[[@LINE-1]]:18: warning: '__hip_fp8_e5m2' is OCP E5M2 FP8 but this target computes FP8 in FNUZ: the same byte decodes to half the value in FNUZ, and 0x80 (-0 in OCP) is NaN in FNUZ [fp8-format-target-mismatch]

template <typename T> struct Tile { T v[16]; };

__global__ void quantise_rows(const float *x, act_t *y, __hip_fp8x4_e4m3 *packed, int n) {
// CHECK-MESSAGES: :[[@LINE-1]]:57: warning: '__hip_fp8x4_e4m3' is OCP E4M3 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  y[i] = act_t(x[i]);
  __shared__ Tile<__hip_fp8x2_e5m2> stage;
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: '__hip_fp8x2_e5m2' is OCP E5M2 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
  stage.v[i % 16] = __hip_fp8x2_e5m2(float2{x[i], -x[i]});
// CHECK-MESSAGES: :[[@LINE-1]]:21: warning: '__hip_fp8x2_e5m2' is OCP E5M2 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
  packed[i / 4] = __hip_fp8x4_e4m3(float4{x[i], 0.f, 0.f, 0.f});
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: '__hip_fp8x4_e4m3' is OCP E4M3 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
}

__device__ __hip_fp8_storage_t encode(float v) {
  return __hip_cvt_float_to_fp8(v, __HIP_SATFINITE, __HIP_E4M3);
// CHECK-MESSAGES: :[[@LINE-1]]:53: warning: '__HIP_E4M3' is OCP E4M3 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
}

__device__ __half_raw decode_grad(__hip_fp8_storage_t b) {
  return __hip_cvt_fp8_to_halfraw(b, __HIP_E5M2);
// CHECK-MESSAGES: :[[@LINE-1]]:38: warning: '__HIP_E5M2' is OCP E5M2 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
}

size_t staging_bytes(int n) { return n * sizeof(__hip_fp8_e4m3); }
// CHECK-MESSAGES: :[[@LINE-1]]:49: warning: '__hip_fp8_e4m3' is OCP E4M3 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
