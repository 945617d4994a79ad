// Aspect: clamp-240-on-ocp. The reverse: the FNUZ E4M3 maximum 240 kept as the
// bound on gfx950, whose OCP E4M3 reaches 448.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --offload-arch=gfx950
#include <hip/hip_fp8.h>

static constexpr float kE4m3Max = 240.0;
// CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 240 is the FNUZ E4M3 maximum but this target computes FP8 in OCP, whose E4M3 saturates at 448: scaling or clamping to 240 cuts values in (240, 448] and leaves the top of the range unused [fp8-format-target-mismatch]

__global__ void scale_block(const float *x, __hip_fp8_e4m3 *y, float amax) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 240.0f / amax;
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 240 is the FNUZ E4M3 maximum but this target computes FP8 in OCP [fp8-format-target-mismatch]
  y[i] = __hip_fp8_e4m3(__builtin_fminf(x[i] * s, kE4m3Max));
}
