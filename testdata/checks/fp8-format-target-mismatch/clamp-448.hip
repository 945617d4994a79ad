// Aspect: clamp-448. The OCP E4M3 maximum 448 used as the FP8 range bound on
// gfx942, whose FNUZ E4M3 saturates at 240: clamps, comparisons, scale
// divisors and factors, and FP8-named constants and macros.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch
#include <hip/hip_fp8.h>

#define FP8_E4M3_MAX 448.0f
// CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 448 is the OCP E4M3 maximum but this target computes FP8 in FNUZ, whose E4M3 saturates at 240: values scaled or clamped to 448 saturate at 240 or convert to NaN [fp8-format-target-mismatch]
constexpr float kFp8Max = 448.f;
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 448 is the OCP E4M3 maximum but this target computes FP8 in FNUZ [fp8-format-target-mismatch]

__device__ float clamp_to_fp8(float x) {
  return fminf(fmaxf(x, -448.0f), 448.0f);
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 448 is the OCP E4M3 maximum [fp8-format-target-mismatch]
// CHECK-MESSAGES: :[[@LINE-2]]:35: warning: 448 is the OCP E4M3 maximum [fp8-format-target-mismatch]
}

__global__ void quantise(const float *x, __hip_fp8_e4m3_fnuz *y, const float *amax, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float scale = *amax / 448;
// CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 448 is the OCP E4M3 maximum [fp8-format-target-mismatch]
  float v = x[i] / scale;
  if (v > FP8_E4M3_MAX)
    v = FP8_E4M3_MAX;
  v = v < -448.f ? -448.f : v;
// CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 448 is the OCP E4M3 maximum [fp8-format-target-mismatch]
// CHECK-MESSAGES: :[[@LINE-2]]:21: warning: 448 is the OCP E4M3 maximum [fp8-format-target-mismatch]
  y[i] = __hip_fp8_e4m3_fnuz(min(v, kFp8Max) * (1.0f / 448.f));
// CHECK-MESSAGES: :[[@LINE-1]]:56: warning: 448 is the OCP E4M3 maximum [fp8-format-target-mismatch]
}
