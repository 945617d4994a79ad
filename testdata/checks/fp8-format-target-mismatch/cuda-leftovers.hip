// Aspect: cuda-leftovers. CUDA's FP8 types are OCP; left in code ported to
// gfx942 they store the format its hardware does not compute. The fix-it names
// HIP's FNUZ type; CUDA's interpretation tags have no FNUZ member (no fix-it).
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch
#include <cuda_fp8.h>

__global__ void cast_kv(const float *k, __nv_fp8_e4m3 *k8, __nv_fp8x2_e5m2 *v8, int n) {
// CHECK-MESSAGES: :[[@LINE-1]]:41: warning: '__nv_fp8_e4m3' (CUDA) is OCP E4M3 FP8 but this target computes FP8 in FNUZ: the same byte decodes to half the value in FNUZ, OCP E4M3 saturates at 448 and FNUZ at 240, and 0x80 (-0 in OCP) is NaN in FNUZ [fp8-format-target-mismatch]
// CHECK-MESSAGES: :[[@LINE-2]]:60: warning: '__nv_fp8x2_e5m2' (CUDA) is OCP E5M2 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    k8[i] = __nv_fp8_e4m3(k[i]);
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: '__nv_fp8_e4m3' (CUDA) is OCP E4M3 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
    v8[i] = __nv_fp8x2_e5m2(float2{k[i], k[i]});
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: '__nv_fp8x2_e5m2' (CUDA) is OCP E5M2 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
  }
}

__device__ __nv_fp8_storage_t to_byte(float x) {
  return __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E4M3);
// CHECK-MESSAGES: :[[@LINE-1]]:51: warning: '__NV_E4M3' (CUDA) is OCP E4M3 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
}

// A HIP FNUZ type beside a CUDA leftover is no run-time choice: still flagged.
__device__ void widen(const __nv_fp8x4_e4m3 *in, __hip_fp8x4_e4m3_fnuz *out) { *out = float4(*in); }
// CHECK-MESSAGES: :[[@LINE-1]]:29: warning: '__nv_fp8x4_e4m3' (CUDA) is OCP E4M3 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
