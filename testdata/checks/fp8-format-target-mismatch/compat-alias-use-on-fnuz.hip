// Aspect: a port's compatibility typedef gives CUDA's OCP name to HIP's OCP
// type. The typedef is faithful and no finding, but the code that then views
// a byte through the CUDA name and widens it decodes OCP E4M3 on gfx942, whose
// hardware computes FNUZ: each use is judged by the format both names share.
// No fix-it at the use: the alias serves every use.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch
#include <hip/hip_runtime.h>
#include <hip/hip_fp8.h>
#include <cstdint>

typedef __hip_fp8_e4m3 __nv_fp8_e4m3;

__device__ float block_scale(uint8_t code) {
  uint32_t raw = code;
  const __nv_fp8_e4m3 s = *reinterpret_cast<const __nv_fp8_e4m3 *>(&raw);
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: '__nv_fp8_e4m3' (CUDA) is OCP E4M3 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
// CHECK-MESSAGES: :[[@LINE-2]]:51: warning: '__nv_fp8_e4m3' (CUDA) is OCP E4M3 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
  return static_cast<float>(s) * 0.5f;
}

__global__ void dequant(const uint8_t *codes, const int8_t *q, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = block_scale(codes[i / 32]) * q[i];
}
