// Aspect: the reverse on gfx950: the FNUZ bound 240 in a plain constant used
// to clamp before converting to the OCP type, and 240 as the maximum of a
// trait specialised for the OCP type.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --offload-arch=gfx950
#include <hip/hip_fp8.h>

static const float kSatLimit = 240.f;
// CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 240 is the FNUZ E4M3 maximum but this target computes FP8 in OCP, whose E4M3 saturates at 448 [fp8-format-target-mismatch]

template <typename T> struct range_of;
template <> struct range_of<__hip_fp8_e4m3> {
  static constexpr float hi = 240.0f;
// CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 240 is the FNUZ E4M3 maximum but it bounds '__hip_fp8_e4m3', an OCP type, whose E4M3 saturates at 448 [fp8-format-target-mismatch]
};

__global__ void quantise(const float *x, __hip_fp8_e4m3 *y, __hip_fp8_e4m3 *z) {
  float v = x[threadIdx.x];
  y[threadIdx.x] = __hip_fp8_e4m3(v > kSatLimit ? kSatLimit : v);
  z[threadIdx.x] = __hip_fp8_e4m3(fminf(v, range_of<__hip_fp8_e4m3>::hi));
}
