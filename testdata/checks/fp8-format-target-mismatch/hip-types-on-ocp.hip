// Aspect: hip-types-on-ocp. The reverse direction: HIP's FNUZ types and tags on
// gfx950 and gfx12 (RDNA4), whose hardware computes OCP FP8.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --offload-arch=gfx950,gfx1201
#include <hip/hip_fp8.h>

using weight_t = __hip_fp8_e4m3_fnuz;
// CHECK-MESSAGES: :[[@LINE-1]]:18: warning: '__hip_fp8_e4m3_fnuz' is FNUZ E4M3 FP8 but this target computes FP8 in OCP: the same byte decodes to twice the value in OCP, FNUZ E4M3 saturates at 240 and OCP at 448, and 0x80 (NaN in FNUZ) is -0 in OCP [fp8-format-target-mismatch]

__global__ void dequantise(const weight_t *w, const __hip_fp8x2_e5m2_fnuz *g, float *out,
// CHECK-MESSAGES: :[[@LINE-1]]:53: warning: '__hip_fp8x2_e5m2_fnuz' is FNUZ E5M2 FP8 but this target computes FP8 in OCP: the same byte decodes to twice the value in OCP, and 0x80 (NaN in FNUZ) is -0 in OCP [fp8-format-target-mismatch]
                           float scale) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float2 pair = g[i];
  out[i] = float(w[i]) * scale + pair.x + pair.y;
}

__device__ float decode_weight(__hip_fp8_storage_t b) {
  return __half(__hip_cvt_fp8_to_halfraw(b, __HIP_E4M3_FNUZ));
// CHECK-MESSAGES: :[[@LINE-1]]:45: warning: '__HIP_E4M3_FNUZ' is FNUZ E4M3 FP8 but this target computes FP8 in OCP [fp8-format-target-mismatch]
}

__device__ void store4(__hip_fp8x4_e4m3_fnuz *dst, float4 v) { *dst = v; }
// CHECK-MESSAGES: :[[@LINE-1]]:24: warning: '__hip_fp8x4_e4m3_fnuz' is FNUZ E4M3 FP8 but this target computes FP8 in OCP [fp8-format-target-mismatch]
