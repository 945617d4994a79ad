// Aspect: the OCP bound 448 on gfx942 held in a constant whose name says
// nothing about FP8 and used to clamp before converting to the FNUZ type
// (reported at the constant, with a note at the clamp, no fix-it: the
// constant may serve elsewhere), and 448 as the maximum of a limits trait
// specialised for the FNUZ type (wrong on every target; fix-it 240).
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch
#include <hip/hip_fp8.h>

constexpr float kClampMax = 448.0f;
// CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 448 is the OCP E4M3 maximum but this target computes FP8 in FNUZ, whose E4M3 saturates at 240 [fp8-format-target-mismatch]

__global__ void quantise(const float *x, __hip_fp8_e4m3_fnuz *y) {
  float v = fminf(fmaxf(x[threadIdx.x], -kClampMax), kClampMax);
  y[threadIdx.x] = __hip_fp8_e4m3_fnuz(v);
}

template <typename T> struct limits_of;
template <> struct limits_of<__hip_fp8_e4m3_fnuz> {
  static constexpr float max = 448;
// CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 448 is the OCP E4M3 maximum but it bounds '__hip_fp8_e4m3_fnuz', an FNUZ type, whose E4M3 saturates at 240 [fp8-format-target-mismatch]
};

__global__ void quantiseTrait(const float *x, __hip_fp8_e4m3_fnuz *y) {
  using L = limits_of<__hip_fp8_e4m3_fnuz>;
  y[threadIdx.x] = __hip_fp8_e4m3_fnuz(fminf(fmaxf(x[threadIdx.x], -L::max), L::max));
}
